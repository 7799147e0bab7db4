/** POST /webhooks/stripe: signed events from the stand-in, each gift recorded once however often it arrives. */
import Stripe from 'stripe';
import {describe, expect, it} from 'vitest';
import {deliver, giftBody, makeHandler, NOW_MS, oneOffRecord, post, WEBHOOK_SECRET} from '../testing/fixtures';
import {eachStandIn} from '../testing/eachStandIn';
import {startStripeStandIn} from '../testing/stripeStandIn';
import {createMemoryGiftStore} from '../testing/memoryStore';

const each = eachStandIn();

/** A gift made through the endpoint and confirmed as the browser would: answers the events Stripe sends for it. */
async function giveAndConfirm(change: Record<string, unknown>, paymentMethod = 'pm_card_visa') {
  const {body} = await post(each.setup.handler, '/gifts', giftBody(change));
  return {reference: String(body.reference), events: each.stripe.confirm(String(body.clientSecret), paymentMethod)};
}

describe('a signed event', () => {
  it('records a one-off gift once, though Stripe delivers it three times', async () => {
    const {reference, events} = await giveAndConfirm({amount: 6000, fee: 180});
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(each.setup.handler, succeeded));
    expect(answers.map((a) => [a.status, a.body.recorded])).toEqual([
      [200, true],
      [200, false],
      [200, false],
    ]);
    expect(each.setup.store.all()).toEqual([
      [`paid:${reference}`, oneOffRecord({outcome: 'paid', reference, stripeId: reference, amount: 6180, eventId: succeeded.id})],
    ]);
  });

  it('records a subscription’s payment from its invoice, once, and not again from the invoice’s PaymentIntent', async () => {
    const {reference, events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']);
    for (const event of [...events, ...events]) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    const records = each.setup.store.all();
    expect(records).toHaveLength(1);
    expect(records[0]?.[1]).toMatchObject({outcome: 'paid', reference, frequency: 'monthly', amount: 2500});
  });

  it('records each failed attempt once', async () => {
    const {events} = await giveAndConfirm({}, 'pm_card_chargeDeclined');
    const [failed] = events;
    expect(failed?.type).toBe('payment_intent.payment_failed');
    await deliver(each.setup.handler, failed!);
    await deliver(each.setup.handler, failed!);
    expect(each.setup.store.all().map(([key, record]) => [key, record.outcome])).toEqual([[`failed:${failed?.id}`, 'failed']]);
  });

  it('leaves events about other integrations’ objects alone', async () => {
    const foreign = {id: 'evt_foreign', object: 'event', type: 'payment_intent.succeeded', data: {object: {id: 'pi_other', metadata: {}}}};
    expect((await deliver(each.setup.handler, foreign)).body).toEqual({received: true, recorded: false});
    expect(
      (await deliver(each.setup.handler, {id: 'evt_other', object: 'event', type: 'charge.refunded', data: {object: {}}})).status,
    ).toBe(200);
    expect(each.setup.store.all()).toEqual([]);
  });

  it('answers 500 when the store fails, so Stripe delivers the event again', async () => {
    const failing = makeHandler(each.stripe, {
      store: {...createMemoryGiftStore(), recordOnce: () => Promise.reject(new Error('database down'))},
    });
    const {events} = await giveAndConfirm({});
    const answer = await deliver(failing.handler, events[0]!);
    expect(answer.status).toBe(500);
    expect(failing.logged()).toEqual(['coral: Error database down']);
  });
});

describe('an event that is not Stripe’s', () => {
  const event = {
    id: 'evt_forged',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {object: {id: 'pi_x', metadata: {coral_campaign: 'save-the-reef'}}},
  };

  it('is refused with 400 when signed with another secret, and nothing is recorded', async () => {
    const answer = await deliver(each.setup.handler, event, {secret: 'whsec_someone_else'});
    expect(answer).toMatchObject({status: 400, body: {status: 'rejected'}});
    expect(each.setup.store.all()).toEqual([]);
  });

  it('is refused when the signature is missing or too old to be fresh', async () => {
    const unsigned = await each.setup.handler(
      new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', body: JSON.stringify(event)}),
    );
    expect(unsigned.status).toBe(400);
    // Stripe's default tolerance is five minutes: a replayed delivery from an hour ago is refused.
    expect((await deliver(each.setup.handler, event, {timestamp: NOW_MS / 1000 - 3600})).status).toBe(400);
  });

  it('is refused when the body was changed after signing', async () => {
    const {default: Stripe} = await import('stripe');
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET, timestamp: NOW_MS / 1000});
    const tampered = payload.replace('pi_x', 'pi_y');
    const response = await each.setup.handler(
      new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', headers: {'stripe-signature': signature}, body: tampered}),
    );
    expect(response.status).toBe(400);
  });
});

