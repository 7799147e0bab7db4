/**
 * Retention's decision for a gift the records hold no outcome for, by every status Stripe's own types give each
 * object: a gift Stripe took or is taking money for is paid, one that may yet be is open, and the rest unpaid.
 */
import type Stripe from 'stripe';
import {describe, expect, it} from 'vitest';
import {stateOf} from './stripeState';

// Each a Record over the status's whole union, so a status a newer `stripe` adds is a type error here until it is decided.
const PAYMENT: Record<Stripe.PaymentIntent.Status, 'paid' | 'unpaid'> = {
  succeeded: 'paid',
  processing: 'paid',
  requires_capture: 'paid',
  requires_payment_method: 'unpaid',
  requires_confirmation: 'unpaid',
  requires_action: 'unpaid',
  canceled: 'unpaid',
};
const SUBSCRIPTION: Record<Stripe.Subscription.Status, 'paid' | 'open' | 'unpaid'> = {
  active: 'paid',
  trialing: 'paid',
  past_due: 'paid',
  unpaid: 'paid',
  paused: 'paid',
  incomplete: 'open',
  incomplete_expired: 'unpaid',
  canceled: 'unpaid',
};
const CHECKOUT: Record<Stripe.Checkout.Session.Status, 'paid' | 'open' | 'unpaid'> = {complete: 'paid', open: 'open', expired: 'unpaid'};

describe('stateOf', () => {
  it.each(Object.entries(PAYMENT))('a PaymentIntent %s is %s', (status, state) => {
    expect(stateOf({kind: 'payment', object: {status: status as Stripe.PaymentIntent.Status}})).toBe(state);
  });
  it.each(Object.entries(SUBSCRIPTION))('a Subscription %s is %s', (status, state) => {
    expect(stateOf({kind: 'subscription', object: {status: status as Stripe.Subscription.Status}})).toBe(state);
  });
  it.each(Object.entries(CHECKOUT))('a Checkout Session %s is %s', (status, state) => {
    expect(stateOf({kind: 'checkout', object: {status: status as Stripe.Checkout.Session.Status}})).toBe(state);
  });
  it('takes a Checkout Session with no status for one nothing was paid on', () => {
    expect(stateOf({kind: 'checkout', object: {status: null}})).toBe('unpaid');
  });
});
