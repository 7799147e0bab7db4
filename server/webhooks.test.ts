/** POST /webhooks/stripe: signed events from the stand-in, each gift recorded once however often it arrives. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {deliver, giftBody, makeHandler, NOW_MS, post} from './testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from './testing/stripeStandIn';
import {createMemoryGiftStore} from './store';

let stripe: StripeStandIn;
let setup: ReturnType<typeof makeHandler>;

beforeEach(async () => {
  stripe = await startStripeStandIn();
  setup = makeHandler(stripe);
});
afterEach(() => stripe.close());

/** A gift made through the endpoint and confirmed as the browser would: answers the events Stripe sends for it. */
async function giveAndConfirm(change: Record<string, unknown>, paymentMethod = 'pm_card_visa') {
  const {body} = await post(setup.handler, '/gifts', giftBody(change));
  return {reference: String(body.reference), events: stripe.confirm(String(body.clientSecret), paymentMethod)};
}

describe('a signed event', () => {
  it('records a one-off gift once, though Stripe delivers it three times', async () => {
    const {reference, events} = await giveAndConfirm({amount: 6000, fee: 180});
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(setup.handler, succeeded));
    expect(answers.map((a) => [a.status, a.body.recorded])).toEqual([
      [200, true],
      [200, false],
      [200, false],
    ]);
    expect(setup.store.all()).toEqual([
      [
        `paid:${reference}`,
        {
          outcome: 'paid',
          reference,
          stripeId: reference,
          campaign: 'save-the-reef',
          frequency: 'one-off',
          amount: 6180,
          currency: 'AUD',
          eventId: succeeded.id,
          recordedAt: NOW_MS / 1000,
        },
      ],
    ]);
  });

  it('records a subscription’s payment from its invoice, once, and not again from the invoice’s PaymentIntent', async () => {
    const {reference, events} = await giveAndConfirm({frequency: 'monthly', amount: 2500});
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid']);
    for (const event of [...events, ...events]) expect((await deliver(setup.handler, event)).status).toBe(200);
    const records = setup.store.all();
    expect(records).toHaveLength(1);
    expect(records[0]?.[1]).toMatchObject({outcome: 'paid', reference, frequency: 'monthly', amount: 2500});
  });

  it('records each failed attempt once', async () => {
    const {events} = await giveAndConfirm({}, 'pm_card_chargeDeclined');
    const [failed] = events;
    expect(failed?.type).toBe('payment_intent.payment_failed');
    await deliver(setup.handler, failed!);
    await deliver(setup.handler, failed!);
    expect(setup.store.all().map(([key, record]) => [key, record.outcome])).toEqual([[`failed:${failed?.id}`, 'failed']]);
  });

  it('leaves events about other integrations’ objects alone', async () => {
    const foreign = {id: 'evt_foreign', object: 'event', type: 'payment_intent.succeeded', data: {object: {id: 'pi_other', metadata: {}}}};
    expect((await deliver(setup.handler, foreign)).body).toEqual({received: true, recorded: false});
    expect((await deliver(setup.handler, {id: 'evt_other', object: 'event', type: 'charge.refunded', data: {object: {}}})).status).toBe(
      200,
    );
    expect(setup.store.all()).toEqual([]);
  });

  it('answers 500 when the store fails, so Stripe delivers the event again', async () => {
    const failing = makeHandler(stripe, {
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
    const answer = await deliver(setup.handler, event, {secret: 'whsec_someone_else'});
    expect(answer).toMatchObject({status: 400, body: {status: 'rejected'}});
    expect(setup.store.all()).toEqual([]);
  });

  it('is refused when the signature is missing or too old to be fresh', async () => {
    const unsigned = await setup.handler(
      new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', body: JSON.stringify(event)}),
    );
    expect(unsigned.status).toBe(400);
    // Stripe's default tolerance is five minutes: a replayed delivery from an hour ago is refused.
    expect((await deliver(setup.handler, event, {timestamp: NOW_MS / 1000 - 3600})).status).toBe(400);
  });

  it('is refused when the body was changed after signing', async () => {
    const {default: Stripe} = await import('stripe');
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({payload, secret: 'whsec_coral_standin', timestamp: NOW_MS / 1000});
    const tampered = payload.replace('pi_x', 'pi_y');
    const response = await setup.handler(
      new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', headers: {'stripe-signature': signature}, body: tampered}),
    );
    expect(response.status).toBe(400);
  });
});
