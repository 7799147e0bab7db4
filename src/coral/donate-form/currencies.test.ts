/**
 * A donate form in the Pacific's currencies: the Fiji dollar (cents, like the Australian dollar) and the CFP franc of
 * New Caledonia and French Polynesia, which Stripe takes in whole francs. What a supporter types, what the form shows,
 * and what a config may say.
 */
import {describe, expect, it} from 'vitest';
import {formatMoney, parseAmount} from '../shared/money';
import {amountOf, buttonAmountOf, problems, refusedAmount, totalOf, type DonateState} from './machine';
import {checks, config, run} from './machine.testing';
import {parseDonateFormConfig} from './parse';

const FJD = {currency: 'FJD', locale: 'en-FJ', amounts: {monthly: {handles: [{amount: 10}, {amount: 25}], min: 5, max: 500}}};
const XPF = {
  currency: 'XPF',
  locale: 'fr-NC',
  amounts: {
    'one-off': {handles: [{amount: 1000}, {amount: 2500}, {amount: 5000}], min: 500, max: 500_000},
    monthly: {handles: [{amount: 1000}, {amount: 2000}], min: 500, max: 100_000},
  },
  coverFees: {enabled: true, percent: 3},
};

/** Intl's French groups thousands with a narrow no-break space; the tests read it as a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const other = (text: string, frequency: 'one-off' | 'monthly' = 'one-off') => [
  {type: 'frequency', frequency} as const,
  {type: 'other-amount', text} as const,
];

describe('a form in Fiji dollars', () => {
  const cfg = config(FJD);

  it('reads dollars and cents as an Australian form does', () => {
    expect(amountOf(cfg, run(cfg, other('25.50', 'monthly')))).toEqual({ok: true, value: 2550});
    expect(amountOf(cfg, run(cfg, other('$1,000', 'monthly')))).toEqual({
      ok: false,
      reason: 'The largest monthly gift we can take online is $500. For more, please call us.',
    });
  });

  it('shows amounts as Fijians write them', () => {
    expect(formatMoney(2550, cfg)).toBe('$25.50');
    expect(formatMoney(100_000, cfg)).toBe('$1,000');
  });
});

describe('a form in CFP francs', () => {
  const cfg = config(XPF);

  it('reads whole francs, with the spaces French groups thousands with', () => {
    for (const text of ['1000', '1 000', '1\u202f000', '1\u00a0000', '1000.00']) {
      expect(amountOf(cfg, run(cfg, other(text))), text).toEqual({ok: true, value: 100_000});
    }
  });

  it('refuses francs with cents, saying so, and shows no total for them', () => {
    const state = run(cfg, other('1000.50'));
    expect(amountOf(cfg, state)).toEqual({ok: false, reason: 'Enter a whole amount, like 1000.'});
    expect(totalOf(cfg, state)).toBeNull();
    expect(problems(cfg, state, checks).otherAmount).toBe('Enter a whole amount, like 1000.');
  });

  it('asks for whole francs, not dollars, when what is typed is no amount at all', () => {
    expect(amountOf(cfg, run(cfg, other('mille')))).toEqual({
      ok: false,
      reason: '"mille" is not an amount. Enter a whole amount, like 1000.',
    });
  });

  it('shows amounts as a supporter in Nouméa reads them', () => {
    expect(plain(formatMoney(100_000, cfg))).toBe('1 000 FCFP');
    const below = amountOf(cfg, run(cfg, other('100')));
    expect(below.ok ? null : plain(below.reason)).toBe('The smallest one-off gift we can take is 500 FCFP.');
  });

  it('rounds the cover fee to whole francs, in the total and on the button', () => {
    const state: DonateState = run(cfg, [...other('1234'), {type: 'toggle', field: 'coverFees', value: true}]);
    // 3 % of 1234 francs is 37.02: Stripe takes 37.
    expect(totalOf(cfg, state)).toMatchObject({amount: 123_400, fee: 3700, perPayment: 127_100});
    expect(buttonAmountOf(cfg, state)).toBe(127_100);
  });

  it('takes no amount with cents from the page or the address', () => {
    expect(refusedAmount(cfg, 100_050, 'one-off')).toBe('Enter a whole amount, like 1000.');
    expect(refusedAmount(cfg, 100_000, 'one-off')).toBeNull();
  });
});

describe('parsing an amount with a unit', () => {
  it('is unchanged for a currency with cents', () => {
    expect(parseAmount('25.50', undefined, '$0', 1)).toEqual({ok: true, value: 2550});
  });

  it('refuses a fraction of the unit, and takes whole ones', () => {
    expect(parseAmount('1000.5', undefined, '0 FCFP', 100)).toEqual({ok: false, reason: 'Enter a whole amount, like 1000.'});
    expect(parseAmount('1 000', undefined, '0 FCFP', 100)).toEqual({ok: true, value: 100_000});
  });
});

describe('a config in a Pacific currency, as the endpoint and the docs parse it', () => {
  const errors = (input: Record<string, unknown>) => {
    const result = parseDonateFormConfig({campaign: 'reef', ...input});
    return result.ok ? [] : result.errors.map(({path, message}) => ({path, message}));
  };

  it('takes a minimum at or above Stripe’s smallest charge in the currency', () => {
    expect(errors(FJD)).toEqual([]);
    expect(errors(XPF)).toEqual([]);
  });

  it('refuses a min under Stripe’s smallest charge, naming the key and the figure', () => {
    expect(errors({...XPF, amounts: {...XPF.amounts, monthly: {handles: [{amount: 100}], min: 100, max: 1000}}})).toEqual([
      {path: 'amounts.monthly.min', message: 'expected at least 110, the smallest charge Stripe takes in XPF'},
    ]);
    // A frequency left at the default limits too: its minimum of 5 is 5 francs.
    expect(errors({currency: 'XPF', frequencies: ['one-off']})).toContainEqual({
      path: 'amounts.one-off.min',
      message: 'expected at least 110, the smallest charge Stripe takes in XPF',
    });
    expect(errors({currency: 'FJD', frequencies: ['daily']})).toEqual([
      {path: 'amounts.daily.min', message: 'expected at least 3, the smallest charge Stripe takes in FJD'},
    ]);
    expect(errors({currency: 'GBP', amounts: {'one-off': {handles: [{amount: 1}], min: 0.2}}})).toEqual([
      {path: 'amounts.one-off.min', message: 'expected at least 0.3, the smallest charge Stripe takes in GBP'},
    ]);
  });

  it('refuses francs with cents anywhere in the limits or handles', () => {
    const broken = {...XPF, amounts: {...XPF.amounts, monthly: {handles: [{amount: 1000.5}, {amount: 2000}], min: 500, max: 100_000.25}}};
    expect(errors(broken)).toEqual([
      {path: 'amounts.monthly.max', message: 'expected a whole amount: Stripe takes XPF without cents'},
      {path: 'amounts.monthly.handles.0.amount', message: 'expected a whole amount: Stripe takes XPF without cents'},
    ]);
  });

  it('checks no minimum for a currency outside the table: Stripe counts it at the day’s rate', () => {
    expect(errors({currency: 'IDR', amounts: {'one-off': {handles: [{amount: 1}], min: 0.01}}})).toEqual([]);
  });
});
