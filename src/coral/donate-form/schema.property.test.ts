import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
  anything,
  badDollars,
  campaignId,
  compact,
  dollars,
  expectHonestResult,
  expectShortValues,
  garbage,
  gateway,
  leaves,
  locale,
  messageOverrides,
  names,
  nearValid,
  optional,
  pathText,
  safeUrl,
  setAt,
  text,
  tooLong,
  unsafeUrl,
  type Path,
  type RefusedValue,
  unprintable,
} from '../shared/testing/configs';
import {PROPERTY_TIMEOUT_MS} from '../shared/testing/hostile';
import {DONATE_FORM_MESSAGES} from './messages';
import {FREQUENCIES, parseDonateFormConfig, RECURRING, type Frequency} from './schema';

const fieldMode = fc.constantFrom('required', 'optional', 'hidden');

const handle = (minCents: number, maxCents: number) =>
  fc
    .record({
      amount: dollars(minCents, maxCents),
      label: optional(text(40)),
      impact: optional(text(160)),
      image: optional(fc.record({src: safeUrl, alt: fc.string({unit: 'binary', maxLength: 30})})),
    })
    .map(compact);

const amountExtras = {
  allowOther: optional(fc.boolean()),
  impactTemplate: optional(text(160)),
  impactUnit: optional(dollars()),
};

/** One frequency's amounts: only the extras (default handles and limits), or handles within limits given with them. */
const amountBlock = fc.oneof(
  fc.record(amountExtras).map(compact),
  fc
    .tuple(fc.integer({min: 1, max: 100_000_000}), fc.integer({min: 1, max: 100_000_000}))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
    .chain(([min, max]) =>
      fc.record({handles: fc.array(handle(min, max), {minLength: 1, maxLength: 6}), min: fc.constant(min / 100), max: fc.constant(max / 100), ...amountExtras}),
    )
    .chain((block) =>
      optional(fc.constantFrom(...block.handles.map((h) => h.amount))).map((defaultAmount) => compact({...block, defaultAmount})),
    ),
);

/** Donate form configs that satisfy every rule, including those that tie keys together. */
const validConfig = fc.shuffledSubarray([...FREQUENCIES], {minLength: 1}).chain((frequencies: Frequency[]) => {
  const recurring = frequencies.some((f) => RECURRING.includes(f));
  const canUpgrade = frequencies.includes('one-off') && frequencies.includes('monthly');
  return fc
    .record({
      campaign: campaignId,
      sourceCode: optional(fc.string({unit: 'binary', maxLength: 20})),
      currency: optional(fc.constantFrom('AUD', 'NZD', 'USD', 'FJD')),
      locale: optional(locale),
      size: optional(fc.constantFrom('small', 'medium', 'large')),
      layout: optional(fc.constantFrom('single', 'wizard')),
      frequencies: fc.constant(frequencies),
      defaultFrequency: optional(fc.constantFrom(...frequencies)),
      dailyDays: optional(fc.integer({min: 2, max: 31})),
      amounts: optional(
        fc.record({'one-off': optional(amountBlock), weekly: optional(amountBlock), monthly: optional(amountBlock), daily: optional(amountBlock)}).map(compact),
      ),
      fields: optional(
        fc
          .record({firstName: optional(fieldMode), lastName: optional(fieldMode), email: optional(fieldMode), phone: optional(fieldMode), postcode: optional(fieldMode), address: optional(fieldMode)})
          .map(compact),
      ),
      directDebit: optional(recurring ? fc.boolean() : fc.constant(false)),
      coverFees: optional(fc.record({enabled: optional(fc.boolean()), percent: optional(fc.double({min: 0.5, max: 10, noNaN: true}))}).map(compact)),
      rgUpgrade: optional(
        fc
          .record({
            enabled: optional(canUpgrade ? fc.boolean() : fc.constant(false)),
            divisor: optional(fc.double({min: 1, max: 12, noNaN: true})),
            roundTo: optional(fc.integer({min: 1, max: 50})),
          })
          .map(compact),
      ),
      externalHandles: optional(fc.boolean()),
      urlParams: optional(fc.boolean()),
      handoff: optional(fc.boolean()),
      gateway: optional(gateway),
      thankYouUrl: optional(safeUrl),
      analytics: optional(fc.boolean()),
      theme: optional(fc.constantFrom('auto', 'light', 'dark')),
      messages: optional(messageOverrides(DONATE_FORM_MESSAGES)),
    })
    .map(compact);
});

/** The same configs with every default filled in, so a mutation can reach keys the input left out. */
const fullConfig = validConfig.map((input) => {
  const result = parseDonateFormConfig(input);
  if (!result.ok) throw new Error(`a valid config was refused: ${JSON.stringify(result.errors)}`);
  return result.config as unknown as Record<string, unknown>;
});

const at = (path: Path, values: fc.Arbitrary<unknown>): fc.Arbitrary<RefusedValue> => values.map((value) => ({path, value}));
const perFrequency = (build: (frequency: Frequency) => fc.Arbitrary<RefusedValue>) =>
  fc.constantFrom(...FREQUENCIES).chain(build);
