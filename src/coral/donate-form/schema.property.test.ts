import fc from 'fast-check';
import * as arb from '../shared/testing';
import {DONATE_FORM_MESSAGES} from './messages';
import {FREQUENCIES, RECURRING, type Frequency} from './schema';
import {parseDonateFormConfig} from './parse';

const handle = (minCents: number, maxCents: number) =>
  fc
    .record({
      amount: arb.dollars(minCents, maxCents),
      label: arb.optional(arb.text(40)),
      impact: arb.optional(arb.text(160)),
      image: arb.optional(fc.record({src: arb.safeUrl, alt: fc.string({unit: 'binary', maxLength: 30})})),
    })
    .map(arb.compact);

const amountExtras = {
  allowOther: arb.optional(fc.boolean()),
  impactTemplate: arb.optional(arb.text(160)),
  impactUnit: arb.optional(arb.dollars()),
};

/** One frequency's amounts: only the extras (default handles and limits), or handles within limits given with them. */
const amountBlock = fc.oneof(
  fc.record(amountExtras).map(arb.compact),
  fc
    // No lower than Stripe's smallest charge in the currencies generated below (0.50), which the parse door holds a min to.
    .tuple(fc.integer({min: 50, max: 100_000_000}), fc.integer({min: 50, max: 100_000_000}))
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
      arb.optional(fc.constantFrom(...block.handles.map((h) => h.amount))).map((defaultAmount) => arb.compact({...block, defaultAmount})),
    ),
);

/** Donate form configs that satisfy every rule, including those that tie keys together. */
const validConfig = fc.shuffledSubarray([...FREQUENCIES], {minLength: 1}).chain((frequencies: Frequency[]) => {
  const recurring = frequencies.some((f) => RECURRING.includes(f));
  const canUpgrade = frequencies.includes('one-off') && frequencies.includes('monthly');
  return (
    fc
      .record({
        ...arb.commonOptions(DONATE_FORM_MESSAGES),
        ...arb.giftOptions,
        // Not FJD, whose smallest charge (3) is above the default weekly and daily limits: schema.test.ts has its cases.
        currency: arb.optional(fc.constantFrom('AUD', 'NZD', 'USD')),
        sourceCode: arb.optional(fc.string({unit: 'binary', maxLength: 20})),
        size: arb.optional(fc.constantFrom('small', 'medium', 'large')),
        layout: arb.optional(fc.constantFrom('single', 'wizard')),
        frequencies: fc.constant(frequencies),
        defaultFrequency: arb.optional(fc.constantFrom(...frequencies)),
        dailyDays: arb.optional(fc.integer({min: 2, max: 31})),
        amounts: arb.optional(
          fc
            .record({
              'one-off': arb.optional(amountBlock),
              weekly: arb.optional(amountBlock),
              monthly: arb.optional(amountBlock),
              daily: arb.optional(amountBlock),
            })
            .map(arb.compact),
        ),
        fields: arb.optional(
          fc
            .record({
              firstName: arb.optional(arb.fieldMode),
              lastName: arb.optional(arb.fieldMode),
              email: arb.optional(arb.fieldMode),
              phone: arb.optional(arb.fieldMode),
              postcode: arb.optional(arb.fieldMode),
              address: arb.optional(arb.fieldMode),
            })
            .map(arb.compact),
        ),
        directDebit: arb.optional(recurring ? fc.boolean() : fc.constant(false)),
        coverFees: arb.optional(
          fc
            .record({enabled: arb.optional(fc.boolean()), percent: arb.optional(fc.double({min: 0.5, max: 10, noNaN: true}))})
            .map(arb.compact),
        ),
        rgUpgrade: arb.optional(
          fc
            .record({
              enabled: arb.optional(canUpgrade ? fc.boolean() : fc.constant(false)),
              divisor: arb.optional(fc.double({min: 1, max: 12, noNaN: true})),
              roundTo: arb.optional(fc.integer({min: 1, max: 50})),
            })
            .map(arb.compact),
        ),
        externalHandles: arb.optional(fc.boolean()),
        handoff: arb.optional(fc.boolean()),
        thankYouUrl: arb.optional(arb.safeUrl),
        directDebitAgreementUrl: arb.optional(arb.safeUrl),
        reassurance: arb.optional(fc.record({privacyUrl: arb.optional(arb.safeUrl)}).map(arb.compact)),
      })
      // Direct debit is offered in Australian dollars only.
      .map(({directDebit, ...config}) =>
        arb.compact({...config, directDebit: config.currency === 'AUD' || config.currency === undefined ? directDebit : undefined}),
      )
  );
});

const perFrequency = (build: (frequency: Frequency) => fc.Arbitrary<arb.RefusedValue>) => fc.constantFrom(...FREQUENCIES).chain(build);
const fieldKeys = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...arb.commonRefusals(DONATE_FORM_MESSAGES, {campaigns: ['réef'], locales: ['123', 'x'.repeat(300)]}),
  ...arb.giftRefusals(['A\u200dUD']),
  arb.refusedAt(['sourceCode'], arb.tooLong(40)),
  arb.refusedAt(['size'], fc.constantFrom('huge', 'Small', ' small', '')),
  arb.refusedAt(['layout'], fc.constantFrom('steps', 'Wizard', '')),
  arb.refusedAt(['frequencies'], fc.constantFrom([], ['yearly'], ['monthly', 'monthly'], ['Monthly'])),
  arb.refusedAt(['defaultFrequency'], fc.constantFrom('yearly', 'Monthly', '')),
  arb.refusedAt(['dailyDays'], fc.constantFrom(0, 1, 32, 2.5, -7, Number.NaN, Number.POSITIVE_INFINITY)),
  perFrequency((f) =>
    fc.constantFrom('min', 'max', 'impactUnit', 'defaultAmount').chain((key) => arb.refusedAt(['amounts', f, key], arb.badDollars)),
  ),
  perFrequency((f) =>
    arb.refusedAt(
      ['amounts', f, 'handles'],
      fc.constantFrom(
        [],
        Array.from({length: 7}, (_, i) => ({amount: i + 1})),
      ),
    ),
  ),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'handles', 0, 'amount'], arb.badDollars)),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'handles', 0, 'label'], fc.oneof(fc.constantFrom('', '   '), arb.tooLong(40)))),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'handles', 0, 'impact'], fc.oneof(fc.constantFrom('', '\n'), arb.tooLong(160)))),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'handles', 0, 'image', 'src'], arb.unsafeUrl)),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'handles', 0, 'image', 'alt'], arb.tooLong(160))),
  perFrequency((f) => arb.refusedAt(['amounts', f, 'impactTemplate'], fc.oneof(fc.constant(' '), arb.tooLong(160)))),
  fc.constantFrom(...fieldKeys).chain((key) => arb.refusedAt(['fields', key], fc.constantFrom('Required', 'mandatory', '', 'hidden '))),
  arb.refusedAt(['coverFees', 'percent'], fc.constantFrom(0, 0.49, 10.01, -3, Number.NaN)),
  arb.refusedAt(['rgUpgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  arb.refusedAt(['rgUpgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  arb.refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {type: 'http'}, {}, {type: 'sandbox', delayMs: -1}, {type: 'http', endpoint: 'javascript:alert(1)'}),
  ),
  arb.refusedAt(['thankYouUrl'], arb.unsafeUrl),
  arb.refusedAt(['directDebitAgreementUrl'], arb.unsafeUrl),
  arb.refusedAt(['reassurance', 'privacyUrl'], arb.unsafeUrl),
);

arb.describeConfigProperties('donate form', parseDonateFormConfig, {valid: validConfig, refused: refusedValues});
