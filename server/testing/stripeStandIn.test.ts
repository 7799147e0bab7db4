/** The stand-in keeps Stripe's documented promises about idempotent requests, through the official SDK. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import Stripe from 'stripe';
import {startStripeStandIn, type StripeStandIn} from './stripeStandIn';

let standIn: StripeStandIn;
let stripe: Stripe;
beforeEach(async () => {
  standIn = await startStripeStandIn();
  stripe = standIn.client();
});
afterEach(() => standIn.close());

const intent = {amount: 1000, currency: 'aud', metadata: {order: 'a'}};

describe('the Stripe stand-in', () => {
  it('answers a repeated key with the first answer, marked as replayed', async () => {
    const first = await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-1'});
    const again = await stripe.paymentIntents.create({metadata: {order: 'a'}, currency: 'aud', amount: 1000}, {idempotencyKey: 'key-1'});
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.paymentIntents.size).toBe(1);
    expect(standIn.requests.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      ['key-1', false],
      ['key-1', true],
    ]);
  });

  it('refuses a key reused with other parameters', async () => {
    await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-2'});
    await expect(stripe.paymentIntents.create({...intent, amount: 2000}, {idempotencyKey: 'key-2'})).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('keeps no answer for a rate-limited request, so the same key may be tried again', async () => {
    standIn.failNext('rate-limit');
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-3'})).rejects.toMatchObject({type: 'StripeRateLimitError'});
    expect((await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-3'})).amount).toBe(1000);
  });

  it('keeps a decline: the same key gets the same decline', async () => {
    standIn.failNext('decline');
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-4'})).rejects.toMatchObject({type: 'StripeCardError'});
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-4'})).rejects.toMatchObject({code: 'card_declined'});
    expect(standIn.paymentIntents.size).toBe(0);
  });

  it('wants a secret key, and refuses what Stripe refuses', async () => {
    const stranger = new Stripe('rk_nothing', {host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0});
    await expect(stranger.paymentIntents.create(intent)).rejects.toMatchObject({type: 'StripeAuthenticationError'});
    await expect(stripe.paymentIntents.create({...intent, amount: 20})).rejects.toMatchObject({code: 'amount_too_small'});
    await expect(stripe.paymentIntents.create({...intent, customer: 'cus_nobody'})).rejects.toMatchObject({code: 'resource_missing'});
  });
});

describe('the stand-in’s Checkout Sessions', () => {
  const lineItem = (recurring?: {interval: 'month'}) => ({
    price_data: {currency: 'aud', product: 'prod_gift', unit_amount: 2500, recurring},
    quantity: 1,
  });

  it('makes a session with the address of Stripe’s page, and refuses prices in the wrong mode', async () => {
    await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem()],
      success_url: 'https://www.example.org/',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: 2500,
      url: `https://checkout.stripe.com/c/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    await expect(stripe.checkout.sessions.create({mode: 'payment', line_items: [lineItem({interval: 'month'})]})).rejects.toMatchObject({
      param: 'line_items',
    });
    await expect(stripe.checkout.sessions.create({mode: 'subscription', line_items: [lineItem()]})).rejects.toMatchObject({
      param: 'line_items',
    });
  });
});
