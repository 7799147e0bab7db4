/** Card checks done before a payment is attempted: number, expiry and CVC. */
import {accept, refuse, type Check} from './result';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

const digitsOnly = (input: string): string => input.replace(/[\s-]/g, '');

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  // Number(' ') is 0, so anything but digits must fail here rather than count as zeros.
  return /^\d+$/.test(digits) && sum % 10 === 0;
}

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

export function validateCardNumber(input: string): Check<{number: string; brand: CardBrand}> {
  const digits = digitsOnly(input);
  if (digits === '') return refuse('Enter your card number.');
  if (!/^\d+$/.test(digits)) return refuse('A card number has digits only (spaces are fine).');
  const brand = cardBrand(digits);
  if (brand === 'unknown') return refuse('We accept Visa, Mastercard and American Express.');
  if (!LENGTHS[brand].includes(digits.length) || !luhn(digits)) {
    return refuse('That card number is not valid: check it against your card.');
  }
  return accept({number: digits, brand});
}

/** "MM/YY" or "MM / YY"; the card must be valid at least until the end of this month. */
export function validateExpiry(input: string, now: Date): Check<{month: number; year: number}> {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return refuse('Enter the expiry date as MM/YY, like 04/29.');
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return refuse('The month of the expiry date runs from 01 to 12.');
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return refuse('This card has expired: use another card.');
  if (year > now.getFullYear() + 20) return refuse('Check the expiry year: it is too far ahead.');
  return accept({month, year});
}

export function validateCvc(input: string, brand: CardBrand): Check<string> {
  const digits = input.trim();
  const length = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${length}}$`).test(digits)) {
    return refuse(
      brand === 'amex'
        ? 'The security code is the 4 digits on the front of your card.'
        : 'The security code is the 3 digits on the back of your card.',
    );
  }
  return accept(digits);
}
