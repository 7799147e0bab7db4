/**
 * The donate form's config schema: the one source of its TypeScript types, its
 * defaults, its runtime checks and the config reference in the docs.
 * Amounts in the config are in dollars (35 means $35).
 */
import * as z from 'zod/mini';
import {parseConfig, type ParseResult} from '../shared/config';
import {FREQUENCIES, RECURRING, type Frequency} from '../shared/frequency';
import {
  botCheckOption,
  campaignId,
  contact,
  describe,
  fieldMode,
  giftGatewayConfig,
  locale,
  manageGiftUrl,
  messageOverrides,
  safeUrl,
  text,
  theme,
} from '../shared/schemaParts';
import {DONATE_FORM_MESSAGES} from './messages';

export {FREQUENCIES, RECURRING, type Frequency};

const frequency = z.enum(FREQUENCIES);

export const dollarsAmount = z.number().check(z.positive(), z.maximum(1_000_000), z.multipleOf(0.01));

const handle = z.strictObject({
  amount: describe(dollarsAmount, 'The amount in dollars, e.g. 35.'),
  label: describe(z.optional(text(1, 40)), 'Button text instead of the formatted amount.'),
  impact: describe(z.optional(text(1, 160)), 'What this amount does, e.g. "funds a day of ship fuel".'),
  image: describe(
    z.optional(
      z.strictObject({
        src: describe(safeUrl, 'Image address: https:// or a site path.'),
        alt: describe(z.string().check(z.maxLength(160)), 'Text for screen readers; empty when the image is decorative.'),
      }),
    ),
    'An impact image, shown beside the handle on the large form.',
  ),
});

type AmountDefaults = {handles: number[]; defaultAmount: number; min: number; max: number};

export const DEFAULT_AMOUNTS: Record<Frequency, AmountDefaults> = {
  'one-off': {handles: [35, 60, 120], defaultAmount: 60, min: 5, max: 10_000},
  weekly: {handles: [5, 10, 20], defaultAmount: 10, min: 2, max: 500},
  monthly: {handles: [15, 25, 40], defaultAmount: 25, min: 5, max: 2_000},
  daily: {handles: [2, 5, 10], defaultAmount: 5, min: 1, max: 100},
};

const amountsFor = (name: Frequency) => {
  const defaults = DEFAULT_AMOUNTS[name];
  return describe(
    z.prefault(
      z.strictObject({
        handles: describe(
          z._default(
            z.array(handle).check(z.minLength(1), z.maxLength(6)),
            defaults.handles.map((amount) => ({amount})),
          ),
          'Preset amount buttons (dollar handles), 1 to 6, in order.',
        ),
        defaultAmount: describe(
          z.optional(dollarsAmount),
          'The handle selected at the start; must be one of the handles. Defaults to the middle handle.',
        ),
        min: describe(z._default(dollarsAmount, defaults.min), 'The smallest amount accepted, in dollars.'),
        max: describe(z._default(dollarsAmount, defaults.max), 'The largest amount accepted, in dollars.'),
        allowOther: describe(z._default(z.boolean(), true), 'Show an other-amount field beside the handles.'),
        impactTemplate: describe(
          z.optional(text(1, 160)),
          'Impact line for an other amount: {amount} is the amount, {count} the amount divided by impactUnit, e.g. "{amount} plants {count} mangroves".',
        ),
        impactUnit: describe(
          z._default(dollarsAmount, 1),
          'What one unit of impact costs, in dollars: {count} in impactTemplate is the amount divided by this, rounded down.',
        ),
      }),
      {},
    ),
    `Amounts for ${name} gifts.`,
  );
};

/** The monthly-ask rule's options; the thank-you page's ask takes the same ones. */
export const rgUpgradeRule = {
  divisor: describe(
    z._default(z.number().check(z.minimum(1), z.maximum(12)), 3),
    'The monthly suggestion is the one-off amount divided by this…',
  ),
  roundTo: describe(
    z._default(z.int().check(z.minimum(1), z.maximum(50)), 5),
    '…rounded to the nearest this many dollars, never below the monthly minimum.',
  ),
};

export const currency = describe(
  z._default(z.string().check(z.regex(/^[A-Z]{3}$/, {message: 'expected a three-letter currency code such as AUD'})), 'AUD'),
  'ISO 4217 currency code.',
);

