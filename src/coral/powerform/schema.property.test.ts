import fc from 'fast-check';
import * as arb from '../shared/testing';
import {POWERFORM_MESSAGES} from './messages';
import {parsePowerformConfig} from './parse';

const shown = fc.constantFrom('required', 'optional');
const questionId = fc.stringMatching(/^[a-z][a-z0-9_]{0,31}$/);

const question = fc.oneof(
  fc.record({type: fc.constant('text'), id: questionId, label: arb.text(160), required: arb.optional(fc.boolean())}).map(arb.compact),
  fc
    .record({
      type: fc.constant('choice'),
      id: questionId,
      label: arb.text(160),
      options: fc.array(arb.text(80), {minLength: 2, maxLength: 8}),
      required: arb.optional(fc.boolean()),
    })
    .map(arb.compact),
);

const success = fc.oneof(
  fc.constant({type: 'inline'}),
  fc.record({type: fc.constant('redirect'), url: arb.safeUrl}),
  fc.record({type: fc.constant('daisychain'), url: arb.safeUrl}),
);

/** Powerform configs that satisfy every rule: leads hide last name and phone and ask nothing extra; a daisychain shows the first name. */
const validConfig = fc.tuple(fc.constantFrom('petition', 'leads'), arb.optional(success)).chain(([variant, after]) => {
  const leads = variant === 'leads';
  const fields = fc
    .record({
      firstName: arb.optional(after?.type === 'daisychain' ? shown : arb.fieldMode),
      lastName: leads ? fc.constant('hidden') : arb.optional(arb.fieldMode),
      email: arb.optional(shown),
      phone: leads ? fc.constant('hidden') : arb.optional(arb.fieldMode),
      postcode: arb.optional(arb.fieldMode),
    })
    .map(arb.compact);
  return fc
    .record({
      ...arb.commonOptions(POWERFORM_MESSAGES),
      sourceCode: arb.optional(fc.string({unit: 'binary', maxLength: 20})),
      variant: leads ? fc.constant(variant) : arb.optional(fc.constant(variant)),
      // The leads form must say so: its defaults show last name and phone.
      fields: leads ? fields : arb.optional(fields),
      consentRequired: arb.optional(fc.boolean()),
      question: leads ? fc.constant(undefined) : arb.optional(question),
      counter: arb.optional(
        fc
          .record({
            enabled: arb.optional(fc.boolean()),
            count: arb.optional(fc.integer({min: 0, max: 100_000_000})),
            goal: arb.optional(fc.integer({min: 1, max: 100_000_000})),
            url: arb.optional(arb.safeUrl),
          })
          .map(arb.compact),
      ),
      success: fc.constant(after),
    })
    .map(arb.compact);
});

const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const;
const textQuestion = {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'};
const choiceQuestion = {type: 'choice', id: 'local_beach', label: 'Your beach', options: ['Bondi', 'Manly']};

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...arb.commonRefusals(POWERFORM_MESSAGES, {mayBeEmpty: ['intro']}),
  arb.refusedAt(['sourceCode'], arb.tooLong(40)),
  arb.refusedAt(['variant'], fc.constantFrom('short', 'Leads', '')),
  fc.constantFrom(...fieldKeys).chain((key) => arb.refusedAt(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'shown'))),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.constantFrom('1abc', 'Why', 'why it', '', 'x'.repeat(33), '<script>'))
    .map(([q, id]) => ({path: ['question'], value: {...q, id}, blame: ['question', 'id']})),
  fc
    .tuple(fc.constantFrom(textQuestion, choiceQuestion), fc.oneof(fc.constantFrom('', '  '), arb.tooLong(160)))
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
  arb.refusedAt(['question'], fc.constantFrom({type: 'poll'}, {}, {...textQuestion, type: 'Text'})),
  arb.refusedAt(['counter', 'count'], fc.constantFrom(-1, 1.5, 100_000_001, Number.NaN, Number.POSITIVE_INFINITY)),
  arb.refusedAt(['counter', 'goal'], fc.constantFrom(0, -10, 2.5, 100_000_001, Number.NaN)),
  arb.refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 10_001}, {type: 'http', endpoint: '/sign', timeoutMs: 999}),
  ),
  arb.unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  arb.unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  fc
    .tuple(fc.constantFrom('redirect', 'daisychain'), arb.unsafeUrl)
    .map(([type, url]) => ({path: ['success'], value: {type, url}, blame: ['success', 'url']})),
  arb.refusedAt(['success'], fc.constantFrom({type: 'popup'}, {}, {type: 'redirect'}, {type: 'inline', url: '/thanks'})),
);

arb.describeConfigProperties('powerform', parsePowerformConfig, {valid: validConfig, refused: refusedValues});
