import fc from 'fast-check';
import {
  commonOptions,
  commonRefusals,
  describeConfigProperties,
  compact,
  fieldMode,
  optional,
  refusedAt,
  safeUrl,
  text,
  tooLong,
  unsafeUrl,
} from '../shared/testing';
import {POWERFORM_MESSAGES} from './messages';
import {parsePowerformConfig} from './parse';

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
      ...commonOptions(POWERFORM_MESSAGES),
      sourceCode: optional(fc.string({unit: 'binary', maxLength: 20})),
      variant: leads ? fc.constant(variant) : optional(fc.constant(variant)),
      // The leads form must say so: its defaults show last name and phone.
      fields: leads ? fields : optional(fields),
      consentRequired: optional(fc.boolean()),
      question: leads ? fc.constant(undefined) : optional(question),
      counter: optional(
        fc
          .record({
            enabled: optional(fc.boolean()),
            count: optional(fc.integer({min: 0, max: 100_000_000})),
            goal: optional(fc.integer({min: 1, max: 100_000_000})),
            url: optional(safeUrl),
          })
          .map(compact),
      ),
      success: fc.constant(after),
    })
    .map(compact);
});

const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const;
const textQuestion = {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'};
const choiceQuestion = {type: 'choice', id: 'local_beach', label: 'Your beach', options: ['Bondi', 'Manly']};

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...commonRefusals(POWERFORM_MESSAGES, {mayBeEmpty: ['intro']}),
  refusedAt(['sourceCode'], tooLong(40)),
  refusedAt(['variant'], fc.constantFrom('short', 'Leads', '')),
  fc.constantFrom(...fieldKeys).chain((key) => refusedAt(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'shown'))),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.constantFrom('1abc', 'Why', 'why it', '', 'x'.repeat(33), '<script>'))
    .map(([q, id]) => ({path: ['question'], value: {...q, id}, blame: ['question', 'id']})),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.oneof(fc.constantFrom('', '  '), tooLong(160)))
    .map(([q, label]) => ({path: ['question'], value: {...q, label}, blame: ['question', 'label']})),
  fc
    .constantFrom(
      [],
      ['Bondi'],
      Array.from({length: 9}, (_, i) => `Beach ${i}`),
      ['Bondi', ' '],
      ['Bondi', 'x'.repeat(81)],
    )
    .map((options) => ({path: ['question'], value: {...choiceQuestion, options}, blame: ['question', 'options']})),
  refusedAt(['question'], fc.constantFrom({type: 'poll'}, {}, {...textQuestion, type: 'Text'})),
  refusedAt(['counter', 'count'], fc.constantFrom(-1, 1.5, 100_000_001, Number.NaN, Number.POSITIVE_INFINITY)),
  refusedAt(['counter', 'goal'], fc.constantFrom(0, -10, 2.5, 100_000_001, Number.NaN)),
  refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 10_001}, {type: 'http', endpoint: '/sign', timeoutMs: 999}),
  ),
  unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  fc
    .tuple(fc.constantFrom('redirect', 'daisychain'), unsafeUrl)
    .map(([type, url]) => ({path: ['success'], value: {type, url}, blame: ['success', 'url']})),
  refusedAt(['success'], fc.constantFrom({type: 'popup'}, {}, {type: 'redirect'}, {type: 'inline', url: '/thanks'})),
);

describeConfigProperties('powerform', parsePowerformConfig, {valid: validConfig, refused: refusedValues});
