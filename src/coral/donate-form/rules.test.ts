import {describe, expect, it} from 'vitest';
import {checkOtherAmount, defaultHandle, giftTotal, initialFrequency, limitsFor} from './rules';
import {type DonateFormConfig, type DonateFormConfigInput} from './schema';
import {parseDonateFormConfig} from './parse';

function config(input: Partial<DonateFormConfigInput> = {}): DonateFormConfig {
  const result = parseDonateFormConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

describe('other amounts', () => {
  const limits = limitsFor(config(), 'monthly'); // $5 to $2,000

  it('accepts an amount within the limits exactly as typed, the limits themselves included', () => {
    expect(checkOtherAmount('$1,000', limits)).toEqual({ok: true, value: 100000});
    expect(checkOtherAmount('5', limits)).toEqual({ok: true, value: 500});
    expect(checkOtherAmount('2,000.00', limits)).toEqual({ok: true, value: 200000});
  });

  it('names the limit an amount falls outside', () => {
    expect(checkOtherAmount('4.99', limits)).toEqual({ok: false, problem: {kind: 'below-min', limit: 500}});
    expect(checkOtherAmount('2000.01', limits)).toEqual({ok: false, problem: {kind: 'above-max', limit: 200000}});
  });

  it('passes on why unreadable text was refused', () => {
    const result = checkOtherAmount('abc', limits);
    expect(result.ok === false && 'problem' in result && result.problem.kind).toBe('unreadable');
  });
});

describe('totals', () => {
  it('shows a daily gift over its whole term', () => {
    expect(giftTotal(500, 'daily', {dailyDays: 7, coverFeesPercent: null})).toEqual({
      amount: 500,
      fee: 0,
      perPayment: 500,
      total: 3500,
      payments: 7,
    });
  });

  it('leaves weekly and monthly gifts open-ended', () => {
    expect(giftTotal(1000, 'weekly', {dailyDays: 7, coverFeesPercent: null})).toMatchObject({total: 1000, payments: null});
  });

  it('adds cover fees to each payment, rounded to the cent', () => {
    expect(giftTotal(3500, 'one-off', {dailyDays: 7, coverFeesPercent: 3})).toMatchObject({fee: 105, total: 3605});
    expect(giftTotal(500, 'daily', {dailyDays: 7, coverFeesPercent: 3})).toMatchObject({fee: 15, perPayment: 515, total: 3605});
  });
});

describe('starting values', () => {
  it('starts on the default frequency and handle', () => {
    const c = config({frequencies: ['monthly', 'one-off'], amounts: {monthly: {handles: [{amount: 10}, {amount: 20}], defaultAmount: 20}}});
    expect(initialFrequency(c)).toBe('monthly');
    expect(defaultHandle(c, 'monthly')).toBe(2000);
    expect(defaultHandle(c, 'one-off')).toBe(6000);
    expect(initialFrequency(config({frequencies: ['weekly', 'monthly'], defaultFrequency: 'monthly'}))).toBe('monthly');
  });
});
