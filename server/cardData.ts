/**
 * Finds anything in a request body that looks like card data. Card numbers
 * are never ours: Stripe.js sends them from the supporter's browser straight to
 * Stripe, so a body that carries one is refused whole, and the value is never
 * echoed or logged, only where it was.
 */
import {luhn} from '../src/coral/contract';

// Keys a form or a script would use for card fields, in any case, with or without separators.
const CARD_KEY = /^(?:number|card|cards|cardnumber|ccnumber|cc|pan|cvc|cvv|cvc2|cvv2|csc|securitycode|expiry|exp|expmonth|expyear)$/;

// 13 to 19 digits, possibly grouped by spaces or dashes, as card numbers are typed.
const DIGIT_RUN = /\d(?:[ -]?\d){12,18}/g;

const normalisedKey = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A run of 13–19 digits passing the Luhn check, as every card number does.
 * The check spares the long numbers a gift honestly carries (an ad id in a
 * utm parameter fails it nine times in ten) without letting a card through.
 */
function holdsCardNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (luhn(match[0].replace(/[ -]/g, ''))) return true;
  }
  return false;
}

/** The path of the first card-like key or value, e.g. `payment.number`; null when there is none. */
export function findCardData(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return holdsCardNumber(value) ? path.join('.') || '(body)' : null;
  if (typeof value === 'number') return Number.isInteger(value) && holdsCardNumber(String(value)) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findCardData(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CARD_KEY.test(normalisedKey(key))) return [...path, key].join('.');
      const found = findCardData(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