const boolean = (fallback: boolean, description: string) => describe(z._default(z.boolean(), fallback), description);
const field = (fallback: z.infer<typeof fieldMode>, description: string) => describe(z._default(fieldMode, fallback), description);

const options = z.strictObject({
  campaign: describe(campaignId, 'The campaign id recorded with every gift.'),
  sourceCode: describe(z.optional(text(0, 40)), 'Source code recorded with every gift, for reporting.'),
  currency,
  locale,
  size: describe(
    z._default(z.enum(['small', 'medium', 'large']), 'medium'),
    'small: handles and one button, opens the rest on click; medium: the standard form; large: full width with impact images.',
  ),
  layout: describe(
    z._default(z.enum(['single', 'wizard']), 'single'),
    'single: one page; wizard: Amount → Your details → Payment, with a step indicator.',
  ),
  frequencies: describe(
    z._default(
      z.array(frequency).check(
        z.minLength(1),
        z.refine((list) => new Set(list).size === list.length, {message: 'expected each frequency once'}),
      ),
      ['one-off', 'monthly'],
    ),
    'The frequencies offered, in order.',
  ),
  defaultFrequency: describe(z.optional(frequency), 'The frequency selected at the start. Defaults to the first one offered.'),
  dailyDays: describe(z._default(z.int().check(z.minimum(2), z.maximum(31)), 7), 'How many days a daily gift runs for.'),
  amounts: describe(
    z.prefault(
      z.strictObject({
        'one-off': amountsFor('one-off'),
        weekly: amountsFor('weekly'),
        monthly: amountsFor('monthly'),
        daily: amountsFor('daily'),
      }),
      {},
    ),
    'Handles and limits for each frequency.',
  ),
  fields: describe(
    z.prefault(
      z.strictObject({
        firstName: field('required', 'First name field.'),
        lastName: field('required', 'Last name field.'),
        email: field('required', 'Email field.'),
        phone: field('optional', 'Mobile field (AU and NZ numbers).'),
        postcode: field('required', 'Postcode field, for the tax receipt.'),
        address: field('hidden', 'Street address field, for the tax receipt.'),
      }),
      {},
    ),
    'Which supporter fields are required, optional or hidden.',
  ),
  directDebit: boolean(false, 'Offer Australian direct debit (BSB and account) for recurring gifts; the currency must be AUD.'),
  directDebitAgreementUrl: describe(
    z.optional(safeUrl),
    'The address of your Direct Debit Request service agreement: a link to it sits beside the box the supporter ticks to accept it.',
  ),
  coverFees: describe(
    z.prefault(
      z.strictObject({
        enabled: boolean(false, 'Offer to add a percentage that covers processing fees.'),
        percent: describe(
          z._default(z.number().check(z.minimum(0.5), z.maximum(10)), 3),
          'The percentage added when the supporter ticks the box.',
        ),
      }),
      {},
    ),
    'The cover-fees option.',
  ),
  rgUpgrade: describe(
    z.prefault(z.strictObject({enabled: boolean(false, 'Ask one-off donors, once, to give monthly instead.'), ...rgUpgradeRule}), {}),
    'The regular-giving upgrade ask. It never suggests more than the monthly maximum: when the suggestion would be above it, the one-off gift is sent without an ask.',
  ),
  externalHandles: boolean(false, 'Let elements marked data-coral-amount anywhere on the page select an amount.'),
  urlParams: boolean(false, 'Prefill the form from the URL parameters listed below.'),
  handoff: boolean(false, 'Daisychain page 2: greet a signer handed over by a powerform by first name, with their details filled in.'),
  gateway: giftGatewayConfig('gifts'),
  botCheck: botCheckOption(
    "A Cloudflare Turnstile bot check above the give button, against card testing: its token goes with each gift for the endpoint to verify. Only a form with a site key loads Turnstile's script, from challenges.cloudflare.com (allow it in the page's Content-Security-Policy for script-src and frame-src). The supporter is asked to complete the check (message guard.bot-check) when they press give while the check is showing but not yet passed; when Turnstile's script cannot load, the gift is sent without a token and the endpoint decides.",
  ),
  thankYouUrl: describe(z.optional(safeUrl), 'Go to this page after a gift instead of showing the thank-you inline.'),
  reassurance: describe(
    z.prefault(
      z.strictObject({
        secure: boolean(true, 'Say by the give button that the payment is secure.'),
        cardBrands: boolean(
          true,
          'Show the marks of the cards taken (Visa, Mastercard, American Express), named for screen readers, while paying by card.',
        ),
        cancelAnyTime: boolean(
          true,
          'Tell a weekly or monthly donor how to change or cancel the gift: a link to manageGiftUrl, or else how to reach you from contact. Left out when neither is set.',
        ),
        taxDeductible: boolean(
          false,
          'Say that gifts of $2 or more are tax-deductible. Turn it on only where they are: the organisation must be a deductible gift recipient.',
        ),
        privacyUrl: describe(z.optional(safeUrl), 'The address of your privacy policy: a link to it sits by the give button.'),
      }),
      {},
    ),
    'What the form says by the give button to reassure the supporter; the words are the messages securePayment, acceptedCards, cancelAnyTime (with manageGiftLink, or else manageGiftByEmail, manageGiftByPhone or manageGiftByEmailOrPhone), taxDeductible and privacyLink.',
  ),
  manageGiftUrl,
  contact,
  updateTitle: boolean(
    true,
    "Let the form change the page's title, as the browser tab and screen readers name the page: a wizard's step before it (Your details – Step 2 of 3 – the page's title), and Error: before that while the error summary shows. The page's own title comes back when the form goes. Turn it off where nothing but the page may set its title.",
  ),
  analytics: boolean(false, 'Push GA4-style events to window.dataLayer (never personal data).'),
  theme,
  messages: messageOverrides(DONATE_FORM_MESSAGES),
});

