/**
 * The donate form's config schema: the one source of its TypeScript types, its
 * defaults, its runtime checks and the config reference in the docs.
 * Amounts in the config are in dollars (35 means $35).
 */
import * as z from 'zod';
import {parseConfig, type ParseResult} from '../shared/config';
import {campaignId, fieldMode, gatewayConfig, locale, messageOverrides, safeUrl, theme} from '../shared/schemaParts';
import {DONATE_FORM_MESSAGES} from './messages';

export const FREQUENCIES = ['one-off', 'weekly', 'monthly', 'daily'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const RECURRING: readonly Frequency[] = ['weekly', 'monthly', 'daily'];

const frequency = z.enum(FREQUENCIES);

const dollarsAmount = z.number().positive().max(1_000_000).multipleOf(0.01);

const handle = z.strictObject({
  amount: dollarsAmount.describe('The amount in dollars, e.g. 35.'),
  label: z.string().trim().min(1).max(40).optional().describe('Button text instead of the formatted amount.'),
  impact: z.string().trim().min(1).max(160).optional().describe('What this amount does, e.g. "funds a day of ship fuel".'),
  image: z
    .strictObject({
      src: safeUrl.describe('Image address: https:// or a site path.'),
      alt: z.string().max(160).describe('Text for screen readers; empty when the image is decorative.'),
    })
    .optional()
    .describe('An impact image, shown beside the handle on the large form.'),
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
  return z
    .strictObject({
      handles: z
        .array(handle)
        .min(1)
        .max(6)
        .default(defaults.handles.map((amount) => ({amount})))
        .describe('Preset amount buttons (dollar handles), 1 to 6, in order.'),
      defaultAmount: dollarsAmount
        .optional()
        .describe('The handle selected at the start; must be one of the handles. Defaults to the middle handle.'),
      min: dollarsAmount.default(defaults.min).describe('The smallest amount accepted, in dollars.'),
      max: dollarsAmount.default(defaults.max).describe('The largest amount accepted, in dollars.'),
      allowOther: z.boolean().default(true).describe('Show an other-amount field beside the handles.'),
      impactTemplate: z
        .string()
        .trim()
        .min(1)
        .max(160)
        .optional()
        .describe('Impact line for an other amount: {amount} is the amount, {count} the amount divided by impactUnit, e.g. "{amount} plants {count} mangroves".'),
      impactUnit: dollarsAmount
        .default(1)
        .describe('What one unit of impact costs, in dollars: {count} in impactTemplate is the amount divided by this, rounded down.'),
    })
    .prefault({})
    .describe(`Amounts for ${name} gifts.`);
};

const messages = messageOverrides(DONATE_FORM_MESSAGES);

export const donateFormSchema = z
  .strictObject({
    campaign: campaignId.describe('The campaign id recorded with every gift.'),
    sourceCode: z.string().trim().max(40).optional().describe('Source code recorded with every gift, for reporting.'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, {message: 'expected a three-letter currency code such as AUD'})
      .default('AUD')
      .describe('ISO 4217 currency code.'),
    locale,
    size: z
      .enum(['small', 'medium', 'large'])
      .default('medium')
      .describe('small: handles and one button, opens the rest on click; medium: the standard form; large: full width with impact images.'),
    layout: z
      .enum(['single', 'wizard'])
      .default('single')
      .describe('single: one page; wizard: Amount → Your details → Payment, with a step indicator.'),
    frequencies: z
      .array(frequency)
      .min(1)
      .refine((list) => new Set(list).size === list.length, {message: 'expected each frequency once'})
      .default(['one-off', 'monthly'])
      .describe('The frequencies offered, in order.'),
    defaultFrequency: frequency.optional().describe('The frequency selected at the start. Defaults to the first one offered.'),
    dailyDays: z.number().int().min(2).max(31).default(7).describe('How many days a daily gift runs for.'),
    amounts: z
      .strictObject({
        'one-off': amountsFor('one-off'),
        weekly: amountsFor('weekly'),
        monthly: amountsFor('monthly'),
        daily: amountsFor('daily'),
      })
      .prefault({})
      .describe('Handles and limits for each frequency.'),
    fields: z
      .strictObject({
        firstName: fieldMode.default('required').describe('First name field.'),
        lastName: fieldMode.default('required').describe('Last name field.'),
        email: fieldMode.default('required').describe('Email field.'),
        phone: fieldMode.default('optional').describe('Mobile field (AU and NZ numbers).'),
        postcode: fieldMode.default('required').describe('Postcode field, for the tax receipt.'),
        address: fieldMode.default('hidden').describe('Street address field, for the tax receipt.'),
      })
      .prefault({})
      .describe('Which supporter fields are required, optional or hidden.'),
    directDebit: z.boolean().default(false).describe('Offer Australian direct debit (BSB and account) for recurring gifts.'),
    coverFees: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Offer to add a percentage that covers processing fees.'),
        percent: z.number().min(0.5).max(10).default(3).describe('The percentage added when the supporter ticks the box.'),
      })
      .prefault({})
      .describe('The cover-fees option.'),
    rgUpgrade: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Ask one-off donors, once, to give monthly instead.'),
        divisor: z.number().min(1).max(12).default(3).describe('The monthly suggestion is the one-off amount divided by this…'),
        roundTo: z.number().int().min(1).max(50).default(5).describe('…rounded to the nearest this many dollars, never below the monthly minimum.'),
      })
      .prefault({})
      .describe('The regular-giving upgrade ask.'),
    externalHandles: z
      .boolean()
      .default(false)
      .describe('Let elements marked data-coral-amount anywhere on the page select an amount.'),
    urlParams: z.boolean().default(false).describe('Prefill the form from the URL parameters listed below.'),
    handoff: z
      .boolean()
      .default(false)
      .describe('Daisychain page 2: greet a signer handed over by a powerform by first name, with their details filled in.'),
    gateway: gatewayConfig('payments'),
    thankYouUrl: safeUrl.optional().describe('Go to this page after a gift instead of showing the thank-you inline.'),
    analytics: z.boolean().default(false).describe('Push GA4-style events to window.dataLayer (never personal data).'),
    theme,
    messages,
  })
  .superRefine((config, ctx) => {
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
    if (config.rgUpgrade.enabled && !(config.frequencies.includes('one-off') && config.frequencies.includes('monthly'))) {
      ctx.addIssue({code: 'custom', path: ['rgUpgrade', 'enabled'], message: 'the upgrade ask needs both one-off and monthly in frequencies'});
    }
    for (const name of config.frequencies) {
      const block = config.amounts[name];
      const at = (key: string) => ['amounts', name, key];
      if (block.min > block.max) {
        ctx.addIssue({code: 'custom', path: at('min'), message: `expected min to be no more than max (${block.max})`});
      }
      block.handles.forEach((h, i) => {
        if (h.amount < block.min || h.amount > block.max) {
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
  });

export type DonateFormConfigInput = z.input<typeof donateFormSchema>;
export type DonateFormConfig = z.output<typeof donateFormSchema>;

export const parseDonateFormConfig = (input: unknown): ParseResult<DonateFormConfig> => parseConfig(donateFormSchema, input);