describe('a refund or a dispute', () => {
  const ofType = (events: Array<Record<string, unknown>>, type: string) => events.find((e) => e.type === type)!;
  const intentOf = (event: Record<string, unknown>) => String((event.data as {object: {id: string}}).object.id);

  it('of a one-off gift is recorded against its PaymentIntent, once per refund, from the charge alone', async () => {
    const {reference, events} = await giveAndConfirm({amount: 6000});
    await deliver(each.setup.handler, events[0]!);
    const charge = String(each.stripe.paymentIntents.get(reference)!.latest_charge);
    const calls = each.stripe.requests.length;
    const partial = ofType(each.stripe.refund(reference, 2000), 'charge.refunded');
    const answers = [];
    for (const event of [partial, partial]) answers.push((await deliver(each.setup.handler, event)).body.recorded);
    const rest = ofType(each.stripe.refund(reference), 'charge.refunded');
    answers.push((await deliver(each.setup.handler, rest)).body.recorded);
    expect(answers).toEqual([true, false, true]);
    // Stripe copied the PaymentIntent's metadata to its charge: the event says whose gift it is.
    expect(each.stripe.requests.length).toBe(calls);
    const refunds = each.setup.store.all().filter(([key]) => key.startsWith('refunded:'));
    expect(refunds).toEqual([
      [
        `refunded:${charge}:2000`,
        {
          ...oneOffRecord({outcome: 'refunded', reference, stripeId: charge, amount: 2000, eventId: partial.id}),
          refundOf: `paid:${reference}`,
        },
      ],
      [
        `refunded:${charge}:6000`,
        expect.objectContaining({outcome: 'refunded', reference, amount: 6000, eventId: rest.id, refundOf: `paid:${reference}`}),
      ],
    ]);
  });

  it('of a monthly gift is recorded against its Subscription, found through the invoice its payment paid', async () => {
    const {reference, events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    const intent = intentOf(ofType(events, 'payment_intent.succeeded'));
    const refunded = ofType(each.stripe.refund(intent), 'charge.refunded');
    expect((await deliver(each.setup.handler, refunded)).body).toEqual({received: true, recorded: true});
    expect(each.setup.store.all()).toEqual([
      [
        expect.stringMatching(/^refunded:ch_\w+:2500$/),
        expect.objectContaining({outcome: 'refunded', reference, campaign: 'save-the-reef', frequency: 'monthly', amount: 2500}),
      ],
    ]);
    expect(each.stripe.requests.slice(-2).map((r) => [r.method, r.path, r.params])).toEqual([
      ['GET', `/v1/payment_intents/${intent}`, {}],
      ['GET', '/v1/invoice_payments', {payment: {type: 'payment_intent', payment_intent: intent}, expand: ['data.invoice'], limit: '1'}],
    ]);
  });

  it('records a dispute once, and how it closed once, against the gift', async () => {
    const {reference} = await giveAndConfirm({amount: 6000});
    const opened = each.stripe.dispute(reference);
    const dispute = intentOf(ofType(opened, 'charge.dispute.created'));
    for (const event of [...opened, ...opened]) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    for (const event of [...each.stripe.closeDispute(dispute, 'lost'), ofType(opened, 'charge.dispute.created')]) {
      expect((await deliver(each.setup.handler, event)).status).toBe(200);
    }
    expect(each.setup.store.all().map(([key, record]) => [key, record.outcome, record.reference, record.stripeId, record.amount])).toEqual([
      [`disputed:${dispute}`, 'disputed', reference, dispute, 6000],
      [`dispute-closed:${dispute}:lost`, 'dispute-lost', reference, dispute, 6000],
    ]);
  });

  it('records a monthly gift’s dispute won, and an inquiry that went no further, as the payment standing', async () => {
    const {reference, events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    const intent = intentOf(ofType(events, 'payment_intent.succeeded'));
    const opened = each.stripe.dispute(intent);
    const chargeback = intentOf(ofType(opened, 'charge.dispute.created'));
    for (const event of [...opened, ...each.stripe.closeDispute(chargeback, 'won')])
      expect((await deliver(each.setup.handler, event)).status).toBe(200);
    expect(each.setup.store.all().map(([key, record]) => [key, record.outcome, record.reference])).toEqual([
      [`disputed:${chargeback}`, 'disputed', reference],
      [`dispute-closed:${chargeback}:won`, 'dispute-won', reference],
    ]);

    const oneOff = await giveAndConfirm({amount: 6000});
    const inquiry = intentOf(ofType(each.stripe.dispute(oneOff.reference, {inquiry: true}), 'charge.dispute.created'));
    await deliver(each.setup.handler, ofType(each.stripe.closeDispute(inquiry, 'warning_closed'), 'charge.dispute.closed'));
    expect(each.setup.store.all().at(-1)).toEqual([
      `dispute-closed:${inquiry}:warning_closed`,
      expect.objectContaining({outcome: 'dispute-won', reference: oneOff.reference}),
    ]);
  });

  it('of another integration’s payment is answered 200 and not recorded', async () => {
    const client = each.stripe.client();
    const foreign = await client.paymentIntents.create({amount: 1000, currency: 'aud'});
    each.stripe.confirm(foreign.client_secret!, 'pm_card_visa');
    const events = [...each.stripe.refund(foreign.id, 400), ...each.stripe.dispute(foreign.id)];
    for (const event of events) expect((await deliver(each.setup.handler, event)).body).toEqual({received: true, recorded: false});
    expect(each.setup.store.all()).toEqual([]);
  });

  it('answers 500 when Stripe cannot say whose payment it is, so Stripe sends it again, and records it then', async () => {
    const {reference, events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    const refunded = ofType(each.stripe.refund(intentOf(ofType(events, 'payment_intent.succeeded'))), 'charge.refunded');
    each.stripe.failNext('rate-limit', {path: /^\/v1\/invoice_payments$/});
    expect((await deliver(each.setup.handler, refunded)).status).toBe(500);
    expect(each.setup.store.all()).toEqual([]);
    expect((await deliver(each.setup.handler, refunded)).body).toEqual({received: true, recorded: true});
    expect(each.setup.store.all()[0]?.[1]).toMatchObject({outcome: 'refunded', reference});
  });
});

describe('the API version an event is rendered in', () => {
  it('is the one the handler reads: the installed stripe package’s', async () => {
    const {events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    expect(paid.api_version).toBe(Stripe.API_VERSION);
    expect((await deliver(each.setup.handler, paid)).body).toEqual({received: true, recorded: true});
  });

  it('when older, is answered 500 with one log line naming both versions, and nothing is recorded', async () => {
    await each.stripe.close();
    // An endpoint left on an older account default: every event comes in that version's shape.
    each.stripe = await startStripeStandIn({webhookApiVersion: '2025-02-24.acacia'});
    each.setup = makeHandler(each.stripe);
    const {events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    for (const event of events) expect((await deliver(each.setup.handler, event)).status).toBe(500);
    expect(each.setup.store.all()).toEqual([]);
    const refused = each.setup.logger.lines.filter((line) => line.level === 'error');
    expect(refused).toHaveLength(events.length);
    expect(refused[0]).toEqual({
      level: 'error',
      requestId: expect.any(String),
      event: events[0]!.id,
      type: 'payment_intent.succeeded',
      apiVersion: '2025-02-24.acacia',
      expected: Stripe.API_VERSION,
      msg: expect.stringMatching(new RegExp(`2025-02-24\\.acacia.*${Stripe.API_VERSION.replace('.', '\\.')}`)),
    });
    expect(JSON.stringify(each.setup.logger.lines)).not.toMatch(/ada@example\.org|save-the-reef|pi_\w+_secret/);
  });

  it('when missing, is answered 500 too: the shape cannot be known', async () => {
    const {events} = await giveAndConfirm({amount: 6000});
    expect((await deliver(each.setup.handler, {...events[0]!, api_version: null})).status).toBe(500);
    expect(each.setup.store.all()).toEqual([]);
  });
});

describe('a signed event missing what Stripe always sends', () => {
  /** A copy of `event` without the field at `path` (dot-separated). */
  function without(event: object, path: string): Record<string, unknown> {
    const copy = structuredClone(event) as Record<string, unknown>;
    const keys = path.split('.');
    const last = keys.pop()!;
    let at: Record<string, unknown> = copy;
    for (const key of keys) at = at[key] as Record<string, unknown>;
    delete at[last];
    return copy;
  }

  /** Answered 400 with the field named, one error line without the payload, and nothing recorded. */
  async function expectRefused(event: object, field: string) {
    const before = each.setup.logger.lines.length;
    const answer = await deliver(each.setup.handler, event);
    expect({status: answer.status, body: answer.body}).toEqual({
      status: 400,
      body: {status: 'rejected', reason: `the event has no usable ${field}, which Stripe always sends: it was not recorded`},
    });
    const errors = each.setup.logger.lines.slice(before).filter((line) => line.level === 'error');
    expect(errors).toEqual([expect.objectContaining({missing: field, msg: 'a signed event lacks a field Stripe always sends'})]);
    expect(JSON.stringify(errors)).not.toMatch(/ada@example\.org|save-the-reef|_secret|6000/);
    expect(each.setup.store.all().filter(([, record]) => record.eventId === (event as {id?: string}).id)).toEqual([]);
  }

  it.each([['currency'], ['id'], ['amount_received']])('a one-off gift’s payment without its %s', async (field) => {
    const {events} = await giveAndConfirm({amount: 6000});
    await expectRefused(without(events[0]!, `data.object.${field}`), `data.object.${field}`);
  });

  it.each([['currency'], ['amount_paid']])('a monthly gift’s invoice without its %s', async (field) => {
    const {events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    await expectRefused(without(paid, `data.object.${field}`), `data.object.${field}`);
  });

  it.each([['currency'], ['id'], ['amount_refunded']])('a refund without its charge’s %s', async (field) => {
    const {reference} = await giveAndConfirm({amount: 6000});
    const refunded = each.stripe.refund(reference).find((e) => e.type === 'charge.refunded')!;
    await expectRefused(without(refunded, `data.object.${field}`), `data.object.${field}`);
  });

  it('a dispute without its currency, or closed without its status', async () => {
    const {reference} = await giveAndConfirm({amount: 6000});
    const opened = each.stripe.dispute(reference).find((e) => e.type === 'charge.dispute.created')!;
    await expectRefused(without(opened, 'data.object.currency'), 'data.object.currency');
    const dispute = String((opened.data as {object: {id: string}}).object.id);
    const closed = each.stripe.closeDispute(dispute, 'lost').find((e) => e.type === 'charge.dispute.closed')!;
    await expectRefused(without(closed, 'data.object.status'), 'data.object.status');
  });

  it('a Coral subscription ended without its currency', async () => {
    const ended = {
      id: 'evt_ended',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: {object: {id: 'sub_x', object: 'subscription', metadata: {coral_campaign: 'save-the-reef', coral_frequency: 'monthly'}}},
    };
    await expectRefused(ended, 'data.object.currency');
  });

  it('a Coral Checkout Session without its id, or completed in subscription mode without its subscription', async () => {
    const session = {
      id: 'cs_x',
      object: 'checkout.session',
      metadata: {coral_campaign: 'save-the-reef', coral_frequency: 'daily', coral_payments: '7', coral_via: 'checkout'},
      mode: 'subscription',
      payment_status: 'paid',
      currency: 'aud',
      amount_total: 500,
      invoice: 'in_x',
      subscription: 'sub_x',
      payment_intent: null,
    };
    const failed = {id: 'evt_cs_failed', object: 'event', type: 'checkout.session.async_payment_failed', data: {object: session}};
    await expectRefused(without(failed, 'data.object.id'), 'data.object.id');
    const completed = {...failed, id: 'evt_cs_completed', type: 'checkout.session.completed'};
    await expectRefused(without(completed, 'data.object.subscription'), 'data.object.subscription');
    expect(each.stripe.requests.filter((r) => r.path.startsWith('/v1/subscription'))).toEqual([]);
  });

  it.each([['data'], ['data.object'], ['id'], ['type']])('an event without its %s', async (field) => {
    const {events} = await giveAndConfirm({amount: 6000});
    await expectRefused(without(events[0]!, field), field);
  });

  it.each([['null'], ['[]'], ['"evt"'], ['42']])('a signed body that is not an event at all: %s', async (payload) => {
    const signature = Stripe.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET, timestamp: NOW_MS / 1000});
    const response = await each.setup.handler(
      new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', headers: {'stripe-signature': signature}, body: payload}),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 'rejected',
      reason: 'the event has no usable event, which Stripe always sends: it was not recorded',
    });
  });
});
