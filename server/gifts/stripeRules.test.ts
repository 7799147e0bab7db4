/**
 * What Stripe holds the endpoint to, through the stand-in: the Payment Element's own list of methods on
 * every intent, a Customer of its own for every gift, a daily gift's end fixed from its start, and a direct
 * debit's outcome told by webhook.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {deliver, giftBody, makeHandler, newKey, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

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
  it('is a new one for every gift that keeps its payment method: an email typed in finds no one', async () => {
    const first = await post(setup.handler, '/gifts', giftBody({savePaymentMethod: true}));
    const second = await post(setup.handler, '/gifts', giftBody({amount: 9000, savePaymentMethod: true}));
    const customerOf = (reference: unknown) => stripe.paymentIntents.get(String(reference))?.customer;
    expect(customerOf(second.body.reference)).not.toBe(customerOf(first.body.reference));
    expect(stripe.customers.size).toBe(2);
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/customers')).toEqual([]);
  });
});

describe('a daily gift’s end', () => {
  const endOf = (reference: string) => stripe.subscriptions.get(reference)?.cancel_at;
  const subscriptionChanges = () => stripe.requests.filter((r) => r.method === 'POST' && /^\/v1\/subscriptions\/.+/.test(r.path));

  /** A daily gift on /gifts, paid in the browser: answers its subscription and the `invoice.paid` Stripe sends. */
  async function paidDaily() {
    const {status, body} = await post(setup.handler, '/gifts', daily);
    expect(status).toBe(200);
    const paid = stripe.confirm(String(body.clientSecret), 'pm_card_visa').find((e) => e.type === 'invoice.paid')!;
    return {reference: String(body.reference), paid};
  }

  /** A daily gift on a hosted checkout, paid on Stripe's page: answers its subscription and the completion event. */
  async function checkedOutDaily() {
    const {body} = await post(setup.handler, '/checkout', {
      ...giftBody({frequency: 'daily', amount: 500, days: 7}),
      method: undefined,
      returnUrl: 'https://www.example.org/thanks',
      cancelUrl: 'https://www.example.org/donate',
    });
    const completed = stripe.completeCheckout(String(body.reference)).find((e) => e.type === 'checkout.session.completed')!;
    return {reference: String(stripe.checkoutSessions.get(String(body.reference))?.subscription), completed};
  }

  it('is set as the subscription is made, from Stripe’s own clock, before anything is paid', async () => {
    const {body} = await post(setup.handler, '/gifts', daily);
    const reference = String(body.reference);
    expect(stripe.subscriptions.get(reference)).toMatchObject({status: 'incomplete', cancel_at: START + 7 * DAY});
    expect(stripe.requests.find((r) => r.path === '/v1/subscriptions')?.params).toMatchObject({
      cancel_at: String(START + 7 * DAY),
      proration_behavior: 'none',
    });
    expect(stripe.chargeDates(reference)).toHaveLength(7);
  });

  it('is the same when the gift is sent again with its key after Stripe made the Customer', async () => {
    const key = newKey();
    stripe.failNext('rate-limit', {path: /^\/v1\/subscriptions$/});
    expect((await post(setup.handler, '/gifts', daily, {key})).status).toBe(503);
    stripeNow = START + 5 * 60;
    const {status, body} = await post(setup.handler, '/gifts', daily, {key});
    expect(status).toBe(200);
    // Counted from the Customer Stripe made, which the retry meets again: the same request, so Stripe takes the same key.
    expect(endOf(String(body.reference))).toBe(START + 7 * DAY);
    expect(stripe.customers.size).toBe(1);
  });

  it('is not moved by Stripe telling of the first payment late, or twice', async () => {
    const {reference, paid} = await paidDaily();
    stripeNow = START + 9 * DAY + 3600;
    for (let i = 0; i < 2; i += 1) expect((await deliver(setup.handler, paid)).status).toBe(200);
    expect(endOf(reference)).toBe(START + 7 * DAY);
    expect(subscriptionChanges()).toEqual([]);
  });

  it('stays as the supporter changed it in the customer portal, when a late invoice.paid arrives', async () => {
    const {reference, paid} = await paidDaily();
    // The portal's "cancel at the end of the period", after the second day began.
    stripeNow = START + DAY + 3600;
    await stripe.client().subscriptions.update(reference, {cancel_at_period_end: true});
    for (let i = 0; i < 2; i += 1) expect((await deliver(setup.handler, paid)).status).toBe(200);
    expect(stripe.subscriptions.get(reference)).toMatchObject({cancel_at_period_end: true, cancel_at: START + 2 * DAY});
    expect(stripe.chargeDates(reference)).toHaveLength(2);
  });

  it('is set from the start when a hosted checkout’s completion arrives two days late', async () => {
    const {reference, completed} = await checkedOutDaily();
    stripeNow = START + 2 * DAY + 3600;
    expect((await deliver(setup.handler, completed)).status).toBe(200);
    expect(endOf(reference)).toBe(START + 7 * DAY);
    expect(stripe.chargeDates(reference)).toHaveLength(7);
  });

  it('of a hosted checkout, told only after its last day, ends with the day under way rather than never', async () => {
    const {reference, completed} = await checkedOutDaily();
    stripeNow = START + 9 * DAY + 3600;
    expect((await deliver(setup.handler, completed)).status).toBe(200);
    expect(endOf(reference)).toBe(START + 10 * DAY);
  });

  it('of a hosted checkout, that Stripe could not set, answers the event 500, so Stripe sends it again, and then it is set', async () => {
    const {reference, completed} = await checkedOutDaily();
    stripe.failNext('rate-limit', {path: /^\/v1\/subscriptions\/.+/});
    expect((await deliver(setup.handler, completed)).status).toBe(500);
    expect(setup.store.all()).toEqual([]);
    expect((await deliver(setup.handler, completed)).status).toBe(200);
    expect(endOf(reference)).toBe(START + 7 * DAY);
  });

  it('of a hosted checkout, is never lengthened: an earlier end, one at the period’s end, or a cancelled gift stands', async () => {
    const client = stripe.client();
    const earlier = await checkedOutDaily();
    // Ended sooner in the Dashboard before Stripe's completion event arrived.
    await client.subscriptions.update(earlier.reference, {cancel_at: START + 3 * DAY});
    const atPeriodEnd = await checkedOutDaily();
    await client.subscriptions.update(atPeriodEnd.reference, {cancel_at_period_end: true});
    const cancelled = await checkedOutDaily();
    await client.subscriptions.cancel(cancelled.reference);
    const before = subscriptionChanges().length;
    for (const gift of [earlier, atPeriodEnd, cancelled]) expect((await deliver(setup.handler, gift.completed)).status).toBe(200);
    expect(subscriptionChanges()).toHaveLength(before);
    expect(stripe.subscriptions.get(earlier.reference)).toMatchObject({cancel_at: START + 3 * DAY, cancel_at_period_end: false});
    expect(stripe.subscriptions.get(atPeriodEnd.reference)).toMatchObject({cancel_at: START + DAY, cancel_at_period_end: true});
    expect(stripe.subscriptions.get(cancelled.reference)).toMatchObject({status: 'canceled', cancel_at: null});
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
    expect(settled.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']);
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
