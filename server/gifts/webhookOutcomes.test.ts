/**
 * What each of Stripe's events means for the records (webhooks.ts), on its own: a memory store and a Stripe that
 * answers from a table, no database and no stand-in, so every rule of the mapping is tried in milliseconds.
 */
import type Stripe from 'stripe';
import {describe, expect, it} from 'vitest';
import type {GiftRecord} from '../records';
import {createMemoryGiftStore} from '../testing/memoryStore';
import {checkEvent, MalformedEvent, recordEvent, WEBHOOK_EVENTS} from './webhooks';

const CREATED = 1_767_225_600;
const NOW = CREATED + 90;
const CORAL = {coral_campaign: 'save-the-reef', coral_frequency: 'monthly'};
const DAY = 86_400;

type Call = [string, ...unknown[]];

/** A Stripe whose reads answer from `objects` and whose calls are noted; a read of anything else is Stripe's 404. */
function fakeStripe(objects: {intents?: Record<string, Json>; invoicePayments?: Json[]; subscriptions?: Record<string, Json>} = {}) {
  const calls: Call[] = [];
  const found = (table: Record<string, Json> | undefined, id: string) => {
    const object = table?.[id];
    if (!object) throw Object.assign(new Error(`No such object: '${id}'`), {type: 'StripeInvalidRequestError', code: 'resource_missing'});
    return object;
  };
  const stripe = {
    paymentIntents: {
      retrieve: async (id: string, params?: unknown) => (calls.push(['paymentIntents.retrieve', id, params]), found(objects.intents, id)),
    },
    invoicePayments: {
      list: async (params: unknown) => (calls.push(['invoicePayments.list', params]), {data: objects.invoicePayments ?? []}),
    },
    subscriptions: {
      retrieve: async (id: string) => (calls.push(['subscriptions.retrieve', id]), found(objects.subscriptions, id)),
      update: async (id: string, params: unknown, options: unknown) => (calls.push(['subscriptions.update', id, params, options]), {id}),
    },
  } as unknown as Stripe;
  return {stripe, calls};
}

type Json = Record<string, unknown>;

const eventOf = (type: string, object: Json, change: Json = {}) =>
  ({id: `evt_${type}`, object: 'event', type, created: CREATED, api_version: '2026-10-28.endive', data: {object}, ...change}) as Json;

/** Records one event into a fresh memory store; answers whether it recorded, and what. */
async function record(event: Json, stripe: Stripe = fakeStripe().stripe) {
  const store = createMemoryGiftStore();
  const recorded = await recordEvent(event as unknown as Stripe.Event, store, NOW, stripe);
  return {recorded, records: store.all(), store};
}

const told = (fields: Partial<GiftRecord>): GiftRecord => ({
  outcome: 'paid',
  reference: 'pi_1',
  stripeId: 'pi_1',
  campaign: 'save-the-reef',
  frequency: 'monthly',
  amount: 2500,
  currency: 'AUD',
  eventId: 'evt_x',
  eventCreated: CREATED,
  recordedAt: NOW,
  ...fields,
});

const intent = (change: Json = {}): Json => ({
  id: 'pi_1',
  object: 'payment_intent',
  amount: 6000,
  amount_received: 6000,
  currency: 'aud',
  metadata: {...CORAL, coral_frequency: 'one-off'},
  ...change,
});

const invoice = (change: Json = {}, metadata: Json | null = CORAL): Json => ({
  id: 'in_1',
  object: 'invoice',
  amount_due: 2500,
  amount_paid: 2500,
  currency: 'aud',
  billing_reason: 'subscription_cycle',
  parent: metadata === null ? null : {type: 'subscription_details', subscription_details: {subscription: 'sub_1', metadata}},
  ...change,
});

const DAILY = {...CORAL, coral_frequency: 'daily', coral_payments: '7'};

/** A daily gift's subscription, active in its first day, with no end yet. */
const dailySubscription = (change: Json = {}): Json => ({
  id: 'sub_1',
  status: 'active',
  start_date: CREATED,
  cancel_at: null,
  cancel_at_period_end: false,
  metadata: DAILY,
  items: {data: [{current_period_end: CREATED + DAY}]},
  ...change,
});

