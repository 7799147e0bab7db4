import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {cardBrand, formatCardNumber, formatExpiry, luhn, validateCardNumber, validateCvc, validateExpiry, type CardBrand} from './card';
import {hostileString, MARKUP, PROPERTY_TIMEOUT_MS} from '../testing';

const brands: CardBrand[] = ['visa', 'mastercard', 'amex', 'unknown'];
const now = fc.date({min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true});

describe('card checks, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('reads a card number only from digits, spaces and dashes, and gives a reason for every refusal', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        const result = validateCardNumber(input);
        if (result.ok) {
          expect(input).toMatch(/^[\s\d-]+$/);
          expect(result.value.number).toMatch(/^\d{13,19}$/);
          expect(luhn(result.value.number)).toBe(true);
          expect(result.value.brand).not.toBe('unknown');
          expect(cardBrand(result.value.number)).toBe(result.value.brand);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });

  it('accepts only an expiry from this month to twenty years ahead', () => {
    fc.assert(
      fc.property(hostileString, now, (input, today) => {
        const result = validateExpiry(input, today);
        if (result.ok) {
          expect(input).not.toMatch(MARKUP);
          const {month, year} = result.value;
          expect(Number.isInteger(month) && month >= 1 && month <= 12).toBe(true);
          expect(year * 12 + month - 1).toBeGreaterThanOrEqual(today.getFullYear() * 12 + today.getMonth());
          expect(year).toBeLessThanOrEqual(today.getFullYear() + 20);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });

  it('reads an expiry typed key by key as MMYY, MM/YY, MM / YY or MM/YYYY as that month, whatever the year’s digits', () => {
    const typed = (keys: string) => [...keys].reduce((shown, key) => formatExpiry(shown + key, shown), '');
    fc.assert(
      fc.property(
        now,
        fc.integer({min: 0, max: 20 * 12 - 1}),
        fc.constantFrom('MMYY', 'MM/YY', 'MM / YY', 'MM/YYYY'),
        (today, ahead, shape) => {
          const at = today.getFullYear() * 12 + today.getMonth() + ahead;
          const [year, month] = [Math.floor(at / 12), (at % 12) + 1];
          const keys = shape
            .replace('MM', String(month).padStart(2, '0'))
            .replace('YYYY', String(year))
            .replace('YY', String(year % 100).padStart(2, '0'));
          // A two-digit year is read in this century: a card from the next one is typed with four.
          fc.pre(shape === 'MM/YYYY' || year < 2100);
          expect(validateExpiry(typed(keys), today)).toEqual({ok: true, value: {month, year}});
          expect(validateExpiry(keys, today)).toEqual({ok: true, value: {month, year}});
        },
      ),
      {numRuns: 1000},
    );
  });

  it('drops no digit while formatting a card number or an expiry', () => {
    const digitsOf = (text: string) => text.replace(/\D/g, '');
    fc.assert(
      fc.property(fc.string({unit: fc.constantFrom(...'0123456789 /-'), maxLength: 30}), (keys) => {
        expect(digitsOf(formatCardNumber(keys))).toBe(digitsOf(keys));
        const expiry = [...keys].reduce((shown, key) => formatExpiry(shown + key, shown), '');
        // A month typed as one digit gains its leading zero; nothing is lost.
        expect([digitsOf(keys), `0${digitsOf(keys)}`]).toContain(digitsOf(expiry));
      }),
      {numRuns: 1000},
    );
  });

  it('accepts only three digits as a security code, or four for American Express', () => {
    fc.assert(
      fc.property(hostileString, fc.constantFrom(...brands), (input, brand) => {
        const result = validateCvc(input, brand);
        if (result.ok) expect(result.value).toMatch(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/);
        else expect(result.reason.trim()).not.toBe('');
      }),
      {numRuns: 1000},
    );
  });

  it('names a brand only from the leading digits, and passes the Luhn check only for digits', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        if (cardBrand(input) !== 'unknown') expect(input.replace(/[\s-]/g, '')).toMatch(/^(4|5[1-5]|2[2-7]|3[47])/);
        if (luhn(input)) expect(input).toMatch(/^\d+$/);
      }),
      {numRuns: 1000},
    );
  });

  it('completes any digits with exactly one check digit, and notices any single wrong digit', () => {
    fc.assert(
      fc.property(
        fc.string({unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 18}),
        fc.nat(),
        fc.integer({min: 1, max: 9}),
        (body, at, shift) => {
          const completions = [...'0123456789'].filter((digit) => luhn(body + digit));
          expect(completions).toHaveLength(1);
          const number = body + completions[0]!;
          const i = at % number.length;
          const typo = number.slice(0, i) + String((Number(number[i]) + shift) % 10) + number.slice(i + 1);
          expect(luhn(typo)).toBe(false);
        },
      ),
      {numRuns: 1000},
    );
  });
});
