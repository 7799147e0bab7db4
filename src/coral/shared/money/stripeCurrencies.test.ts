import {describe, expect, it} from 'vitest';
import {fromStripeAmount, smallestUnit, stripeMinimum, stripeMinimums, toStripeAmount, ZERO_DECIMAL_CURRENCIES} from './stripeCurrencies';

describe('Stripe’s zero-decimal currencies', () => {
  it('are the sixteen Stripe lists, the Pacific’s VUV and XPF among them, and not FJD, PGK, SBD, TOP or WST', () => {
    expect(ZERO_DECIMAL_CURRENCIES).toHaveLength(16);
    expect(ZERO_DECIMAL_CURRENCIES).toEqual(expect.arrayContaining(['VUV', 'XPF', 'JPY', 'KRW']));
    for (const currency of ['FJD', 'PGK', 'SBD', 'TOP', 'WST', 'AUD', 'NZD']) expect(ZERO_DECIMAL_CURRENCIES).not.toContain(currency);
  });

  it('take whole units: 100 cents is the smallest amount of one, 1 of any other, in either case', () => {
    expect([smallestUnit('XPF'), smallestUnit('xpf'), smallestUnit('VUV')]).toEqual([100, 100, 100]);
    expect([smallestUnit('FJD'), smallestUnit('AUD'), smallestUnit(''), smallestUnit('XP')]).toEqual([1, 1, 1, 1]);
  });

  it('go to Stripe in whole units and come back as cents; any other currency goes as cents', () => {
    expect(toStripeAmount(100_000, 'XPF')).toBe(1000);
    expect(toStripeAmount(2550, 'FJD')).toBe(2550);
    expect(fromStripeAmount(1000, 'xpf')).toBe(100_000);
    expect(fromStripeAmount(2550, 'fjd')).toBe(2550);
  });
});

describe('Stripe’s smallest charge', () => {
  it('is Stripe’s own figure where its docs list one, in cents', () => {
    expect([stripeMinimum('AUD'), stripeMinimum('NZD'), stripeMinimum('GBP'), stripeMinimum('JPY'), stripeMinimum('HUF')]).toEqual([
      50, 50, 30, 5000, 17_500,
    ]);
  });

  it('is Coral’s rule for the Pacific currencies Stripe takes without a listed figure, in either case', () => {
    expect(['FJD', 'PGK', 'SBD', 'TOP', 'WST', 'VUV', 'xpf'].map(stripeMinimum)).toEqual([300, 500, 900, 300, 300, 12_000, 11_000]);
  });

  it('is unknown outside the table, a name inherited by every object included', () => {
    expect([stripeMinimum('IDR'), stripeMinimum('toString'), stripeMinimum('')]).toEqual([null, null, null]);
  });

  it('is one table for the docs, each figure with where it comes from', () => {
    const table = stripeMinimums();
    expect(new Set(table.map((row) => row.currency)).size).toBe(table.length);
    expect(table.find((row) => row.currency === 'XPF')).toEqual({currency: 'XPF', minimum: 110, source: 'usd-equivalent'});
    expect(table.find((row) => row.currency === 'AUD')).toEqual({currency: 'AUD', minimum: 0.5, source: 'stripe'});
    for (const row of table) expect(stripeMinimum(row.currency)).toBe(Math.round(row.minimum * 100));
    // A zero-decimal currency's minimum is whole units, as Stripe takes it.
    for (const row of table.filter((r) => smallestUnit(r.currency) === 100)) expect(Number.isInteger(row.minimum)).toBe(true);
  });
});
