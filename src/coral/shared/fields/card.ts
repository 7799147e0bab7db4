/** Card checks done before a payment is attempted: number, expiry and CVC. */
import {CARD_MESSAGES, type Messages, accept, refuse, type Check, fill} from '../basics';
import {luhn} from './luhn';

export {luhn};

type CardMessages = Messages<typeof CARD_MESSAGES>;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

const digitsOnly = (input: string): string => input.replace(/[\s-]/g, '');

export function cardBrand(input: string): CardBrand {
  const digits = digitsOnly(input);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  unknown: [],
};

export function validateCardNumber(input: string, messages: CardMessages = CARD_MESSAGES): Check<{number: string; brand: CardBrand}> {
  const digits = digitsOnly(input);
  if (digits === '') return refuse(messages.cardMissing);
  if (!/^\d+$/.test(digits)) return refuse(messages.cardNotDigits);
  const brand = cardBrand(digits);
  if (brand === 'unknown') return refuse(messages.cardBrandRefused);
  const longest = Math.max(...LENGTHS[brand]);
  if (digits.length > longest) return refuse(fill(messages.cardTooLong, {max: longest}));
  if (!LENGTHS[brand].includes(digits.length) || !luhn(digits)) {
    return refuse(messages.cardInvalid);
  }
  return accept({number: digits, brand});
}

/**
 * The digits of a card number in the groups printed on the card: 4-4-4-4 (and
 * up to 19 digits), Amex 4-6-5. Digits beyond those groups stay, in one more
 * group: nothing typed is dropped, and the check says the number is too long.
 */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/**
 * An expiry as it is typed on a numeric keypad, which often has no "/": the
 * digits as "MM / YY" or "MM / YYYY", the separator added once the month is
 * complete (a first digit above 1 is a month on its own: "4" becomes "04 / ",
 * and so is a digit followed by "/": "1/" becomes "01 / "), and removed with
 * the month's last digit when the supporter deletes back over it. No digit is
 * dropped: a year of four digits stays whole, and one too many is the check's
 * to point out.
 */
export function formatExpiry(input: string, previous: string): string {
  const deleting = input.length < previous.length;
  let digits = input.replace(/\D/g, '');
  if (!deleting && /^\s*\d\s*\//.test(input)) digits = `0${digits}`;
  if (deleting && digits.length === 2 && /\/\s*$/.test(previous)) return digits.slice(0, 1);
  if (!deleting && digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits.length === 2 && !deleting ? `${digits} / ` : digits;
}

/**
 * "MM/YY", "MM / YY", "MM/YYYY", or the digits alone ("1234", "12 34",
 * "122034"); the card must be valid at least until the end of this month.
 */
export function validateExpiry(input: string, now: Date, messages: CardMessages = CARD_MESSAGES): Check<{month: number; year: number}> {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input) ?? /^\s*(\d{2})\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return refuse(input.trim() === '' ? messages.expiryMissing : messages.expiryFormat);
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return refuse(messages.expiryMonth);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return refuse(messages.expiryPast);
  if (year > now.getFullYear() + 20) return refuse(messages.expiryTooFar);
  return accept({month, year});
}

export function validateCvc(input: string, brand: CardBrand, messages: CardMessages = CARD_MESSAGES): Check<string> {
  const digits = input.trim();
  const length = brand === 'amex' ? 4 : 3;
  if (digits === '') return refuse(messages.cvcMissing);
  if (!new RegExp(`^\\d{${length}}$`).test(digits)) {
    return refuse(fill(brand === 'amex' ? messages.cvcFront : messages.cvcBack, {digits: length}));
  }
  return accept(digits);
}

/** What was typed in a set of fields, checked: each field's problem, and once every field passes, what they hold. */
export type FieldsChecked<F extends string, T> = {found: Partial<Record<F, string>>; value: T | null};

/** The sandbox's test card fields checked together: the CVC's length follows the number's brand (a Visa's until it is known). */
export function checkCard(
  typed: {cardNumber: string; expiry: string; cvc: string},
  now: Date,
  messages: CardMessages = CARD_MESSAGES,
): FieldsChecked<'cardNumber' | 'expiry' | 'cvc', {number: string; expiry: {month: number; year: number}; cvc: string}> {
  const card = validateCardNumber(typed.cardNumber, messages);
  const expiry = validateExpiry(typed.expiry, now, messages);
  const cvc = validateCvc(typed.cvc, card.ok ? card.value.brand : 'visa', messages);
  return {
    found: {
      ...(card.ok ? {} : {cardNumber: card.reason}),
      ...(expiry.ok ? {} : {expiry: expiry.reason}),
      ...(cvc.ok ? {} : {cvc: cvc.reason}),
    },
    value: card.ok && expiry.ok && cvc.ok ? {number: card.value.number, expiry: expiry.value, cvc: cvc.value} : null,
  };
}
