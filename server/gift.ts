/**
 * What a gift request may say, and the server's own check of it against the
 * campaign's config. The browser checks the same rules first; the endpoint
 * checks again because anyone can post anything to it.
 */
import * as z from 'zod/mini';
import {limitsFor, giftTotal} from '../src/coral/donate-form/rules';
import {parseDonateFormConfig, type DonateFormConfig} from '../src/coral/donate-form/schema';
import {describeError, parseConfig} from '../src/coral/shared/config';
import {checkField, FIELD_MESSAGES} from '../src/coral/shared/fields';
import {FREQUENCIES, RECURRING, type Frequency} from '../src/coral/shared/frequency';
import {formatMoney} from '../src/coral/shared/money';
import {UTM_PARAMS, type Utm} from '../src/coral/shared/urlParams';

export const METHODS = ['card', 'au_becs_debit'] as const;
export type Method = (typeof METHODS)[number];

const cents = z.int().check(z.positive(), z.maximum(100_000_000));
const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const frequency = z.enum(FREQUENCIES);

const supporter = z.strictObject({
  firstName: text(50),
  lastName: text(50),
  email: text(254),
  phone: text(20),
  postcode: text(10),
  address: text(200),
  consent: z.boolean(),
});

export const giftRequestSchema = z.strictObject({
  campaign: z.string().check(z.maxLength(64)),
  sourceCode: text(40),
  amount: cents,
  fee: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/, {message: 'expected a three-letter currency code such as AUD'})),
  frequency,
  days: z.optional(z.int().check(z.minimum(1), z.maximum(366))),
  method: z.enum(METHODS),
  /** The supporter agreed to keep the payment method for a one-tap monthly gift later (one-off gifts only). */
  savePaymentMethod: z.optional(z.boolean()),
  supporter,
  upgrade: z.optional(z.strictObject({from: z.strictObject({amount: cents, frequency}), accepted: z.boolean()})),
  utm: z.optional(z.partialRecord(z.enum(UTM_PARAMS), z.string().check(z.maxLength(200)))),
});

export type GiftRequest = z.output<typeof giftRequestSchema>;
export type Supporter = GiftRequest['supporter'];

/** A gift the server has checked: amounts are its own, not the client's. */
export type CheckedGift = {
  config: DonateFormConfig;
  campaign: string;
  sourceCode: string | undefined;
  currency: string;
  frequency: Frequency;
  method: Method;
  /** The amount chosen per payment, in cents, without the fee. */
  amount: number;
  fee: number;
  /** What one payment takes: amount plus fee. */
  perPayment: number;
  /** The number of payments of a daily gift; null for open-ended and one-off gifts. */
  payments: number | null;
  savePaymentMethod: boolean;
  supporter: Supporter;
  upgrade: GiftRequest['upgrade'];
  utm: Utm;
};

export type Checked<T> = {ok: true; value: T} | {ok: false; reason: string};

const refuse = (reason: string): {ok: false; reason: string} => ({ok: false, reason});

/** The campaigns this endpoint accepts, by id, from a list of donate form configs. Throws, naming each bad key, on a bad one. */
export function parseCampaigns(input: unknown): Map<string, DonateFormConfig> {
  if (!Array.isArray(input)) throw new Error('campaigns: expected a list of donate form configs');
  const campaigns = new Map<string, DonateFormConfig>();
  input.forEach((item, i) => {
    const parsed = parseDonateFormConfig(item);
    if (!parsed.ok) throw new Error(`campaigns[${i}]: ${parsed.errors.map(describeError).join('; ')}`);
    if (campaigns.has(parsed.config.campaign)) throw new Error(`campaigns[${i}]: campaign "${parsed.config.campaign}" is listed twice`);
    campaigns.set(parsed.config.campaign, parsed.config);
  });
  return campaigns;
}

/** The fee the server would add for cover fees: the only fee it accepts besides none. */
export function coverFeeFor(config: DonateFormConfig, amount: number, frequency: Frequency): number | null {
  if (!config.coverFees.enabled) return null;
  return giftTotal(amount, frequency, {dailyDays: config.dailyDays, coverFeesPercent: config.coverFees.percent}).fee;
}

