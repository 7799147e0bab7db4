import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {currencySymbol, formatMoney, parseAmount, percentOf} from './money';

const aud = {locale: 'en-AU', currency: 'AUD'};

describe('parseAmount', () => {
  it.each([
    ['25', 2500],
    [' 25 ', 2500],
    ['$25', 2500],
    ['$ 35', 3500],
    [' $25', 2500],
    ['  NZ$ 40 ', 4000],
    ['25.50', 2550],
    ['25.5', 2550],
    ['$1,000', 100000],
    ['1 000', 100000],
    ['1,234,567.89', 123456789],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ok: true, value: cents});
  });

  it.each([
    ['abc', /not an amount/],
    ['-5', /not an amount/],
    ['1e3', /not an amount/],
    ['', /Enter an amount/],
    ['   ', /Enter an amount/],
    ['25.555', /not an amount/],
    ['1,00', /not an amount/],
    ['0', /above \$0/],
    ['$0.00', /above \$0/],
    ['12abc', /not an amount/],
    ['12$50', /not an amount/],
    ['1€000', /not an amount/],
    ['٣٥', /not an amount/],
  ])('refuses %j and says why', (input, reason) => {
    const result = parseAmount(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
    }
  });

  it('asks for an amount when none is typed, a currency sign alone included, rather than calling nothing "not an amount"', () => {
    for (const input of ['', '   ', '$', ' NZ$ ']) {
      expect(parseAmount(input)).toEqual({ok: false, reason: 'Enter an amount. Enter an amount in dollars, like 25 or 25.50.'});
    }
  });

  it('quotes what was typed when it is not an amount, without the spaces around it', () => {
    expect(parseAmount('  12abc ')).toEqual({ok: false, reason: '"12abc" is not an amount. Enter an amount in dollars, like 25 or 25.50.'});
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = parseAmount(input);
        return result.ok ? Number.isSafeInteger(result.value) && result.value > 0 : result.reason.length > 0;
      }),
      {numRuns: 1000},
    );
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({min: 1, max: 10_000_000}), (cents) => {
        const result = parseAmount(formatMoney(cents, aud));
        return result.ok && result.value === cents;
      }),
      {numRuns: 1000},
    );
  });
});

describe('formatMoney', () => {
  it('drops cents from whole dollars and keeps them otherwise', () => {
    expect(formatMoney(3500, aud)).toBe('$35');
    expect(formatMoney(3550, aud)).toBe('$35.50');
    expect(formatMoney(100000, aud)).toBe('$1,000');
  });

  it('uses the configured currency and locale', () => {
    expect(formatMoney(3500, {locale: 'en-NZ', currency: 'NZD'})).toBe('$35');
    // ICU builds differ in the exact symbol ("NZ$35", "NZD 35"); both name the currency.
    expect(formatMoney(3500, {locale: 'en-AU', currency: 'NZD'})).toMatch(/^NZ.*35$/);
  });
});

describe('percentOf', () => {
  it('rounds to the nearest cent', () => {
    expect(percentOf(3500, 3)).toBe(105);
    expect(percentOf(3333, 3)).toBe(100);
    expect(percentOf(1050, 2.5)).toBe(26);
  });
});

describe('currencySymbol', () => {
  it('writes the configured currency as the locale does, never a fixed dollar sign', () => {
    expect(currencySymbol({locale: 'en-AU', currency: 'AUD'})).toBe('$');
    expect(currencySymbol({locale: 'en-GB', currency: 'GBP'})).toBe('£');
    expect(currencySymbol({locale: 'de-DE', currency: 'EUR'})).toBe('€');
    // Australian English marks New Zealand dollars apart from its own ("NZ$" or "NZD", by the browser's data).
    expect(currencySymbol({locale: 'en-AU', currency: 'NZD'})).toMatch(/^NZ/);
  });

  it('is taken off an amount typed after it', () => {
    expect(parseAmount('NZ$ 40')).toEqual({ok: true, value: 4000});
    expect(parseAmount('€12.50')).toEqual({ok: true, value: 1250});
    expect(parseAmount('$$5').ok).toBe(false);
  });
});
