/**
 * What Stripe holds the endpoint to, through the stand-in: the Payment Element's own list of methods on
 * every intent, a Customer of its own for every gift, a daily gift's end fixed from its start, and a direct
 * debit's outcome told by webhook.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {deliver, giftBody, makeHandler, post} from './testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from './testing/stripeStandIn';

const DAY = 86_400;
const START = 1_767_225_600;

let stripe: StripeStandIn;
let setup: ReturnType<typeof makeHandler>;
/** Stripe's clock, which a test moves on to deliver an event late. */
let stripeNow = START;

beforeEach(async () => {
  stripeNow = START;
  stripe = await startStripeStandIn({clock: () => stripeNow});
  setup = makeHandler(stripe);
});
afterEach(() => stripe.close());

const daily = giftBody({frequency: 'daily', amount: 500, days: 7});

describe('the methods each intent allows', () => {
  it('a recurring gift by card allows direct debit too, as the campaign’s Payment Element offers both', async () => {
    const {body} = await post(setup.handler, '/gifts', giftBody({frequency: 'monthly', amount: 2500}));
    const sub = stripe.subscriptions.get(String(body.reference))!;
    expect(sub.payment_settings).toMatchObject({payment_method_types: ['card', 'au_becs_debit']});
    // Stripe.js confirms with what the supporter chose in the Element, whichever tab it was.
    expect(stripe.confirm(String(body.clientSecret), 'pm_au_becs_debit').map((e) => e.type)).toEqual(['payment_intent.processing']);
  });

  it('a one-off gift allows card alone, as the form offers direct debit for recurring gifts only', async () => {
    const {body} = await post(setup.handler, '/gifts', giftBody());
    expect(stripe.paymentIntents.get(String(body.reference))).toMatchObject({payment_method_types: ['card']});
    expect(() => stripe.confirm(String(body.clientSecret), 'pm_au_becs_debit')).toThrow(/does not take au_becs_debit/);
  });

  it('still refuses a method the campaign does not offer', async () => {
    const {status, body} = await post(setup.handler, '/gifts', giftBody({campaign: 'ban-deep-sea-mining', method: 'direct-debit'}));
    expect({status, body}).toEqual({status: 400, body: {status: 'rejected', reason: expect.stringMatching(/^method: /) as unknown}});
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('the supporter’s Customer', () => {
  it('is a new one for every gift: an email typed in finds no one', async () => {
    const first = await post(setup.handler, '/gifts', giftBody());
    const second = await post(setup.handler, '/gifts', giftBody({amount: 9000}));
    const customerOf = (reference: unknown) => stripe.paymentIntents.get(String(reference))?.customer;
    expect(customerOf(second.body.reference)).not.toBe(customerOf(first.body.reference));
    expect(stripe.customers.size).toBe(2);
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/customers')).toEqual([]);
  });
});

describe('a daily gift’s end', () => {
  const endOf = (reference: string) => stripe.subscriptions.get(reference)?.cancel_at;

  it('is set from the subscription’s start once its first payment is made, however late Stripe tells', async () => {
    const {status, body} = await post(setup.handler, '/gifts', daily);
    expect(status).toBe(200);
    const reference = String(body.reference);
    const events = stripe.confirm(String(body.clientSecret), 'pm_card_visa');
    stripeNow = START + 2 * DAY + 3600;
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    for (let i = 0; i < 2; i += 1) expect((await deliver(setup.handler, paid)).status).toBe(200);
    expect(endOf(reference)).toBe(START + 7 * DAY);
    expect(stripe.chargeDates(reference)).toHaveLength(7);
  });

  it('told only after its last day, ends with the day under way rather than never', async () => {
    const {body} = await post(setup.handler, '/gifts', daily);
    const paid = stripe.confirm(String(body.clientSecret), 'pm_card_visa').find((e) => e.type === 'invoice.paid')!;
    stripeNow = START + 9 * DAY + 3600;
    expect((await deliver(setup.handler, paid)).status).toBe(200);
    expect(endOf(String(body.reference))).toBe(START + 10 * DAY);
  });

  it('that Stripe could not set answers the event 500, so Stripe sends it again, and then it is set', async () => {
    const {body} = await post(setup.handler, '/gifts', daily);
    const paid = stripe.confirm(String(body.clientSecret), 'pm_card_visa').find((e) => e.type === 'invoice.paid')!;
    stripe.failNext('rate-limit', {path: /^\/v1\/subscriptions\/.+/});
    expect((await deliver(setup.handler, paid)).status).toBe(500);
    expect(setup.store.all()).toEqual([]);
    expect((await deliver(setup.handler, paid)).status).toBe(200);
    expect(endOf(String(body.reference))).toBe(START + 7 * DAY);
  });

  it('is set from the start when a hosted checkout’s completion arrives two days late', async () => {
    const {body} = await post(setup.handler, '/checkout', {
      ...giftBody({frequency: 'daily', amount: 500, days: 7}),
      method: undefined,
      returnUrl: 'https://www.example.org/thanks',
      cancelUrl: 'https://www.example.org/donate',
    });
    const completed = stripe.completeCheckout(String(body.reference)).find((e) => e.type === 'checkout.session.completed')!;
    stripeNow = START + 2 * DAY + 3600;
    expect((await deliver(setup.handler, completed)).status).toBe(200);
    const reference = String(stripe.checkoutSessions.get(String(body.reference))?.subscription);
    expect(endOf(reference)).toBe(START + 7 * DAY);
    expect(stripe.chargeDates(reference)).toHaveLength(7);
  });
});

describe('a direct debit', () => {
  /** A monthly gift by direct debit, confirmed: Stripe answers it processing, and tells nothing more until the bank does. */
  async function debit() {
    const {body} = await post(setup.handler, '/gifts', giftBody({frequency: 'monthly', amount: 2500, method: 'direct-debit'}));
    const reference = String(body.reference);
    const confirmed = stripe.confirm(String(body.clientSecret), 'pm_au_becs_debit');
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === body.clientSecret)!;
    expect(intent.status).toBe('processing');
    expect(confirmed.map((e) => e.type)).toEqual(['payment_intent.processing']);
    expect((await deliver(setup.handler, confirmed[0]!)).body).toEqual({received: true, recorded: false});
    expect(stripe.subscriptions.get(reference)?.status).toBe('incomplete');
    return {reference, intent: String(intent.id)};
  }

  it('that clears is recorded paid once, from the signed events the bank’s answer brings', async () => {
    const {reference, intent} = await debit();
    const settled = stripe.settle(intent, 'succeeded');
    expect(settled.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid']);
    for (const event of [...settled, ...settled]) expect((await deliver(setup.handler, event)).status).toBe(200);
    const invoice = settled[1]!.data as {object: {id: string}};
    expect(setup.store.all().map(([key, record]) => [key, record.outcome, record.reference])).toEqual([
      [`paid:${invoice.object.id}`, 'paid', reference],
    ]);
    expect(stripe.subscriptions.get(reference)?.status).toBe('active');
  });

  it('that the bank refuses is recorded failed once', async () => {
    const {reference, intent} = await debit();
    const settled = stripe.settle(intent, 'failed');
    expect(settled.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    for (const event of [...settled, ...settled]) expect((await deliver(setup.handler, event)).status).toBe(200);
    const failed = settled[1]!;
    expect(setup.store.all().map(([key, record]) => [key, record.outcome, record.reference])).toEqual([
      [`failed:${String(failed.id)}`, 'failed', reference],
    ]);
  });
});