/** Holds an amount to the campaign's limits for a frequency, naming the limit when it is outside. */
export function checkAmount(config: DonateFormConfig, amount: number, frequency: Frequency): Checked<number> {
  const limits = limitsFor(config, frequency);
  const money = (value: number) => formatMoney(value, config);
  if (amount < limits.min) return refuse(`amount: expected at least ${money(limits.min)} for a ${frequency} gift`);
  if (amount > limits.max) return refuse(`amount: expected at most ${money(limits.max)} for a ${frequency} gift`);
  return {ok: true, value: amount};
}

function checkSupporter(config: DonateFormConfig, given: Supporter): Checked<Supporter> {
  const fields = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;
  for (const field of fields) {
    const value = given[field]?.trim() ?? '';
    if (value === '') {
      if (config.fields[field] === 'required') return refuse(`supporter.${field}: required by this campaign`);
      continue;
    }
    // The phone's check loads libphonenumber on demand in the browser; here its length limit is enough.
    const checked = checkField(field, value, {mobile: null}, FIELD_MESSAGES);
    if (checked && !checked.ok) return refuse(`supporter.${field}: ${checked.reason}`);
  }
  return {ok: true, value: given};
}

/** Checks a parsed body against the campaign: nothing the client says about money is taken on trust. */
export function checkGift(body: unknown, campaigns: ReadonlyMap<string, DonateFormConfig>): Checked<CheckedGift> {
  const parsed = parseConfig(giftRequestSchema, body);
  if (!parsed.ok) return refuse(parsed.errors.map(describeError).join('; '));
  const request = parsed.config;
  const config = campaigns.get(request.campaign);
  if (!config) return refuse(`campaign: "${request.campaign}" is not a campaign this endpoint takes gifts for`);
  if (request.currency !== config.currency) return refuse(`currency: expected ${config.currency} for this campaign`);
  if (!config.frequencies.includes(request.frequency)) {
    return refuse(`frequency: expected one of the frequencies offered: ${config.frequencies.join(', ')}`);
  }
  if (request.frequency === 'daily' && request.days !== config.dailyDays) {
    return refuse(`days: a daily gift for this campaign runs for ${config.dailyDays} days`);
  }
  if (request.frequency !== 'daily' && request.days !== undefined) return refuse('days: only a daily gift has a number of days');
  const amount = checkAmount(config, request.amount, request.frequency);
  if (!amount.ok) return amount;
  const coverFee = coverFeeFor(config, request.amount, request.frequency);
  if (request.fee !== 0 && request.fee !== coverFee) {
    return refuse(coverFee === null ? 'fee: this campaign does not offer to cover fees' : `fee: expected 0 or ${coverFee} cents`);
  }
  if (request.method === 'au_becs_debit') {
    if (!config.directDebit) return refuse('method: this campaign does not offer direct debit');
    if (!RECURRING.includes(request.frequency)) return refuse('method: direct debit is for recurring gifts');
    if (request.currency !== 'AUD') return refuse('method: direct debit takes Australian dollars only');
  }
  const checkedSupporter = checkSupporter(config, request.supporter);
  if (!checkedSupporter.ok) return checkedSupporter;
  const total = giftTotal(request.amount, request.frequency, {
    dailyDays: config.dailyDays,
    coverFeesPercent: request.fee === 0 ? null : config.coverFees.percent,
  });
  return {
    ok: true,
    value: {
      config,
      campaign: config.campaign,
      sourceCode: request.sourceCode ?? config.sourceCode,
      currency: config.currency,
      frequency: request.frequency,
      method: request.method,
      amount: total.amount,
      fee: total.fee,
      perPayment: total.perPayment,
      payments: total.payments,
      savePaymentMethod: request.frequency === 'one-off' && request.savePaymentMethod === true,
      supporter: checkedSupporter.value,
      upgrade: request.upgrade,
      utm: request.utm ?? {},
    },
  };
}
