import {describe, expect, it} from 'vitest';
import {loadMobileChecks, loadPaymentChecks} from '../shared/fields';
import {dataLayerFor, eventFor} from './events';
import {initialState, reduce, type Action, type Checks, type DonateState} from './machine';
import {parseDonateFormConfig} from './parse';

const {normaliseMobile} = await loadMobileChecks();
const payment = await loadPaymentChecks();

const parsed = parseDonateFormConfig({campaign: 'reef', rgUpgrade: {enabled: true}, coverFees: {enabled: true}, analytics: true});
if (!parsed.ok) throw new Error('bad test config');
const config = parsed.config;
const checks: Checks = {now: new Date('2026-11-22'), mobile: (v) => normaliseMobile(v), payment};

const flow: Action[] = [
  {type: 'engage'},
  {type: 'other-amount', text: '90'},
  {type: 'toggle', field: 'coverFees', value: true},
  {type: 'field', field: 'firstName', value: 'Mere'},
  {type: 'field', field: 'lastName', value: 'Tane'},
  {type: 'field', field: 'email', value: 'mere.tane@example.org'},
  {type: 'field', field: 'phone', value: '0412 345 678'},
  {type: 'field', field: 'postcode', value: '2000'},
  {type: 'field', field: 'cardNumber', value: '4242 4242 4242 4242'},
  {type: 'field', field: 'expiry', value: '12/29'},
  {type: 'field', field: 'cvc', value: '123'},
  {type: 'submit', checks, key: 'k', date: '2026-11-22'},
  {type: 'upsell', answer: 'accept', checks, key: 'k', date: '2026-11-22'},
  {type: 'charged', key: 'k', result: {status: 'approved', reference: 'CRL-42'}, date: '2026-11-22'},
];
const end: DonateState = flow.reduce((s, a) => reduce(config, s, a), initialState(config));
const notices = end.outbox.map((o) => o.notice);

describe('donate form events', () => {
  it('reports the whole flow as coral: events in dollars', () => {
    const events = notices.map((n) => eventFor(config, n, ['payment'])).filter(Boolean);
    expect(events.map((e) => e!.name)).toEqual([
      'coral:amount-change',
      'coral:upsell',
      'coral:upsell',
      'coral:amount-change',
      'coral:submit',
      'coral:success',
    ]);
    expect(events.at(-1)!.detail).toEqual({
      campaign: 'reef',
      currency: 'AUD',
      reference: 'CRL-42',
      amount: 30,
      fee: 0.9,
      total: 30.9,
      frequency: 'monthly',
      upgradedFrom: {amount: 90, frequency: 'one-off'},
    });
  });

  it('pushes GA4 ecommerce events with the frequency as item_variant', () => {
    const pushes = notices.map((n) => dataLayerFor(config, n, 6000, 'one-off')).filter(Boolean);
    expect(pushes.map((p) => p!.event)).toEqual(['begin_checkout', 'upsell_shown', 'upsell_accepted', 'add_payment_info', 'purchase']);
    expect(pushes.at(-1)).toMatchObject({
      ecommerce: {currency: 'AUD', value: 30.9, transaction_id: 'CRL-42', items: [{item_id: 'reef', item_variant: 'monthly', price: 30.9}]},
    });
  });

  it('never lets personal data into an event or a push', () => {
    const everything = JSON.stringify([
      notices.map((n) => eventFor(config, n, ['payment'])),
      notices.map((n) => dataLayerFor(config, n, 6000, 'one-off')),
    ]);
    for (const personal of ['Mere', 'Tane', 'mere.tane', '0412', '+61412345678', '4242', '2000"', '12/29']) {
      expect(everything).not.toContain(personal);
    }
  });

  it('says whether money may have moved when a payment fails', () => {
    const failed = reduce(config, end, {type: 'charged', key: 'x', result: {status: 'declined', reason: 'r'}, date: ''});
    expect(failed).toBe(end);
    const unknown = eventFor(
      config,
      {type: 'error', result: {status: 'error', outcome: 'unknown', retryable: false, detail: 'no answer within 15 s'}},
      ['payment'],
    );
    expect(unknown?.detail).toMatchObject({kind: 'error', charged: 'unknown', retryable: false});
  });
});
