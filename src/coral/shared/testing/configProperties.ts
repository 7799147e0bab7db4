/**
 * What every component's config schema shares, for its property test: the
 * options all components have (values each accepts, values each refuses),
 * and the properties each parse result must have, whatever it was given.
 */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {type ParseResult} from '../config';
import {describeError} from '../configErrors';
import {
  badContactEmail,
  badContactPhone,
  campaignId,
  contact,
  garbage,
  gateway,
  leaves,
  locale,
  messageOverrides,
  names,
  nearValid,
  optional,
  pathText,
  refusedAt,
  refusedMessage,
  safeUrl,
  setAt,
  tooLong,
  unsafeEndpoint,
  unsafeUrl,
  type RefusedValue,
} from './configs';
import {PROPERTY_TIMEOUT_MS} from '../hostile';

// ——— the options every component has ———

type Messages = Readonly<Record<string, string>>;

/** Valid values for the keys every component has: campaign, locale, gateway, URL parameters, analytics, theme and messages. */
export const commonOptions = (messages: Messages) => ({
  campaign: campaignId,
  locale: optional(locale),
  gateway: optional(gateway),
  urlParams: optional(fc.boolean()),
  analytics: optional(fc.boolean()),
  theme: optional(fc.constantFrom('auto', 'light', 'dark', 'system')),
  messages: optional(messageOverrides(messages)),
});

/** Valid values for the options of the pages that take or thank for a gift: the currency, the manage-gift link and the contact. */
export const giftOptions = {
  currency: optional(fc.constantFrom('AUD', 'NZD', 'USD', 'FJD')),
  manageGiftUrl: optional(safeUrl),
  contact: optional(contact),
};

/** Values every component refuses for its shared keys, with a component's own extra campaigns and locales to refuse. */
export function commonRefusals(
  messages: Messages,
  {campaigns = [], locales = [], mayBeEmpty = []}: {campaigns?: string[]; locales?: string[]; mayBeEmpty?: readonly string[]} = {},
): fc.Arbitrary<RefusedValue>[] {
  return [
    refusedAt(
      ['campaign'],
      fc.oneof(fc.constantFrom('', 'a', '-reef', 'save the reef', '<script>alert(1)</script>', 'reef\u202e', ...campaigns), tooLong(64)),
    ),
    refusedAt(['locale'], fc.constantFrom('', 'not a locale', 'en_AU', '<script>', ...locales)),
    unsafeEndpoint,
    refusedAt(['theme'], fc.constantFrom('blue', 'Dark', '')),
    refusedMessage(messages, mayBeEmpty),
  ];
}

/** Values the gift pages refuse for the currency, the manage-gift link and the contact, with a page's own extra currencies to refuse. */
export const giftRefusals = (currencies: string[] = []): fc.Arbitrary<RefusedValue>[] => [
  refusedAt(['currency'], fc.constantFrom('aud', 'AU', 'AUDD', '', '$', ...currencies)),
  refusedAt(['manageGiftUrl'], unsafeUrl),
  refusedAt(['contact', 'email'], badContactEmail),
  refusedAt(['contact', 'phone'], badContactPhone),
];

// ——— what every parse result must be ———

/** Values JSON cannot hold, in every shape fast-check can make: the config may come from JavaScript, not JSON. */
export const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

const bare = (entries: Record<string, unknown>): object => Object.assign(Object.create(null) as object, entries);
const cycle: Record<string, unknown> = {};
cycle.self = cycle;

/**
 * Values JSON cannot show, tried first on every run: a BigInt inside an object
 * without a prototype (which String() cannot turn into text either), a cycle,
 * a symbol and a function, at the top and under a key.
 */
export const unprintable: unknown[] = [
  bare({campaign: 1n}),
  {campaign: 'reef', theme: bare({colour: 1n})},
  {campaign: 'reef', messages: cycle},
  {campaign: 'reef', theme: Symbol('dark')},
  {campaign: 'reef', gateway: () => 'sandbox'},
];

