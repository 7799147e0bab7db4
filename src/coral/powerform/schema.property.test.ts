import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
  anything,
  campaignId,
  compact,
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
import {POWERFORM_MESSAGES} from './messages';
import {parsePowerformConfig} from './schema';

const fieldMode = fc.constantFrom('required', 'optional', 'hidden');
const shown = fc.constantFrom('required', 'optional');
const questionId = fc.stringMatching(/^[a-z][a-z0-9_]{0,31}$/);

const question = fc.oneof(
  fc.record({type: fc.constant('text'), id: questionId, label: text(160), required: optional(fc.boolean())}).map(compact),
  fc
    .record({
      type: fc.constant('choice'),
      id: questionId,
      label: text(160),
      options: fc.array(text(80), {minLength: 2, maxLength: 8}),
      required: optional(fc.boolean()),
    })
    .map(compact),
);

const success = fc.oneof(
  fc.constant({type: 'inline'}),
  fc.record({type: fc.constant('redirect'), url: safeUrl}),
  fc.record({type: fc.constant('daisychain'), url: safeUrl}),
);

/** Powerform configs that satisfy every rule: leads hide last name and phone and ask nothing extra; a daisychain shows the first name. */
const validConfig = fc.tuple(fc.constantFrom('petition', 'leads'), optional(success)).chain(([variant, after]) => {
  const leads = variant === 'leads';
  const fields = fc
    .record({
      firstName: optional(after?.type === 'daisychain' ? shown : fieldMode),
      lastName: leads ? fc.constant('hidden') : optional(fieldMode),
      email: optional(shown),
      phone: leads ? fc.constant('hidden') : optional(fieldMode),
      postcode: optional(fieldMode),
    })
    .map(compact);
  return fc
    .record({
      campaign: campaignId,
      sourceCode: optional(fc.string({unit: 'binary', maxLength: 20})),
      variant: leads ? fc.constant(variant) : optional(fc.constant(variant)),
      locale: optional(locale),
      // The leads form must say so: its defaults show last name and phone.
      fields: leads ? fields : optional(fields),
      consentRequired: optional(fc.boolean()),
      question: leads ? fc.constant(undefined) : optional(question),
      counter: optional(
        fc
          .record({enabled: optional(fc.boolean()), count: optional(fc.integer({min: 0, max: 100_000_000})), goal: optional(fc.integer({min: 1, max: 100_000_000}))})
          .map(compact),
      ),
      gateway: optional(gateway),
      success: fc.constant(after),
      urlParams: optional(fc.boolean()),
      analytics: optional(fc.boolean()),
      theme: optional(fc.constantFrom('auto', 'light', 'dark')),
      messages: optional(messageOverrides(POWERFORM_MESSAGES)),
    })
    .map(compact);
});

const fullConfig = validConfig.map((input) => {
  const result = parsePowerformConfig(input);
  if (!result.ok) throw new Error(`a valid config was refused: ${JSON.stringify(result.errors)}`);
  return result.config as unknown as Record<string, unknown>;
});

const at = (path: Path, values: fc.Arbitrary<unknown>): fc.Arbitrary<RefusedValue> => values.map((value) => ({path, value}));
const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const;
const textQuestion = {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'};
const choiceQuestion = {type: 'choice', id: 'local_beach', label: 'Your beach', options: ['Bondi', 'Manly']};

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  at(['campaign'], fc.oneof(fc.constantFrom('', 'a', '-reef', 'save the reef', '<script>alert(1)</script>', 'reef\u202e'), tooLong(64))),
  at(['sourceCode'], tooLong(40)),
  at(['variant'], fc.constantFrom('short', 'Leads', '')),
  at(['locale'], fc.constantFrom('', 'not a locale', 'en_AU', '<script>')),
  fc.constantFrom(...fieldKeys).chain((key) => at(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'shown'))),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.constantFrom('1abc', 'Why', 'why it', '', 'x'.repeat(33), '<script>'))
    .map(([q, id]) => ({path: ['question'], value: {...q, id}, blame: ['question', 'id']})),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.oneof(fc.constantFrom('', '  '), tooLong(160)))
    .map(([q, label]) => ({path: ['question'], value: {...q, label}, blame: ['question', 'label']})),
  fc
    .constantFrom([], ['Bondi'], Array.from({length: 9}, (_, i) => `Beach ${i}`), ['Bondi', ' '], ['Bondi', 'x'.repeat(81)])
    .map((options) => ({path: ['question'], value: {...choiceQuestion, options}, blame: ['question', 'options']})),
  at(['question'], fc.constantFrom({type: 'poll'}, {}, {...textQuestion, type: 'Text'})),
  at(['counter', 'count'], fc.constantFrom(-1, 1.5, 100_000_001, Number.NaN, Number.POSITIVE_INFINITY)),
  at(['counter', 'goal'], fc.constantFrom(0, -10, 2.5, 100_000_001, Number.NaN)),
  at(['gateway'], fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 10_001}, {type: 'http', endpoint: '/sign', timeoutMs: 999})),
  unsafeUrl.map((endpoint) => ({path: ['gateway'], value: {type: 'http', endpoint}, blame: ['gateway', 'endpoint']})),
  fc
    .tuple(fc.constantFrom('redirect', 'daisychain'), unsafeUrl)
    .map(([type, url]) => ({path: ['success'], value: {type, url}, blame: ['success', 'url']})),
  at(['success'], fc.constantFrom({type: 'popup'}, {}, {type: 'redirect'}, {type: 'inline', url: '/thanks'})),
  at(['theme'], fc.constantFrom('blue', 'Dark', '')),
  fc.constantFrom(...Object.keys(POWERFORM_MESSAGES)).chain((key) => at(['messages', key], fc.oneof(fc.constant(''), tooLong(400)))),
);

describe('powerform config, generated', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('accepts every config built from valid options, and reads its own output back unchanged', () => {
    fc.assert(
      fc.property(validConfig, (input) => {
        const result = parsePowerformConfig(input);
        expect(result.ok ? [] : result.errors).toEqual([]);
        if (!result.ok) return;
        expect(parsePowerformConfig(structuredClone(result.config))).toEqual(result);
      }),
      {numRuns: 1000},
    );
  });

  it('names the broken key when one key of a valid config is wrong', () => {
    fc.assert(
      fc.property(nearValid(fc.oneof(validConfig, fullConfig), refusedValues), ({input, path, how}) => {
        const result = parsePowerformConfig(input);
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
        const result = parsePowerformConfig(input);
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
          const result = parsePowerformConfig(input);
          expectHonestResult(result, input);
          expectShortValues(result);
        },
      ),
      {numRuns: 1000},
    );
  });
});