describe('an event Stripe always sends whole', () => {
  it.each([
    ['event', null],
    ['event', []],
    ['id', {type: 'x', data: {object: {}}}],
    ['id', {id: '', type: 'x', data: {object: {}}}],
    ['id', {id: 'e'.repeat(256), type: 'x', data: {object: {}}}],
    ['type', {id: 'evt_1', data: {object: {}}}],
    ['data', {id: 'evt_1', type: 'x', data: []}],
    ['data.object', {id: 'evt_1', type: 'x', data: {object: null}}],
  ])('is refused without a usable %s', (field, event) => {
    expect(() => checkEvent(event)).toThrow(new MalformedEvent(field));
  });

  it('names the field it lacks, in words Stripe’s Dashboard shows', () => {
    const error = new MalformedEvent('data.object.currency');
    expect([error.name, error.message, error.field]).toEqual([
      'MalformedEvent',
      'the event has no usable data.object.currency, which Stripe always sends: it was not recorded',
      'data.object.currency',
    ]);
    expect(() => checkEvent({id: 'e'.repeat(255), type: 'x', data: {object: {}}})).not.toThrow();
  });

  it('needs its time to be recorded, and leaves an event about no Coral gift alone without one', async () => {
    const paid = eventOf('payment_intent.succeeded', intent(), {created: undefined});
    await expect(record(paid)).rejects.toThrow(new MalformedEvent('created'));
    await expect(record({...paid, created: -1})).rejects.toThrow(new MalformedEvent('created'));
    expect((await record(eventOf('payment_intent.succeeded', intent({metadata: {}}), {created: undefined}))).recorded).toBe(false);
  });

  it('is read only for the types the endpoint subscribes to', async () => {
    expect(WEBHOOK_EVENTS).not.toContain('payment_intent.processing');
    expect(await record(eventOf('payment_intent.processing', intent()))).toMatchObject({recorded: false, records: []});
    expect(await record(eventOf('customer.subscription.updated', {id: 'sub_1', metadata: CORAL, currency: 'aud'}))).toMatchObject({
      recorded: false,
    });
  });
});

describe('a one-off gift’s PaymentIntent', () => {
  it('paid is recorded once, under the PaymentIntent, with what was received and when Stripe said so', async () => {
    const event = eventOf('payment_intent.succeeded', intent({amount: 9999, amount_received: 6180}));
    const {recorded, records, store} = await record(event);
    expect(recorded).toBe(true);
    expect(records).toEqual([['paid:pi_1', told({frequency: 'one-off', amount: 6180, eventId: event.id as string, currency: 'AUD'})]]);
    expect(await recordEvent(event as unknown as Stripe.Event, store, NOW, fakeStripe().stripe)).toBe(false);
  });

  it('failed is recorded per event, with the amount asked for', async () => {
    const event = eventOf('payment_intent.payment_failed', intent({amount_received: 0}), {id: 'evt_declined'});
    expect((await record(event)).records).toEqual([
      ['failed:evt_declined', told({outcome: 'failed', frequency: 'one-off', amount: 6000, eventId: 'evt_declined'})],
    ]);
  });

  it('of another integration, or one an invoice made, is not recorded', async () => {
    expect((await record(eventOf('payment_intent.succeeded', intent({metadata: {}})))).recorded).toBe(false);
    expect((await record(eventOf('payment_intent.succeeded', intent({metadata: {coral_campaign: ''}})))).recorded).toBe(false);
    expect((await record(eventOf('payment_intent.succeeded', intent({metadata: {coral_campaign: 42}})))).recorded).toBe(false);
    expect((await record(eventOf('payment_intent.succeeded', intent({metadata: null})))).recorded).toBe(false);
  });

  it('names no frequency when its metadata names none Coral knows', async () => {
    const {records} = await record(eventOf('payment_intent.succeeded', intent({metadata: {coral_campaign: 'save-the-reef'}})));
    expect(records[0]?.[1].frequency).toBeNull();
    const odd = await record(eventOf('payment_intent.succeeded', intent({metadata: {...CORAL, coral_frequency: 'yearly'}})));
    expect(odd.records[0]?.[1].frequency).toBeNull();
  });

  it('of nothing received records 0, and takes the currency in any case', async () => {
    const {records} = await record(eventOf('payment_intent.succeeded', intent({amount_received: 0, currency: 'AuD'})));
    expect(records[0]?.[1]).toMatchObject({amount: 0, currency: 'AUD'});
  });

  it('failed without the amount asked for is refused, naming it', async () => {
    await expect(record(eventOf('payment_intent.payment_failed', intent({amount: null})))).rejects.toThrow(
      new MalformedEvent('data.object.amount'),
    );
  });

  it.each([
    ['data.object.amount_received', {amount_received: -1}],
    ['data.object.amount_received', {amount_received: 1.5}],
    ['data.object.amount_received', {amount_received: '6000'}],
    ['data.object.currency', {currency: 'au'}],
    ['data.object.currency', {currency: 'xaud'}],
    ['data.object.currency', {currency: 'audx'}],
    ['data.object.currency', {currency: ['aud']}],
    ['data.object.currency', {currency: null}],
    ['data.object.id', {id: ''}],
  ])('without a usable %s is refused', async (field, change) => {
    await expect(record(eventOf('payment_intent.succeeded', intent(change)))).rejects.toThrow(new MalformedEvent(field));
  });
});