/**
 * Either a config, or at least one error, each naming a key (the config
 * itself only when it is not an object at all), showing the value given in a
 * few dozen characters, and saying what is allowed.
 */
export function expectHonestResult(result: ParseResult<unknown>, input: unknown): void {
  expect(typeof result.ok).toBe('boolean');
  if (result.ok) {
    expect(result.config).toBeTypeOf('object');
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  for (const error of result.errors) {
    expect(error.message).toBeTypeOf('string');
    expect(error.message.trim()).not.toBe('');
    expect(error.value).toBeTypeOf('string');
    expect(error.value).not.toBe('');
    if (isObject) expect(error.path).not.toBe('');
    const line = describeError(error);
    expect(line.startsWith(`${error.path || 'config'}: got `)).toBe(true);
    expect(line.endsWith(error.message)).toBe(true);
  }
}

/** JSON values show at most 80 characters, however long the value given. */
export function expectShortValues(result: ParseResult<unknown>): void {
  if (!result.ok) for (const error of result.errors) expect(error.value.length).toBeLessThanOrEqual(80);
}

/**
 * The four properties every component's config schema must have, run over its
 * own generators: valid configs parse (and parse again to the same result), a
 * config with one refused value names that key, any value at all gets an
 * honest answer, and garbage over valid keys gives short, pointed errors.
 */
export function describeConfigProperties(
  name: string,
  parse: (input: unknown) => ParseResult<unknown>,
  {valid, refused}: {valid: fc.Arbitrary<Record<string, unknown>>; refused: fc.Arbitrary<RefusedValue>},
): void {
  /** The same configs with every default filled in, so a mutation can reach keys the input left out. */
  const full = valid.map((input) => {
    const result = parse(input);
    if (!result.ok) throw new Error(`a valid config was refused: ${JSON.stringify(result.errors)}`);
    return result.config as Record<string, unknown>;
  });

  describe(`${name} config, generated`, {timeout: PROPERTY_TIMEOUT_MS}, () => {
    it('accepts every config built from valid options, and reads its own output back unchanged', () => {
      fc.assert(
        fc.property(valid, (input) => {
          const result = parse(input);
          expect(result.ok ? [] : result.errors).toEqual([]);
          if (!result.ok) return;
          expect(parse(structuredClone(result.config))).toEqual(result);
        }),
        {numRuns: 1000},
      );
    });

    it('names the broken key when one key of a valid config is wrong', () => {
      fc.assert(
        fc.property(nearValid(fc.oneof(valid, full), refused), ({input, path, how}) => {
          const result = parse(input);
          expectHonestResult(result, input);
          expect(result.ok, `${how} at ${pathText(path)} was accepted`).toBe(false);
          if (result.ok) return;
          const key = pathText(path);
          expect(
            result.errors.some((e) => names(e.path, key)),
            `${how} at ${key}, but the errors name ${result.errors.map((e) => e.path).join(', ')}`,
          ).toBe(true);
        }),
        {numRuns: 1000},
      );
    });

    it('never throws on any value at all, and every error names a key', () => {
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), anything), (input) => {
          const result = parse(input);
          expectHonestResult(result, input);
          expect(result.ok).toBe(false);
        }),
        {numRuns: 1000, examples: unprintable.map((value) => [value])},
      );
    });

    it('keeps every error short and pointed when valid keys are overwritten with garbage', () => {
      fc.assert(
        fc.property(
          valid.chain((config) =>
            fc
              .array(fc.tuple(fc.constantFrom(...leaves(config).map((leaf) => leaf.path)), fc.oneof(garbage, fc.jsonValue())), {
                minLength: 1,
                maxLength: 4,
              })
              .map((edits) => edits.reduce<Record<string, unknown>>((input, [path, value]) => setAt(input, path, value), config)),
          ),
          (input) => {
            const result = parse(input);
            expectHonestResult(result, input);
            expectShortValues(result);
          },
        ),
        {numRuns: 1000},
      );
    });
  });
}
