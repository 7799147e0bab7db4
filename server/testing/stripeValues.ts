/** Stripe's values as the stand-in reads and answers them: replies and errors, form values, metadata, test payment methods. */
import {smallestUnit, stripeMinimum, toStripeAmount} from '../../src/coral/contract/library';
import type {FormValue} from './formBody';
import type {ParamsSource} from './stripeParams';

export type Params = Record<string, FormValue>;
export type Json = Record<string, unknown>;
export type Reply = {status: number; body: Json};

/** One endpoint of the stand-in: the request it answers, and what it does. */
export type Route = {
  method: string;
  path: RegExp;
  /** Where the installed SDK's types declare this endpoint's parameters. */
  params: ParamsSource;
  run: (params: Record<string, FormValue>, id: string) => Reply;
};

export const ok = (body: Json): Reply => ({status: 200, body});

export function stripeError(status: number, type: string, message: string, extra: Json = {}): Reply {
  return {status, body: {error: {type, message, ...extra}}};
}

export const invalid = (message: string, param?: string, code?: string): Reply =>
  stripeError(400, 'invalid_request_error', message, {...(param ? {param} : {}), ...(code ? {code} : {})});

export const missing = (kind: string, id: string, param?: string): Reply =>
  stripeError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? {param} : {}),
  });

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const obj = (value: FormValue | undefined): Params => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
export const list = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
export const int = (value: FormValue | undefined): number | null =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null;

export const INTERVAL_SECONDS: Record<string, number> = {day: 86_400, week: 7 * 86_400, month: 30 * 86_400, year: 365 * 86_400};
/**
 * Stripe's test payment methods, as its testing docs describe them: one is always declined; the other
 * asks for authentication every time, which a supporter in the browser gives and an off-session charge cannot.
 */
export const DECLINING_METHODS: Record<string, {code: string; message: string; offSessionOnly: boolean}> = {
  pm_card_chargeDeclined: {code: 'card_declined', message: 'Your card was declined.', offSessionOnly: false},
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
    offSessionOnly: true,
  },
};

/** Metadata as Stripe documents its limits: 50 keys, keys up to 40 characters, values up to 500. */
export function metadataOf(params: Params): Json | Reply {
  const metadata = obj(params.metadata);
  const entries = Object.entries(metadata);
  if (entries.length > 50) return invalid('Metadata can have at most 50 keys', 'metadata');
  for (const [key, value] of entries) {
    if (key.length > 40) return invalid('Metadata keys can be at most 40 characters', `metadata[${key}]`);
    if (typeof value !== 'string' || value.length > 500)
      return invalid('Metadata values can be at most 500 characters', `metadata[${key}]`);
  }
  return {...metadata};
}
/** A test payment method's type: `pm_au_becs_debit…` names a BECS Direct Debit account, any other a card. */
export const methodType = (paymentMethod: string): string => (paymentMethod.startsWith('pm_au_becs_debit') ? 'au_becs_debit' : 'card');

/** Why Stripe refuses a URL it is to send a supporter to (a page's `return_url`), or null: it must be absolute, http or https. */
export function urlRefusal(value: FormValue, param: string): Reply | null {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? null : invalid('Not a valid URL', param, 'url_invalid');
}

export const incompleteRefusal = (param: string): Reply =>
  invalid('A subscription whose status is incomplete can only have its metadata and default_source updated.', param);
export const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/** Stripe's largest amount: eight digits, in the currency's units (docs.stripe.com/currencies, "Minimum and maximum charge amounts"). */
const MAXIMUM_AMOUNT = 99_999_999;

/**
 * Why Stripe refuses to charge `amount` (in its units for `currency`, whole units for a zero-decimal one), or null:
 * under the currency's smallest charge, `amount_too_small`, as the shared table has it (src/coral/shared/money), or
 * 50 of the minor unit, Stripe's USD 0.50, for a currency outside it; or over eight digits, `amount_too_large`.
 * `what` begins the message, as Stripe's own does: "Amount", or a Checkout Session's total.
 */
export function chargeRefusal(amount: number, currency: string, param: string, what = 'Amount'): Reply | null {
  const cents = stripeMinimum(currency) ?? 50;
  const code = currency.toLowerCase();
  if (amount < toStripeAmount(cents, currency)) {
    // Stripe names the minimum as its docs write it: 0.50 aud, 110 xpf.
    const written = smallestUnit(currency) === 1 ? (cents / 100).toFixed(2) : String(cents / 100);
    return invalid(`${what} must be at least ${written} ${code}`, param, 'amount_too_small');
  }
  if (amount > MAXIMUM_AMOUNT) {
    return invalid(`${what} must be no more than ${MAXIMUM_AMOUNT} of the smallest unit of ${code}`, param, 'amount_too_large');
  }
  return null;
}