const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  at(['campaign'], fc.oneof(fc.constantFrom('', 'a', '-reef', 'save the reef', '<script>alert(1)</script>', 'reef\u202e', 'réef'), tooLong(64))),
  at(['sourceCode'], tooLong(40)),
  at(['currency'], fc.constantFrom('aud', 'AU', 'AUDD', '', '$', 'A\u200dUD')),
  at(['locale'], fc.constantFrom('', 'not a locale', 'en_AU', '<script>', '123', 'x'.repeat(300))),
  at(['size'], fc.constantFrom('huge', 'Small', ' small', '')),
  at(['layout'], fc.constantFrom('steps', 'Wizard', '')),
  at(['frequencies'], fc.constantFrom([], ['yearly'], ['monthly', 'monthly'], ['Monthly'])),
  at(['defaultFrequency'], fc.constantFrom('yearly', 'Monthly', '')),
  at(['dailyDays'], fc.constantFrom(0, 1, 32, 2.5, -7, Number.NaN, Number.POSITIVE_INFINITY)),
  perFrequency((f) => fc.constantFrom('min', 'max', 'impactUnit', 'defaultAmount').chain((key) => at(['amounts', f, key], badDollars))),
  perFrequency((f) => at(['amounts', f, 'handles'], fc.constantFrom([], Array.from({length: 7}, (_, i) => ({amount: i + 1}))))),
  perFrequency((f) => at(['amounts', f, 'handles', 0, 'amount'], badDollars)),
  perFrequency((f) => at(['amounts', f, 'handles', 0, 'label'], fc.oneof(fc.constantFrom('', '   '), tooLong(40)))),
  perFrequency((f) => at(['amounts', f, 'handles', 0, 'impact'], fc.oneof(fc.constantFrom('', '\n'), tooLong(160)))),
  perFrequency((f) => at(['amounts', f, 'handles', 0, 'image', 'src'], unsafeUrl)),
  perFrequency((f) => at(['amounts', f, 'handles', 0, 'image', 'alt'], tooLong(160))),
  perFrequency((f) => at(['amounts', f, 'impactTemplate'], fc.oneof(fc.constant(' '), tooLong(160)))),
  fc.constantFrom(...fieldKeys).chain((key) => at(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'hidden '))),
  at(['coverFees', 'percent'], fc.constantFrom(0, 0.49, 10.01, -3, Number.NaN)),
  at(['rgUpgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  at(['rgUpgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  at(['gateway'], fc.constantFrom({type: 'card'}, {type: 'http'}, {}, {type: 'sandbox', delayMs: -1}, {type: 'http', endpoint: 'javascript:alert(1)'})),
  unsafeUrl.map((endpoint) => ({path: ['gateway'], value: {type: 'http', endpoint}, blame: ['gateway', 'endpoint']})),
  at(['thankYouUrl'], unsafeUrl),
  at(['theme'], fc.constantFrom('blue', 'Dark', '')),
  fc.constantFrom(...Object.keys(DONATE_FORM_MESSAGES)).chain((key) => at(['messages', key], fc.oneof(fc.constant(''), tooLong(400)))),
);

describe('donate form config, generated', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('accepts every config built from valid options, and reads its own output back unchanged', () => {
    fc.assert(
      fc.property(validConfig, (input) => {
        const result = parseDonateFormConfig(input);
        expect(result.ok ? [] : result.errors).toEqual([]);
        if (!result.ok) return;
        expect(parseDonateFormConfig(structuredClone(result.config))).toEqual(result);
      }),
      {numRuns: 1000},
    );
  });

  it('names the broken key when one key of a valid config is wrong', () => {
    fc.assert(
      fc.property(nearValid(fc.oneof(validConfig, fullConfig), refusedValues), ({input, path, how}) => {
        const result = parseDonateFormConfig(input);
        expectHonestResult(result, input);
        expect(result.ok, `${how} at ${pathText(path)} was accepted`).toBe(false);
        if (result.ok) return;
        const key = pathText(path);
        expect(result.errors.some((e) => names(e.path, key)), `${how} at ${key}, but the errors name ${result.errors.map((e) => e.path).join(', ')}`).toBe(true);
      }),
      {numRuns: 1000},
    );
  });

  it('never throws on any value at all, and every error names a key', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), anything), (input) => {
        const result = parseDonateFormConfig(input);
        expectHonestResult(result, input);
        expect(result.ok).toBe(false);
      }),
      {numRuns: 1000, examples: unprintable.map((value) => [value])},
    );
  });

  it('keeps every error short and pointed when valid keys are overwritten with garbage', () => {
    fc.assert(
      fc.property(
        validConfig.chain((config) =>
          fc
            .array(fc.tuple(fc.constantFrom(...leaves(config).map((leaf) => leaf.path)), fc.oneof(garbage, fc.jsonValue())), {minLength: 1, maxLength: 4})
            .map((edits) => edits.reduce<Record<string, unknown>>((input, [path, value]) => setAt(input, path, value), config)),
        ),
        (input) => {
          const result = parseDonateFormConfig(input);
          expectHonestResult(result, input);
          expectShortValues(result);
        },
      ),
      {numRuns: 1000},
    );
  });
});
