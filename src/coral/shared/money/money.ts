/**
 * Amounts as supporters type them, and as Coral shows them. Internally an
 * amount is a whole number of cents, so no sum ever picks up a floating-point
 * crumb.
 */
import {AMOUNT_MESSAGES, type Messages, accept, refuse, type Check, fill} from '../basics';

export type Cents = number;

export const ALLOWED_AMOUNT = AMOUNT_MESSAGES.amountAllowed;

// Digits with optional thousands separators (comma or space, the no-break ones French writes "1 000" with too), then up to two decimals.
const AMOUNT = /^(?:\d{1,3}(?:[, \u00a0\u202f]\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Reads "$1,000", " 25 ", "25.50"; refuses anything else with the reason. `unit` is the currency's smallest amount in
 * cents (`smallestUnit`): 100 for one without cents, where "1000.50" is refused and "1000" read as 100000 cents.
 */
export function parseAmount(
  input: string,
  messages: Messages<typeof AMOUNT_MESSAGES> = AMOUNT_MESSAGES,
  zero = '$0',
  unit: Cents = 1,
): Check<Cents> {
  const allowed = unit > 1 ? messages.amountWhole : messages.amountAllowed;
  const say = (template: string) => refuse<Cents>(fill(template, {allowed, input: input.trim(), zero}));
  const text = input
    .trim()
    // A currency sign typed before the amount ("$", "NZ$", "€") is not part of it, nor the spaces after it.
    .replace(/^[A-Z]{0,3}\p{Sc}\s*/u, '');
  if (text === '') {
    return say(messages.amountMissing);
  }
  if (!AMOUNT.test(text)) {
    return say(messages.amountUnreadable);
  }
  // AMOUNT puts a digit before any point, so there is always a whole part; all else but digits is a separator.
  const [whole, fraction = ''] = text.replace(/[^\d.]/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    return say(messages.amountTooLarge);
  }
  if (cents === 0) {
    return say(messages.amountZero);
  }
  return cents % unit ? say(messages.amountWhole) : accept(cents);
}

export const dollars = (value: number): Cents => Math.round(value * 100);

export type MoneyFormat = {locale: string; currency: string};

// Building an Intl.NumberFormat costs far more than using one, and a form formats
// dozens of amounts as it renders, so each locale, currency and precision builds one.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, digits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  const found =
    formatters.get(key) ??
    new Intl.NumberFormat(locale, {style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits});
  formatters.set(key, found);
  return found;
}

/** "$35" for whole dollars, "$35.50" otherwise, in the configured locale and currency. */
export function formatMoney(cents: Cents, {locale, currency}: MoneyFormat): string {
  return formatter(locale, currency, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

/** The currency's sign as the locale writes it before an amount ("$" for AUD in en-AU, "€" for EUR), for an amount field's prefix. */
export function currencySymbol({locale, currency}: MoneyFormat): string {
  const parts = formatter(locale, currency, 0).formatToParts(0);
  // Stryker disable next-line OptionalChaining: Intl writes a currency part for every currency; the fallback is for a runtime that would not.
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** A percentage of an amount, rounded to the nearest `unit` of cents: a whole unit of a currency without cents. */
export const percentOf = (cents: Cents, percent: number, unit: Cents = 1): Cents => Math.round((cents * percent) / 100 / unit) * unit;
