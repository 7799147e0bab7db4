/**
 * What Stripe says of the currencies a form may charge in: which have no minor unit in its API, and the smallest
 * charge it takes in each. The donate form's config check, the endpoint, the tests' Stripe stand-in and the docs all
 * read them here. The form itself needs only the zero-decimal rule; the table of minimums stays out of its code.
 */
import type {Cents} from './money';

/**
 * Stripe's zero-decimal currencies (docs.stripe.com/currencies, "Zero-decimal currencies"): an amount sent to
 * Stripe is in whole units, so 1000 XPF is `amount: 1000`, where 10 FJD is `amount: 1000` cents.
 */
// One string split, rather than an array literal: these bytes go to every page a form is on.
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = 'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' ');

/**
 * The smallest amount Stripe charges in `currency`, in Coral's cents: 100 (one whole unit) for a zero-decimal
 * currency, 1 for any other. Every amount a form takes in the currency is a multiple of it.
 */
export const smallestUnit = (currency: string): Cents => (ZERO_DECIMAL_CURRENCIES.includes(currency.toUpperCase()) ? 100 : 1);

/** An amount in Coral's cents as Stripe's API takes it in `currency`: whole units for a zero-decimal currency. */
export const toStripeAmount = (cents: Cents, currency: string): number => cents / smallestUnit(currency);

/** An amount Stripe reports in `currency` (a payment, an invoice, a refund), in Coral's cents. */
export const fromStripeAmount = (amount: number, currency: string): Cents => amount * smallestUnit(currency);

/** Where a currency's minimum comes from: Stripe's own table, or Coral's rule for a currency Stripe's table leaves out. */
export type MinimumSource = 'stripe' | 'usd-equivalent';

/**
 * The smallest charge Stripe takes in each currency its docs list ("Minimum and maximum charge amounts" on
 * docs.stripe.com/currencies), in the currency's units as the docs write them.
 */
const STRIPE_LISTED: Readonly<Record<string, number>> = {
  USD: 0.5,
  AED: 2,
  AUD: 0.5,
  BGN: 1,
  BRL: 0.5,
  CAD: 0.5,
  CHF: 0.5,
  CZK: 15,
  DKK: 2.5,
  EUR: 0.5,
  GBP: 0.3,
  HKD: 4,
  HUF: 175,
  INR: 0.5,
  JPY: 50,
  MXN: 10,
  MYR: 2,
  NOK: 3,
  NZD: 0.5,
  PLN: 2,
  RON: 2,
  SEK: 3,
  SGD: 0.5,
  THB: 10,
};

/**
 * The Pacific currencies Stripe takes but lists no minimum for: it asks only for the equivalent of USD 0.50, and
 * counts it in the account's settlement currency, at the day's rate. Coral's rule: the equivalent of USD 1 (twice
 * Stripe's figure, so a swing in the rate, or a settlement currency with a higher minimum, still clears it) at the
 * rates of mid-2025, rounded up to a whole unit, or to the next 10 for the zero-decimal VUV and XPF. The rates
 * used, per US dollar: FJD 2.25, PGK 4.10, SBD 8.40, TOP 2.36, WST 2.75, VUV 119, XPF 105.
 */
const PACIFIC_RULE: Readonly<Record<string, number>> = {
  FJD: 3,
  PGK: 5,
  SBD: 9,
  TOP: 3,
  WST: 3,
  VUV: 120,
  XPF: 110,
};

/** Every currency whose minimum Coral knows, in the currency's units, with where the figure comes from: for the docs' table. */
export const stripeMinimums = (): Array<{currency: string; minimum: number; source: MinimumSource}> => [
  ...Object.entries(STRIPE_LISTED).map(([currency, minimum]) => ({currency, minimum, source: 'stripe' as const})),
  ...Object.entries(PACIFIC_RULE).map(([currency, minimum]) => ({currency, minimum, source: 'usd-equivalent' as const})),
];

/**
 * The smallest charge Stripe takes in `currency`, in Coral's cents; null for a currency outside the table, whose
 * minimum Stripe counts only at the day's rate (it refuses a charge under it with `amount_too_small`).
 */
export function stripeMinimum(currency: string): Cents | null {
  const code = currency.toUpperCase();
  const table = [STRIPE_LISTED, PACIFIC_RULE].find((minimums) => Object.hasOwn(minimums, code));
  const minimum = table?.[code];
  return minimum === undefined ? null : Math.round(minimum * 100);
}
