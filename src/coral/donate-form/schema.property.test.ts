import fc from 'fast-check';
import {
  commonOptions,
  commonRefusals,
  describeConfigProperties,
  giftOptions,
  giftRefusals,
  badDollars,
  compact,
  dollars,
  fieldMode,
  optional,
  refusedAt,
  safeUrl,
  text,
  tooLong,
  unsafeUrl,
  type RefusedValue,
} from '../shared/testing';
import {DONATE_FORM_MESSAGES} from './messages';
import {FREQUENCIES, RECURRING, type Frequency} from './schema';
import {parseDonateFormConfig} from './parse';

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
      fc.record({
        handles: fc.array(handle(min, max), {minLength: 1, maxLength: 6}),
        min: fc.constant(min / 100),
        max: fc.constant(max / 100),
        ...amountExtras,
      }),
    )
    .chain((block) =>
      optional(fc.constantFrom(...block.handles.map((h) => h.amount))).map((defaultAmount) => compact({...block, defaultAmount})),
    ),
);

/** Donate form configs that satisfy every rule, including those that tie keys together. */
const validConfig = fc.shuffledSubarray([...FREQUENCIES], {minLength: 1}).chain((frequencies: Frequency[]) => {
  const recurring = frequencies.some((f) => RECURRING.includes(f));
  const canUpgrade = frequencies.includes('one-off') && frequencies.includes('monthly');
  return (
    fc
      .record({
        ...commonOptions(DONATE_FORM_MESSAGES),
        ...giftOptions,
        sourceCode: optional(fc.string({unit: 'binary', maxLength: 20})),
        size: optional(fc.constantFrom('small', 'medium', 'large')),
        layout: optional(fc.constantFrom('single', 'wizard')),
        frequencies: fc.constant(frequencies),
        defaultFrequency: optional(fc.constantFrom(...frequencies)),
        dailyDays: optional(fc.integer({min: 2, max: 31})),
        amounts: optional(
          fc
            .record({
              'one-off': optional(amountBlock),
              weekly: optional(amountBlock),
              monthly: optional(amountBlock),
              daily: optional(amountBlock),
            })
            .map(compact),
        ),
        fields: optional(
          fc
            .record({
              firstName: optional(fieldMode),
              lastName: optional(fieldMode),
              email: optional(fieldMode),
              phone: optional(fieldMode),
              postcode: optional(fieldMode),
              address: optional(fieldMode),
            })
            .map(compact),
        ),
        directDebit: optional(recurring ? fc.boolean() : fc.constant(false)),
        coverFees: optional(
          fc.record({enabled: optional(fc.boolean()), percent: optional(fc.double({min: 0.5, max: 10, noNaN: true}))}).map(compact),
        ),
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
        handoff: optional(fc.boolean()),
        thankYouUrl: optional(safeUrl),
      })
      // Direct debit is offered in Australian dollars only.
      .map(({directDebit, ...config}) =>
        compact({...config, directDebit: config.currency === 'AUD' || config.currency === undefined ? directDebit : undefined}),
      )
  );
});

const perFrequency = (build: (frequency: Frequency) => fc.Arbitrary<RefusedValue>) => fc.constantFrom(...FREQUENCIES).chain(build);
const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...commonRefusals(DONATE_FORM_MESSAGES, {campaigns: ['réef'], locales: ['123', 'x'.repeat(300)]}),
  ...giftRefusals(['A\u200dUD']),
  refusedAt(['sourceCode'], tooLong(40)),
  refusedAt(['size'], fc.constantFrom('huge', 'Small', ' small', '')),
  refusedAt(['layout'], fc.constantFrom('steps', 'Wizard', '')),
  refusedAt(['frequencies'], fc.constantFrom([], ['yearly'], ['monthly', 'monthly'], ['Monthly'])),
  refusedAt(['defaultFrequency'], fc.constantFrom('yearly', 'Monthly', '')),
  refusedAt(['dailyDays'], fc.constantFrom(0, 1, 32, 2.5, -7, Number.NaN, Number.POSITIVE_INFINITY)),
  perFrequency((f) =>
    fc.constantFrom('min', 'max', 'impactUnit', 'defaultAmount').chain((key) => refusedAt(['amounts', f, key], badDollars)),
  ),
  perFrequency((f) =>
    refusedAt(
      ['amounts', f, 'handles'],
      fc.constantFrom(
        [],
        Array.from({length: 7}, (_, i) => ({amount: i + 1})),
      ),
    ),
  ),
  perFrequency((f) => refusedAt(['amounts', f, 'handles', 0, 'amount'], badDollars)),
  perFrequency((f) => refusedAt(['amounts', f, 'handles', 0, 'label'], fc.oneof(fc.constantFrom('', '   '), tooLong(40)))),
  perFrequency((f) => refusedAt(['amounts', f, 'handles', 0, 'impact'], fc.oneof(fc.constantFrom('', '\n'), tooLong(160)))),
  perFrequency((f) => refusedAt(['amounts', f, 'handles', 0, 'image', 'src'], unsafeUrl)),
  perFrequency((f) => refusedAt(['amounts', f, 'handles', 0, 'image', 'alt'], tooLong(160))),
  perFrequency((f) => refusedAt(['amounts', f, 'impactTemplate'], fc.oneof(fc.constant(' '), tooLong(160)))),
  fc.constantFrom(...fieldKeys).chain((key) => refusedAt(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'hidden '))),
  refusedAt(['coverFees', 'percent'], fc.constantFrom(0, 0.49, 10.01, -3, Number.NaN)),
  refusedAt(['rgUpgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  refusedAt(['rgUpgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {type: 'http'}, {}, {type: 'sandbox', delayMs: -1}, {type: 'http', endpoint: 'javascript:alert(1)'}),
  ),
  refusedAt(['thankYouUrl'], unsafeUrl),
);

describeConfigProperties('donate form', parseDonateFormConfig, {valid: validConfig, refused: refusedValues});