export const donateFormSchema = options.check(
  z.superRefine((config: z.output<typeof options>, ctx) => {
    if (config.defaultFrequency && !config.frequencies.includes(config.defaultFrequency)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultFrequency'],
        message: `expected one of the frequencies offered: ${config.frequencies.join(', ')}`,
      });
    }
    if (config.directDebit && !config.frequencies.some((f) => RECURRING.includes(f))) {
      ctx.addIssue({code: 'custom', path: ['directDebit'], message: 'direct debit needs a recurring frequency (weekly, monthly or daily)'});
    }
    // BECS debits Australian accounts in AUD: Stripe, and the endpoint, take it in no other currency, so the
    // processor's fields and the intent the endpoint makes could not agree on the ways to pay.
    if (config.directDebit && config.currency !== 'AUD') {
      ctx.addIssue({
        code: 'custom',
        path: ['directDebit'],
        message: 'direct debit takes Australian dollars only: set currency to AUD, or leave directDebit off',
      });
    }
    if (config.rgUpgrade.enabled && !(config.frequencies.includes('one-off') && config.frequencies.includes('monthly'))) {
      ctx.addIssue({
        code: 'custom',
        path: ['rgUpgrade', 'enabled'],
        message: 'the upgrade ask needs both one-off and monthly in frequencies',
      });
    }
    for (const name of config.frequencies) {
      const block = config.amounts[name];
      const at = (key: string) => ['amounts', name, key];
      if (block.min > block.max) {
        // The limits themselves are wrong: that is the one thing to fix, not every handle measured against them.
        ctx.addIssue({code: 'custom', path: at('min'), message: `expected min to be no more than max (${block.max})`});
      }
      block.handles.forEach((h, i) => {
        if (block.min <= block.max && (h.amount < block.min || h.amount > block.max)) {
          ctx.addIssue({
            code: 'custom',
            path: ['amounts', name, 'handles', i, 'amount'],
            message: `expected a handle between min (${block.min}) and max (${block.max})`,
          });
        }
      });
      if (block.defaultAmount !== undefined && !block.handles.some((h) => h.amount === block.defaultAmount)) {
        ctx.addIssue({
          code: 'custom',
          path: at('defaultAmount'),
          message: `expected one of the handles: ${block.handles.map((h) => h.amount).join(', ')}`,
        });
      }
    }
  }),
);

export type DonateFormConfigInput = z.input<typeof donateFormSchema>;
export type DonateFormConfig = z.output<typeof donateFormSchema>;

export const parseDonateFormConfig = (input: unknown): ParseResult<DonateFormConfig> => parseConfig(donateFormSchema, input);
