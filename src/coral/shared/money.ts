/**
 * Amounts as supporters type them, and as Coral shows them. Internally an
 * amount is a whole number of cents, so no sum ever picks up a floating-point
 * crumb.
 */
import {accept, refuse, type Check} from './result';

export type Cents = number;

export const ALLOWED_AMOUNT = 'Enter an amount in dollars, like 25 or 25.50.';

// Digits with optional thousands separators (comma or space), then up to two decimals.
const AMOUNT = /^(?:\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** Reads "$1,000", " 25 ", "25.50"; refuses anything else with the reason. */
export function parseAmount(input: string): Check<Cents> {
  const text = input
    .trim()
    .replace(/^\$\s*/, '')
    .trim();
  if (text === '') {
    return refuse(`Enter an amount. ${ALLOWED_AMOUNT}`);
  }
  if (!AMOUNT.test(text)) {
    return refuse(`"${input.trim()}" is not an amount. ${ALLOWED_AMOUNT}`);
  }
  const [whole = '0', fraction = ''] = text.replace(/[, ]/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    return refuse(`That amount is too large. ${ALLOWED_AMOUNT}`);
  }
  if (cents === 0) {
    return refuse('Enter an amount above $0.');
  }
  return accept(cents);
}

export const dollars = (value: number): Cents => Math.round(value * 100);

export type MoneyFormat = {locale: string; currency: string};

// Building an Intl.NumberFormat costs far more than using one, and a form formats
// dozens of amounts as it renders, so each locale, currency and precision builds one.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, digits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.NumberFormat(locale, {style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits});
    formatters.set(key, found);
  }
  return found;
}

/** "$35" for whole dollars, "$35.50" otherwise, in the configured locale and currency. */
export function formatMoney(cents: Cents, {locale, currency}: MoneyFormat): string {
  return formatter(locale, currency, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

/** A percentage of an amount, rounded to the nearest cent. */
export const percentOf = (cents: Cents, percent: number): Cents => Math.round((cents * percent) / 100);
