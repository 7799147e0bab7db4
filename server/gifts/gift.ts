/**
 * The server's own check of a gift request (its shape is the contract's, in
 * src/coral/contract) against the campaign's config. The browser checks the
 * same rules first; the endpoint checks again because anyone can post anything
 * to it.
 */
import {giftRequestSchema, machineUtm, type GiftRequest, type Method, type PublishedForm} from '../../src/coral/contract';
import {
  describeError,
  donateFormConsentLabel,
  formatMoney,
  giftTotal,
  limitsFor,
  parseConfig,
  RECURRING,
  refuse,
  keepsCardFor,
  smallestUnit,
  stripeMinimum,
  type Check,
  type DonateFormConfig,
  type Frequency,
  type Utm,
} from '../../src/coral/contract/library';
import {consentShown, type ConsentShown, checkSupporterFields} from '../records';

export {parseCampaigns} from '../settings';
export type {GiftRequest, Method};
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
  /** The bot check's token, as sent; the guard verifies it when a check is needed. */
  botCheck?: string;
  /** The published form and version it was made on, whose config it was checked against; null for an inline config. */
  form: PublishedForm | null;
};

/** The fee the server would add for cover fees: the only fee it accepts besides none. */
export function coverFeeFor(config: DonateFormConfig, amount: number, frequency: Frequency): number | null {
  if (!config.coverFees.enabled) return null;
  const {dailyDays, currency} = config;
  return giftTotal(amount, frequency, {dailyDays, coverFeesPercent: config.coverFees.percent, currency}).fee;
}

/**
 * Holds an amount to what Stripe takes in the campaign's currency (whole units where it has no cents, and at least
 * its smallest charge) and to the campaign's limits for a frequency, naming the limit when it is outside.
 */
export function checkAmount(config: DonateFormConfig, amount: number, frequency: Frequency): Check<number> {
  const limits = limitsFor(config, frequency);
  const money = (value: number) => formatMoney(value, config);
  if (amount % smallestUnit(config.currency) !== 0) {
    return refuse(`amount: expected whole ${config.currency}, which Stripe takes without cents (a multiple of 100 cents)`);
  }
  const minimum = stripeMinimum(config.currency);
  if (minimum !== null && amount < minimum) {
    return refuse(`amount: expected at least ${money(minimum)}, the smallest charge Stripe takes in ${config.currency}`);
  }
  if (amount < limits.min) return refuse(`amount: expected at least ${money(limits.min)} for a ${frequency} gift`);
  if (amount > limits.max) return refuse(`amount: expected at most ${money(limits.max)} for a ${frequency} gift`);
  return {ok: true, value: amount};
}

/** The supporter's fields as the campaign asks for them, by the endpoint's one rule (`checkSupporterFields`), and the consent as given. */
function checkSupporter(config: DonateFormConfig, given: Supporter): Check<Supporter> {
  const {consent, ...fields} = given;
  const checked = checkSupporterFields(config.fields, fields, 'supporter', config);
  return checked.ok ? {ok: true, value: {...checked.value, consent}} : checked;
}

/**
 * Whether the gift keeps its payment method, for the one-tap monthly gift `/gifts/upgrade` makes after it: a gift its
 * supporter agreed for, by card, that may keep one by the form's own rule (a one-off gift to a campaign offering
 * monthly gifts), which the form set Stripe's Payment Element up by. Only such a gift needs a Stripe Customer besides a
 * regular one; any other keeps nothing for later.
 */
export function keepsPaymentMethod(
  config: DonateFormConfig,
  request: Pick<GiftRequest, 'frequency' | 'method' | 'savePaymentMethod'>,
): boolean {
  return request.savePaymentMethod === true && request.method === 'card' && keepsCardFor(config, request.frequency);
}

/** Parses a /gifts body and checks it against the campaign: nothing the client says about money is taken on trust. */
export function checkGift(body: unknown, campaigns: ReadonlyMap<string, DonateFormConfig>): Check<CheckedGift> {
  const parsed = parseConfig(giftRequestSchema, body);
  if (!parsed.ok) return refuse(parsed.errors.map(describeError).join('; '));
  return checkGiftRequest(parsed.config, campaigns);
}

/** Checks a parsed gift against its campaign's config: the campaign, currency, frequency, amount, fee, method and supporter. */
export function checkGiftRequest(request: GiftRequest, campaigns: ReadonlyMap<string, DonateFormConfig>): Check<CheckedGift> {
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
  if (request.method === 'direct-debit') {
    if (!config.directDebit) return refuse('method: this campaign does not offer direct debit');
    if (!RECURRING.includes(request.frequency)) return refuse('method: direct debit is for recurring gifts');
    if (request.currency !== 'AUD') return refuse('method: direct debit takes Australian dollars only');
  }
  const checkedSupporter = checkSupporter(config, request.supporter);
  if (!checkedSupporter.ok) return checkedSupporter;
  const total = giftTotal(request.amount, request.frequency, {
    dailyDays: config.dailyDays,
    coverFeesPercent: request.fee === 0 ? null : config.coverFees.percent,
    currency: config.currency,
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
      savePaymentMethod: keepsPaymentMethod(config, request),
      supporter: checkedSupporter.value,
      upgrade: request.upgrade,
      utm: machineUtm(request.utm),
      ...(request.botCheck === undefined ? {} : {botCheck: request.botCheck}),
      form: request.form ?? null,
    },
  };
}

/** What a donate form's consent box said (its `consentLabel`, with the config's overrides), for the record of a gift. */
export const consentOf = (config: DonateFormConfig): Promise<ConsentShown> => consentShown(donateFormConsentLabel(config));
