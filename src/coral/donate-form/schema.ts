/**
 * The donate form's config schema: the one source of its TypeScript types, its
 * defaults, its runtime checks and the config reference in the docs.
 * Amounts in the config are in dollars (35 means $35).
 */
import * as zod from 'zod/mini';
import {
  checkConfig,
  type CheckResult,
  campaignId,
  currency,
  DEFAULT_AMOUNTS,
  dollarsAmount,
  fieldMode,
  giftOptions,
  locale,
  countries,
  messageOverrides,
  rgUpgradeRule,
  safeUrl,
  text,
  theme,
} from '../shared/config';
import {FREQUENCIES, RECURRING, type Frequency} from '../shared/money';
import {DONATE_FORM_MESSAGES} from './messages';

export {FREQUENCIES, RECURRING, type Frequency};

const frequency = zod.enum(FREQUENCIES);

const handle = zod.strictObject({
  amount: dollarsAmount,
  label: zod.optional(text(1, 40)),
  impact: zod.optional(text(1, 160)),
  image: zod.optional(
    zod.strictObject({
      src: safeUrl,
      alt: zod.string().check(zod.maxLength(160)),
    }),
  ),
});

const amountsFor = (name: Frequency) => {
  const defaults = DEFAULT_AMOUNTS[name];
  return zod.prefault(
    zod.strictObject({
      handles: zod._default(
        zod.array(handle).check(zod.minLength(1), zod.maxLength(6)),
        defaults.handles.map((amount) => ({amount})),
      ),
      defaultAmount: zod.optional(dollarsAmount),
      min: zod._default(dollarsAmount, defaults.min),
      max: zod._default(dollarsAmount, defaults.max),
      allowOther: zod._default(zod.boolean(), true),
      impactTemplate: zod.optional(text(1, 160)),
      impactUnit: zod._default(dollarsAmount, 1),
    }),
    {},
  );
};

const boolean = (fallback: boolean) => zod._default(zod.boolean(), fallback);
const field = (fallback: zod.infer<typeof fieldMode>) => zod._default(fieldMode, fallback);

const options = zod.strictObject({
  campaign: campaignId,
  sourceCode: zod.optional(text(0, 40)),
  currency,
  locale,
  countries,
  size: zod._default(zod.enum(['small', 'medium', 'large']), 'medium'),
  layout: zod._default(zod.enum(['single', 'wizard']), 'single'),
  frequencies: zod._default(
    zod.array(frequency).check(
      zod.minLength(1),
      zod.refine((list) => new Set(list).size === list.length, {message: 'expected each frequency once'}),
    ),
    ['one-off', 'monthly'],
  ),
  defaultFrequency: zod.optional(frequency),
  dailyDays: zod._default(zod.int().check(zod.minimum(2), zod.maximum(31)), 7),
  amounts: zod.prefault(
    zod.strictObject({
      'one-off': amountsFor('one-off'),
      weekly: amountsFor('weekly'),
      monthly: amountsFor('monthly'),
      daily: amountsFor('daily'),
    }),
    {},
  ),
  fields: zod.prefault(
    zod.strictObject({
      firstName: field('required'),
      lastName: field('required'),
      email: field('required'),
      phone: field('optional'),
      postcode: field('required'),
      address: field('hidden'),
    }),
    {},
  ),
  directDebit: boolean(false),
  directDebitAgreementUrl: zod.optional(safeUrl),
  coverFees: zod.prefault(
    zod.strictObject({
      enabled: boolean(false),
      percent: zod._default(zod.number().check(zod.minimum(0.5), zod.maximum(10)), 3),
    }),
    {},
  ),
  rgUpgrade: zod.prefault(zod.strictObject({enabled: boolean(false), ...rgUpgradeRule}), {}),
  externalHandles: boolean(false),
  urlParams: boolean(false),
  handoff: boolean(false),
  ...giftOptions(),
  thankYouUrl: zod.optional(safeUrl),
  reassurance: zod.prefault(
    zod.strictObject({
      secure: boolean(true),
      cardBrands: boolean(true),
      cancelAnyTime: boolean(true),
      taxDeductible: boolean(false),
      privacyUrl: zod.optional(safeUrl),
    }),
    {},
  ),
  updateTitle: boolean(true),
  analytics: boolean(false),
  theme,
  messages: messageOverrides(DONATE_FORM_MESSAGES),
});

export const donateFormSchema = options.check(
  zod.superRefine((config: zod.output<typeof options>, ctx) => {
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

export type DonateFormConfigInput = zod.input<typeof donateFormSchema>;
export type DonateFormConfig = zod.output<typeof donateFormSchema>;

/** Checks a donate form config; a wrong one is explained by ../shared/configErrors, fetched when there is one to show. */
export const checkDonateFormConfig = (input: unknown): CheckResult<DonateFormConfig> => checkConfig(donateFormSchema, input);
