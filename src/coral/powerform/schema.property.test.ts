import fc from 'fast-check';
import {
  campaignId,
  compact,
  describeConfigProperties,
  fieldMode,
  gateway,
  locale,
  messageOverrides,
  optional,
  refusedAt,
  refusedMessage,
  safeUrl,
  text,
  tooLong,
  unsafeEndpoint,
  unsafeUrl,
} from '../shared/testing/configs';
import {POWERFORM_MESSAGES} from './messages';
import {parsePowerformConfig} from './schema';

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
          .record({
            enabled: optional(fc.boolean()),
            count: optional(fc.integer({min: 0, max: 100_000_000})),
            goal: optional(fc.integer({min: 1, max: 100_000_000})),
            url: optional(safeUrl),
          })
          .map(compact),
      ),
      gateway: optional(gateway),
      success: fc.constant(after),
      urlParams: optional(fc.boolean()),
      analytics: optional(fc.boolean()),
      theme: optional(fc.constantFrom('auto', 'light', 'dark', 'system')),
      messages: optional(messageOverrides(POWERFORM_MESSAGES)),
    })
    .map(compact);
});

const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const;
const textQuestion = {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'};
const choiceQuestion = {type: 'choice', id: 'local_beach', label: 'Your beach', options: ['Bondi', 'Manly']};

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  refusedAt(
    ['campaign'],
    fc.oneof(fc.constantFrom('', 'a', '-reef', 'save the reef', '<script>alert(1)</script>', 'reef\u202e'), tooLong(64)),
  ),
  refusedAt(['sourceCode'], tooLong(40)),
  refusedAt(['variant'], fc.constantFrom('short', 'Leads', '')),
  refusedAt(['locale'], fc.constantFrom('', 'not a locale', 'en_AU', '<script>')),
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
  unsafeEndpoint,
  unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  unsafeUrl.map((url) => ({path: ['counter'], value: {url}, blame: ['counter', 'url']})),
  fc
    .tuple(fc.constantFrom('redirect', 'daisychain'), unsafeUrl)
    .map(([type, url]) => ({path: ['success'], value: {type, url}, blame: ['success', 'url']})),
  refusedAt(['success'], fc.constantFrom({type: 'popup'}, {}, {type: 'redirect'}, {type: 'inline', url: '/thanks'})),
  refusedAt(['theme'], fc.constantFrom('blue', 'Dark', '')),
  refusedMessage(POWERFORM_MESSAGES, ['intro']),
);

describeConfigProperties('powerform', parsePowerformConfig, {valid: validConfig, refused: refusedValues});