describe('a regular gift’s invoice', () => {
  it('paid is recorded under the Subscription, by the invoice', async () => {
    const event = eventOf('invoice.paid', invoice({amount_paid: 2575, amount_due: 0}));
    expect((await record(event)).records).toEqual([
      ['paid:in_1', told({reference: 'sub_1', stripeId: 'in_1', amount: 2575, eventId: event.id as string})],
    ]);
  });

  it('failed is recorded per event, with the amount due', async () => {
    const event = eventOf('invoice.payment_failed', invoice({amount_paid: 0, amount_due: 2500}), {id: 'evt_f'});
    expect((await record(event)).records).toEqual([
      ['failed:evt_f', told({outcome: 'failed', reference: 'sub_1', stripeId: 'in_1', amount: 2500, eventId: 'evt_f'})],
    ]);
  });

  it('of a hosted checkout’s first debit that failed is left to the session’s event; a later one is recorded', async () => {
    const checkout = {...CORAL, coral_via: 'checkout'};
    const first = eventOf('invoice.payment_failed', invoice({billing_reason: 'subscription_create'}, checkout));
    expect((await record(first)).recorded).toBe(false);
    expect((await record(eventOf('invoice.payment_failed', invoice({}, checkout)))).recorded).toBe(true);
    expect((await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'}, checkout)))).recorded).toBe(true);
  });

  it('failed first, of a gift made on /gifts, is recorded as any other', async () => {
    expect((await record(eventOf('invoice.payment_failed', invoice({billing_reason: 'subscription_create'})))).recorded).toBe(true);
  });

  it.each([
    ['invoice.paid', 'data.object.amount_paid', {amount_paid: null}],
    ['invoice.payment_failed', 'data.object.amount_due', {amount_due: undefined}],
    ['invoice.paid', 'data.object.currency', {currency: 'a1d'}],
  ])('%s without a usable %s is refused', async (type, field, change) => {
    await expect(record(eventOf(type, invoice(change)))).rejects.toThrow(new MalformedEvent(field));
  });

  it('of another integration, or with no subscription or id, is not recorded', async () => {
    expect((await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'}, null)))).recorded).toBe(false);
    expect((await record(eventOf('invoice.paid', invoice({}, null)))).recorded).toBe(false);
    expect((await record(eventOf('invoice.paid', invoice({}, {})))).recorded).toBe(false);
    expect((await record(eventOf('invoice.paid', invoice({id: null})))).recorded).toBe(false);
    for (const subscription of [null, '', {id: ''}, 42]) {
      const unnamed = invoice({parent: {subscription_details: {subscription, metadata: CORAL}}});
      expect((await record(eventOf('invoice.paid', unnamed))).recorded).toBe(false);
    }
    const expanded = invoice({parent: {subscription_details: {subscription: {id: 'sub_9'}, metadata: CORAL}}});
    expect((await record(eventOf('invoice.paid', expanded))).records[0]?.[1].reference).toBe('sub_9');
  });

  it('paid first, of a daily gift, gives its subscription an end if it has none, before recording', async () => {
    const {stripe, calls} = fakeStripe({subscriptions: {sub_1: dailySubscription()}});
    const event = eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'}, DAILY));
    expect((await record(event, stripe)).recorded).toBe(true);
    const end = CREATED + 7 * DAY;
    expect(calls).toEqual([
      ['subscriptions.retrieve', 'sub_1'],
      ['subscriptions.update', 'sub_1', {cancel_at: end, proration_behavior: 'none'}, {idempotencyKey: `coral-end:sub_1:${end}`}],
    ]);
  });

  it('paid later, or of a gift that is not daily, asks Stripe nothing', async () => {
    const {stripe, calls} = fakeStripe();
    await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_cycle'}, DAILY)), stripe);
    await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'})), stripe);
    await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'}, {coral_frequency: 'daily'})), stripe);
    expect(calls).toEqual([]);
  });
});

describe('a daily gift’s end, from its first invoice.paid', () => {
  const updates = async (change: Json) => {
    const {stripe, calls} = fakeStripe({subscriptions: {sub_1: dailySubscription(change)}});
    await record(eventOf('invoice.paid', invoice({billing_reason: 'subscription_create'}, DAILY)), stripe);
    return calls.filter(([name]) => name === 'subscriptions.update').map(([, , params]) => params);
  };

  it('is never moved once set, whoever set it, nor set on a subscription set to end or ended', async () => {
    expect(await updates({cancel_at: CREATED + 3 * DAY})).toEqual([]);
    expect(await updates({cancel_at: CREATED + 9 * DAY})).toEqual([]);
    expect(await updates({cancel_at_period_end: true})).toEqual([]);
    expect(await updates({status: 'canceled'})).toEqual([]);
    expect(await updates({status: 'incomplete'})).toEqual([]);
  });

  it('is set while past due, and, told after its last day, with the period under way', async () => {
    expect(await updates({status: 'past_due'})).toEqual([{cancel_at: CREATED + 7 * DAY, proration_behavior: 'none'}]);
    const late = {items: {data: [{current_period_end: CREATED + 10 * DAY}]}};
    expect(await updates(late)).toEqual([{cancel_at: CREATED + 10 * DAY, proration_behavior: 'none'}]);
  });

  it('is not set for a subscription whose days Coral did not count', async () => {
    for (const payments of ['0', 'seven', '1.5', undefined]) {
      expect(await updates({metadata: {...DAILY, coral_payments: payments}})).toEqual([]);
    }
    expect(await updates({metadata: {coral_payments: '7'}})).toEqual([]);
  });
});

describe('a regular gift ended', () => {
  it('is recorded once per subscription, with no amount', async () => {
    const ended = eventOf('customer.subscription.deleted', {id: 'sub_1', object: 'subscription', currency: 'aud', metadata: CORAL});
    expect((await record(ended)).records).toEqual([
      ['ended:sub_1', told({outcome: 'ended', reference: 'sub_1', stripeId: 'sub_1', amount: null, eventId: ended.id as string})],
    ]);
    expect((await record(eventOf('customer.subscription.deleted', {id: 'sub_2', metadata: {}}))).recorded).toBe(false);
    await expect(record(eventOf('customer.subscription.deleted', {id: '', currency: 'aud', metadata: CORAL}))).rejects.toThrow(
      new MalformedEvent('data.object.id'),
    );
  });
});

describe('a hosted checkout’s session', () => {
  const session = (change: Json = {}): Json => ({
    id: 'cs_1',
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    amount_total: 2500,
    currency: 'aud',
    invoice: 'in_1',
    subscription: 'sub_1',
    payment_intent: null,
    metadata: {...CORAL, coral_via: 'checkout'},
    ...change,
  });
  const payingIntent = (type: string) => ({pi_inv: {id: 'pi_inv', payment_method: {id: 'pm_1', object: 'payment_method', type}}});
  const firstPayment = [{payment: {type: 'payment_intent', payment_intent: 'pi_inv'}}];

  it('completed and paid records the first invoice under the Subscription, and keeps the way the supporter paid', async () => {
    const {stripe, calls} = fakeStripe({intents: payingIntent('au_becs_debit'), invoicePayments: firstPayment});
    const store = createMemoryGiftStore();
    await store.keepGift({reference: 'cs_1', method: 'card'} as never);
    const event = eventOf('checkout.session.async_payment_succeeded', session());
    expect(await recordEvent(event as unknown as Stripe.Event, store, NOW, stripe)).toBe(true);
    expect(store.all()).toEqual([['paid:in_1', told({reference: 'sub_1', stripeId: 'in_1', eventId: event.id as string})]]);
    expect([store.links.get('cs_1'), store.gifts[0]?.method]).toEqual(['sub_1', 'direct-debit']);
    expect(calls).toEqual([
      ['invoicePayments.list', {invoice: 'in_1', limit: 1}],
      ['paymentIntents.retrieve', 'pi_inv', {expand: ['payment_method']}],
    ]);
  });

  it('in payment mode records the PaymentIntent, by card', async () => {
    const {stripe} = fakeStripe({intents: {pi_1: {id: 'pi_1', payment_method: {type: 'card'}}}});
    const store = createMemoryGiftStore();
    await store.keepGift({reference: 'cs_1', method: 'direct-debit'} as never);
    const paid = session({mode: 'payment', payment_intent: 'pi_1', invoice: null, subscription: null});
    await recordEvent(eventOf('checkout.session.async_payment_succeeded', paid) as unknown as Stripe.Event, store, NOW, stripe);
    expect(store.all().map(([key, value]) => [key, value.reference])).toEqual([['paid:pi_1', 'pi_1']]);
    expect(store.gifts[0]?.method).toBe('card');
  });

  it('leaves the way kept when Stripe names none the form offers', async () => {
    for (const intents of [{pi_inv: {id: 'pi_inv', payment_method: null}}, payingIntent('link')]) {
      const {stripe} = fakeStripe({intents, invoicePayments: firstPayment});
      const store = createMemoryGiftStore();
      await store.keepGift({reference: 'cs_1', method: 'card'} as never);
      await recordEvent(eventOf('checkout.session.async_payment_failed', session()) as unknown as Stripe.Event, store, NOW, stripe);
      expect([store.links.get('cs_1'), store.gifts[0]?.method]).toEqual(['sub_1', 'card']);
    }
    const {stripe, calls} = fakeStripe({invoicePayments: []});
    await record(eventOf('checkout.session.async_payment_failed', session()), stripe);
    expect(calls).toEqual([['invoicePayments.list', {invoice: 'in_1', limit: 1}]]);
  });

  it('completed while its debit processes records nothing yet; failed records the session once', async () => {
    const {stripe} = fakeStripe({intents: payingIntent('au_becs_debit'), invoicePayments: firstPayment});
    const unpaid = await record(eventOf('checkout.session.async_payment_succeeded', session({payment_status: 'unpaid'})), stripe);
    expect(unpaid.recorded).toBe(false);
    const failed = eventOf('checkout.session.async_payment_failed', session({payment_status: 'unpaid'}));
    expect((await record(failed, stripe)).records).toEqual([
      ['failed:cs_1', told({outcome: 'failed', reference: 'sub_1', stripeId: 'in_1', eventId: failed.id as string})],
    ]);
  });

  it('with nothing to pay records no amount or currency, as Stripe sends them', async () => {
    const {stripe} = fakeStripe({intents: payingIntent('card'), invoicePayments: firstPayment});
    const {records} = await record(
      eventOf('checkout.session.async_payment_succeeded', session({amount_total: null, currency: null})),
      stripe,
    );
    expect(records[0]?.[1]).toMatchObject({amount: null, currency: null});
  });

  it('of another integration is not recorded, tied or read', async () => {
    const {stripe, calls} = fakeStripe();
    const foreign = await record(eventOf('checkout.session.async_payment_succeeded', session({metadata: {}})), stripe);
    expect([foreign.recorded, foreign.store.links.size, calls]).toEqual([false, 0, []]);
  });

  it('yet without what it made is neither tied nor recorded', async () => {
    const {stripe, calls} = fakeStripe();
    const unmade = await record(eventOf('checkout.session.async_payment_succeeded', session({subscription: '', invoice: null})), stripe);
    expect([unmade.recorded, unmade.store.links.size, calls]).toEqual([false, 0, []]);
    const unpaid = await record(eventOf('checkout.session.async_payment_succeeded', session({invoice: null})), stripe);
    expect([unpaid.recorded, unpaid.store.links.get('cs_1'), calls]).toEqual([false, 'sub_1', []]);
  });

  it('completed, in subscription mode, must name its subscription; in payment mode, or another integration’s, need not', async () => {
    await expect(record(eventOf('checkout.session.completed', session({subscription: null})))).rejects.toThrow(
      new MalformedEvent('data.object.subscription'),
    );
    const oneOff = session({mode: 'payment', payment_intent: 'pi_1', subscription: null, invoice: null});
    const {stripe} = fakeStripe({intents: {pi_1: {id: 'pi_1', payment_method: {type: 'card'}}}});
    expect((await record(eventOf('checkout.session.completed', oneOff), stripe)).records.map(([key]) => key)).toEqual(['paid:pi_1']);
    expect((await record(eventOf('checkout.session.completed', session({subscription: null, metadata: {}})))).recorded).toBe(false);
  });

  it('completed and paid by card records the first invoice, and sets no end on a gift that is not daily', async () => {
    const {stripe, calls} = fakeStripe({intents: payingIntent('card'), invoicePayments: firstPayment});
    const event = eventOf('checkout.session.completed', session());
    expect((await record(event, stripe)).records).toEqual([
      ['paid:in_1', told({reference: 'sub_1', stripeId: 'in_1', eventId: event.id as string})],
    ]);
    expect(calls.map(([name]) => name)).toEqual(['invoicePayments.list', 'paymentIntents.retrieve']);
  });

  it.each([
    ['data.object.id', {id: ''}],
    ['data.object.amount_total', {amount_total: '2500'}],
  ])('without a usable %s is refused', async (field, change) => {
    const {stripe} = fakeStripe({intents: payingIntent('card'), invoicePayments: firstPayment});
    await expect(record(eventOf('checkout.session.async_payment_succeeded', session(change)), stripe)).rejects.toThrow(
      new MalformedEvent(field),
    );
  });

  it('without its mode or payment status is refused', async () => {
    await expect(record(eventOf('checkout.session.async_payment_failed', session({mode: null, subscription: null})))).rejects.toThrow(
      new MalformedEvent('data.object.mode'),
    );
    await expect(record(eventOf('checkout.session.async_payment_succeeded', session({payment_status: null})))).rejects.toThrow(
      new MalformedEvent('data.object.payment_status'),
    );
  });
});

describe('a refund or a dispute', () => {
  const charge = (change: Json = {}): Json => ({
    id: 'ch_1',
    object: 'charge',
    amount_refunded: 2000,
    currency: 'aud',
    payment_intent: 'pi_1',
    metadata: {...CORAL, coral_frequency: 'one-off'},
    ...change,
  });
  const dispute = (status: string, change: Json = {}): Json => ({
    id: 'du_1',
    object: 'dispute',
    amount: 6000,
    currency: 'aud',
    status,
    payment_intent: 'pi_1',
    metadata: {},
    ...change,
  });

  it('of a one-off gift is recorded from the charge’s own metadata, the total refunded in the key', async () => {
    const {stripe, calls} = fakeStripe();
    const event = eventOf('charge.refunded', charge());
    expect((await record(event, stripe)).records).toEqual([
      [
        'refunded:ch_1:2000',
        told({
          outcome: 'refunded',
          frequency: 'one-off',
          stripeId: 'ch_1',
          amount: 2000,
          eventId: event.id as string,
          refundOf: 'paid:pi_1',
        }),
      ],
    ]);
    expect(calls).toEqual([]);
  });

  it('whose charge carries no metadata reads the PaymentIntent, then the invoice its payment paid', async () => {
    const oneOff = fakeStripe({intents: {pi_1: intent()}});
    expect((await record(eventOf('charge.refunded', charge({metadata: {}})), oneOff.stripe)).records[0]?.[1]).toMatchObject({
      reference: 'pi_1',
      refundOf: 'paid:pi_1',
    });
    const paidInvoice = {id: 'in_1', parent: {subscription_details: {subscription: 'sub_1', metadata: CORAL}}};
    const regular = fakeStripe({intents: {pi_1: intent({metadata: {}})}, invoicePayments: [{invoice: paidInvoice}]});
    const {records} = await record(eventOf('charge.refunded', charge({metadata: {}})), regular.stripe);
    // The invoice's payment is the one refunded: its receipt is the one a note cancels.
    expect(records[0]?.[1]).toMatchObject({reference: 'sub_1', frequency: 'monthly', refundOf: 'paid:in_1'});
    expect(regular.calls.at(-1)).toEqual([
      'invoicePayments.list',
      {payment: {type: 'payment_intent', payment_intent: 'pi_1'}, expand: ['data.invoice'], limit: 1},
    ]);
  });

  it('of a payment no Coral gift made is not recorded', async () => {
    const foreign = fakeStripe({intents: {pi_1: intent({metadata: {}})}});
    expect((await record(eventOf('charge.refunded', charge({metadata: {}})), foreign.stripe)).recorded).toBe(false);
    expect((await record(eventOf('charge.refunded', charge({payment_intent: null})))).recorded).toBe(false);
    const unnamed = fakeStripe({intents: {pi_1: intent({metadata: {}})}, invoicePayments: [{invoice: 'in_1'}]});
    expect((await record(eventOf('charge.refunded', charge({metadata: {}})), unnamed.stripe)).recorded).toBe(false);
    const deleted = fakeStripe({intents: {pi_1: intent({metadata: {}})}, invoicePayments: [{invoice: {deleted: true}}]});
    expect((await record(eventOf('charge.refunded', charge({metadata: {}})), deleted.stripe)).recorded).toBe(false);
    for (const paidInvoice of [{}, {parent: {}}, {parent: {subscription_details: {metadata: CORAL}}}]) {
      const orphan = fakeStripe({intents: {pi_1: intent({metadata: {}})}, invoicePayments: [{invoice: paidInvoice}]});
      expect((await record(eventOf('charge.refunded', charge({metadata: {}})), orphan.stripe)).recorded).toBe(false);
    }
    const none = fakeStripe({intents: {pi_1: intent({metadata: {}})}});
    expect((await record(eventOf('charge.dispute.created', dispute('needs_response')), none.stripe)).recorded).toBe(false);
  });

  it.each([
    ['charge.refunded', 'data.object.id', {id: ''}],
    ['charge.refunded', 'data.object.amount_refunded', {amount_refunded: null}],
    ['charge.dispute.created', 'data.object.id', {id: null}],
    ['charge.dispute.created', 'data.object.amount', {amount: -5}],
    ['charge.dispute.closed', 'data.object.status', {status: ''}],
  ])('%s without a usable %s is refused', async (type, field, change) => {
    const {stripe} = fakeStripe({intents: {pi_1: intent()}});
    const object = type === 'charge.refunded' ? charge(change) : dispute('lost', change);
    await expect(record(eventOf(type, object), stripe)).rejects.toThrow(new MalformedEvent(field));
  });

  it.each([
    ['won', 'dispute-won'],
    ['warning_closed', 'dispute-won'],
    ['lost', 'dispute-lost'],
    ['prevented', 'disputed'],
    ['constructor', 'disputed'],
  ])('closed %s is recorded as %s, once per dispute and status', async (status, outcome) => {
    const {stripe} = fakeStripe({intents: {pi_1: intent()}});
    const {records} = await record(eventOf('charge.dispute.closed', dispute(status)), stripe);
    expect(records.map(([key, value]) => [key, value.outcome, value.amount])).toEqual([[`dispute-closed:du_1:${status}`, outcome, 6000]]);
  });

  it('opened is recorded once per dispute, from the PaymentIntent, never from the dispute’s own metadata', async () => {
    const {stripe, calls} = fakeStripe({intents: {pi_1: intent()}});
    const opened = eventOf('charge.dispute.created', dispute('needs_response', {metadata: {coral_campaign: 'elsewhere'}}));
    expect((await record(opened, stripe)).records.map(([key, value]) => [key, value.outcome, value.campaign])).toEqual([
      ['disputed:du_1', 'disputed', 'save-the-reef'],
    ]);
    expect(calls).toEqual([['paymentIntents.retrieve', 'pi_1', undefined]]);
  });
});
