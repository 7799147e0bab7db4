/**
 * What Stripe's events mean for Coral's records. Stripe sends an event at
 * least once and may send it again (a retry after a slow answer, a resend
 * from the Dashboard), and one payment can raise several events; each
 * record is keyed by the payment it is about, so it is written once.
 *
 * `READERS` is the one list of the events the endpoint reads: the webhook
 * endpoint is subscribed to its keys, and the docs list them (a test checks).
 */
import Stripe from 'stripe';
import {FREQUENCIES, fromStripeAmount, type Frequency} from '../../src/coral/contract/library';
import {methodPaidWith, settleCheckout} from './checkout';
import {endDailyGift} from './stripeGifts';
import type {GiftOutcome, GiftRecord, GiftStore} from '../records';

/**
 * The Stripe API version whose shapes the readers below take, the installed
 * `stripe` package's own (its types describe that version): an invoice's
 * `parent.subscription_details`, for one, exists from 2025-03-31 on. Stripe
 * renders each event in its webhook endpoint's version, so the endpoint must
 * be created with this one; the handler refuses an event in any other.
 */
export const WEBHOOK_API_VERSION: string = Stripe.API_VERSION;

type Metadata = Stripe.Metadata | null | undefined;

/**
 * A signed event without a field Stripe always sends: answered 400 naming the field, so it shows in Stripe's
 * Dashboard, rather than 500, which would bring the same malformed event back again and again.
 */
export class MalformedEvent extends Error {
  constructor(readonly field: string) {
    super(`the event has no usable ${field}, which Stripe always sends: it was not recorded`);
    this.name = 'MalformedEvent';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id or a status as Stripe writes them: a short non-empty string. */
function given(value: unknown, field: string): string {
  if (typeof value === 'string' && value !== '' && value.length <= 255) return value;
  throw new MalformedEvent(field);
}

function amountOf(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new MalformedEvent(field);
}

function currencyOf(value: unknown): string {
  if (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
  throw new MalformedEvent('data.object.currency');
}

/**
 * An amount Stripe reports and its currency, as the records keep them: in Coral's cents, whatever Stripe's unit for
 * the currency (a zero-decimal one, XPF or VUV, reports whole units), and the currency in capitals.
 */
function moneyOf(value: unknown, field: string, currency: unknown): {amount: number; currency: string} {
  const amount = amountOf(value, field);
  const code = currencyOf(currency);
  return {amount: fromStripeAmount(amount, code), currency: code};
}

/** Throws MalformedEvent unless `event` has what every event has: an id, a type and the object it is about. */
export function checkEvent(event: unknown): asserts event is Stripe.Event {
  if (!isObject(event)) throw new MalformedEvent('event');
  given(event.id, 'id');
  given(event.type, 'type');
  if (!isObject(event.data)) throw new MalformedEvent('data');
  if (!isObject(event.data.object)) throw new MalformedEvent('data.object');
}

/** The campaign a Coral object's metadata names; null for anyone else's object. */
const campaignOf = (metadata: Metadata): string | null => {
  const campaign: unknown = isObject(metadata) ? metadata.coral_campaign : undefined;
  return typeof campaign === 'string' ? campaign || null : null;
};

const frequencyOf = (metadata: Metadata): Frequency | null =>
  FREQUENCIES.find((frequency) => frequency === metadata?.coral_frequency) ?? null;

const idOf = (value: string | {id: string} | null | undefined): string | null => {
  const id: unknown = isObject(value) ? value.id : value;
  return typeof id === 'string' ? id || null : null;
};

type Found = {key: string; record: Omit<GiftRecord, 'eventId' | 'eventCreated' | 'recordedAt'>};

/** The gift a payment belongs to, as its record names it. */
type GiftOf = Pick<GiftRecord, 'reference' | 'campaign' | 'frequency'>;

/** A gift, and the key its payment was recorded under (`paid:` and the PaymentIntent or the Invoice). */
type PaidBy = GiftOf & {payment: string};

const giftFrom = (reference: string, metadata: Metadata): GiftOf | null => {
  const campaign = campaignOf(metadata);
  return campaign ? {reference, campaign, frequency: frequencyOf(metadata)} : null;
};

function fromPaymentIntent(intent: Stripe.PaymentIntent, outcome: GiftOutcome, eventId: string): Found | null {
  // An invoice's PaymentIntent carries no Coral metadata: its invoice.* event records that payment.
  const campaign = campaignOf(intent.metadata);
  if (!campaign) return null;
  const id = given(intent.id, 'data.object.id');
  const [amount, field] = outcome === 'paid' ? [intent.amount_received, 'amount_received'] : [intent.amount, 'amount'];
  return {
    // A payment is paid once; each failed attempt is its own event.
    key: outcome === 'paid' ? `paid:${id}` : `failed:${eventId}`,
    record: {
      outcome,
      reference: id,
      stripeId: id,
      campaign,
      frequency: frequencyOf(intent.metadata),
      ...moneyOf(amount, `data.object.${field}`, intent.currency),
    },
  };
}

function fromInvoice(invoice: Stripe.Invoice, outcome: GiftOutcome, eventId: string): Found | null {
  const details = invoice.parent?.subscription_details;
  const campaign = campaignOf(details?.metadata);
  const subscription = idOf(details?.subscription);
  if (!details || !campaign || !subscription || !invoice.id) return null;
  // A hosted checkout's first debit that fails is recorded from its session's async_payment_failed, not twice.
  if (outcome === 'failed' && details.metadata?.coral_via === 'checkout' && invoice.billing_reason === 'subscription_create') return null;
  const [amount, field] = outcome === 'paid' ? [invoice.amount_paid, 'amount_paid'] : [invoice.amount_due, 'amount_due'];
  return {
    key: outcome === 'paid' ? `paid:${invoice.id}` : `failed:${eventId}`,
    record: {
      outcome,
      reference: subscription,
      stripeId: invoice.id,
      campaign,
      frequency: frequencyOf(details.metadata),
      ...moneyOf(amount, `data.object.${field}`, invoice.currency),
    },
  };
}

function fromSubscription(subscription: Stripe.Subscription): Found | null {
  const campaign = campaignOf(subscription.metadata);
  if (!campaign) return null;
  const id = given(subscription.id, 'data.object.id');
  return {
    key: `ended:${id}`,
    record: {
      outcome: 'ended',
      reference: id,
      stripeId: id,
      campaign,
      frequency: frequencyOf(subscription.metadata),
      amount: null,
      currency: currencyOf(subscription.currency),
    },
  };
}

/**
 * A hosted checkout's first payment, from its session. The key is the
 * payment's own (the PaymentIntent of a one-off gift, the first invoice of a
 * recurring one) and so is the record, so `payment_intent.succeeded` or
 * `invoice.paid` about the same payment finds it already there, and the
 * other way round. A debit still processing when the session completes
 * (`payment_status: unpaid`) is recorded when it settles.
 */
function fromCheckoutSession(session: Stripe.Checkout.Session, outcome: GiftOutcome): Found | null {
  const campaign = campaignOf(session.metadata);
  if (!campaign) return null;
  const id = given(session.id, 'data.object.id');
  if (outcome === 'paid' && given(session.payment_status, 'data.object.payment_status') !== 'paid') return null;
  const subscription = given(session.mode, 'data.object.mode') === 'subscription';
  const payment = idOf(subscription ? session.invoice : session.payment_intent);
  const reference = subscription ? idOf(session.subscription) : payment;
  if (!payment || !reference) return null;
  // Both are null on a session with nothing to pay (Stripe's own shape), never missing.
  const total = session.amount_total === null ? null : amountOf(session.amount_total, 'data.object.amount_total');
  const currency = session.currency === null ? null : currencyOf(session.currency);
  return {
    // A session's payment fails asynchronously once; then the session is over.
    key: outcome === 'paid' ? `paid:${payment}` : `failed:${id}`,
    record: {
      outcome,
      reference,
      stripeId: payment,
      campaign,
      frequency: frequencyOf(session.metadata),
      amount: total === null ? null : fromStripeAmount(total, currency ?? ''),
      currency,
    },
  };
}

/**
 * The gift a charge or a dispute is about, from its PaymentIntent. A one-off
 * gift's PaymentIntent carries Coral's metadata, and Stripe copies it to the
 * charge the PaymentIntent makes; a charge event that has it needs no call.
 * Otherwise the PaymentIntent is read, and failing that, the invoice it paid:
 * a subscription's PaymentIntent carries no metadata and, from 2025-03-31 on,
 * no invoice either, so Stripe's invoice payments say which invoice that was,
 * and its parent names the Subscription. A failed call throws, and the 500
 * that follows brings the event back.
 */
async function giftPaidBy(paymentIntent: string, known: Metadata, stripe: Stripe): Promise<PaidBy | null> {
  const fromEvent = giftFrom(paymentIntent, known);
  if (fromEvent) return {...fromEvent, payment: `paid:${paymentIntent}`};
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  const oneOff = giftFrom(intent.id, intent.metadata);
  if (oneOff) return {...oneOff, payment: `paid:${intent.id}`};
  const {data} = await stripe.invoicePayments.list({
    payment: {type: 'payment_intent', payment_intent: paymentIntent},
    expand: ['data.invoice'],
    limit: 1,
  });
  const invoice = data[0]?.invoice;
  if (!invoice || typeof invoice === 'string' || invoice.deleted) return null;
  const details = invoice.parent?.subscription_details;
  const subscription = idOf(details?.subscription);
  const gift = subscription ? giftFrom(subscription, details?.metadata) : null;
  return gift && invoice.id ? {...gift, payment: `paid:${invoice.id}`} : null;
}

/**
 * `charge.refunded`, once per refund: each one raises the charge's
 * `amount_refunded`, which the key and the record carry (the total refunded
 * so far, not this refund alone), so a second partial refund is a new record
 * and a repeated delivery is not. (The charge lists its refunds only when
 * expanded, which an event never is.)
 */
async function fromRefund(charge: Stripe.Charge, stripe: Stripe): Promise<Found | null> {
  const intent = idOf(charge.payment_intent);
  const paid = intent ? await giftPaidBy(intent, charge.metadata, stripe) : null;
  if (!paid) return null;
  const {payment, ...gift} = paid;
  const id = given(charge.id, 'data.object.id');
  const refunded = amountOf(charge.amount_refunded, 'data.object.amount_refunded');
  return {
    key: `refunded:${id}:${refunded}`,
    record: {
      ...gift,
      outcome: 'refunded',
      stripeId: id,
      ...moneyOf(refunded, 'data.object.amount_refunded', charge.currency),
      refundOf: payment,
    },
  };
}

/**
 * How a dispute ended, for the gift: `won` or an inquiry closed without a
 * chargeback (`warning_closed`) leave the payment standing; `lost` returns it
 * to the supporter's bank. Any other closing status stays `disputed`, for a
 * person to look at in the Dashboard.
 */
const CLOSED_DISPUTE: Readonly<Partial<Record<Stripe.Dispute.Status, GiftOutcome>>> = {
  won: 'dispute-won',
  warning_closed: 'dispute-won',
  lost: 'dispute-lost',
};

/** `charge.dispute.created` (a chargeback or an inquiry) once per dispute; `charge.dispute.closed` once per dispute and status. */
async function fromDispute(dispute: Stripe.Dispute, closed: boolean, stripe: Stripe): Promise<Found | null> {
  const intent = idOf(dispute.payment_intent);
  // A dispute's own metadata is its own, never the payment's: the PaymentIntent is read.
  const paid = intent ? await giftPaidBy(intent, null, stripe) : null;
  if (!paid) return null;
  const gift: GiftOf = {reference: paid.reference, campaign: paid.campaign, frequency: paid.frequency};
  const id = given(dispute.id, 'data.object.id');
  const status = given(dispute.status, 'data.object.status') as Stripe.Dispute.Status;
  const outcome = (closed && Object.hasOwn(CLOSED_DISPUTE, status) && CLOSED_DISPUTE[status]) || 'disputed';
  return {
    key: closed ? `dispute-closed:${id}:${status}` : `disputed:${id}`,
    record: {
      ...gift,
      outcome,
      stripeId: id,
      ...moneyOf(dispute.amount, 'data.object.amount', dispute.currency),
      // A dispute lost took the payment back, as a refund does: its receipt is cancelled.
      ...(outcome === 'dispute-lost' ? {refundOf: paid.payment} : {}),
    },
  };
}

type EventOf<T extends Stripe.Event.Type> = Extract<Stripe.Event, {type: T}>;
/** What one event type means for the records: the record it makes, or null when it is not about a Coral gift. */
type Reader<T extends Stripe.Event.Type> = (event: EventOf<T>, stripe: Stripe) => Found | null | Promise<Found | null>;

const READERS = {
  'payment_intent.succeeded': (event) => fromPaymentIntent(event.data.object, 'paid', event.id),
  'payment_intent.payment_failed': (event) => fromPaymentIntent(event.data.object, 'failed', event.id),
  'invoice.paid': async (event, stripe) => {
    // A daily gift's first payment makes its subscription active: one that has no end yet (a hosted checkout's
    // direct debit, cleared after its session completed, or one made before /gifts gave the end as it made the
    // subscription) gets it then, before anything is recorded.
    const invoice = event.data.object;
    const details = invoice.parent?.subscription_details;
    const subscription = idOf(details?.subscription);
    const first = invoice.billing_reason === 'subscription_create';
    if (first && frequencyOf(details?.metadata) === 'daily' && campaignOf(details?.metadata) && subscription) {
      await endDailyGift(stripe, subscription);
    }
    return fromInvoice(invoice, 'paid', event.id);
  },
  'invoice.payment_failed': (event) => fromInvoice(event.data.object, 'failed', event.id),
  'customer.subscription.deleted': (event) => fromSubscription(event.data.object),
  'checkout.session.completed': async (event, stripe) => {
    const session = event.data.object;
    // A completed subscription session always names the subscription it made; a daily gift's term is set on it.
    if (campaignOf(session.metadata) && session.mode === 'subscription' && !idOf(session.subscription)) {
      throw new MalformedEvent('data.object.subscription');
    }
    // A daily gift's term first: should Stripe fail here, the 500 brings the event back, and nothing was recorded yet.
    await settleCheckout(event, stripe);
    return fromCheckoutSession(event.data.object, 'paid');
  },
  'checkout.session.async_payment_succeeded': (event) => fromCheckoutSession(event.data.object, 'paid'),
  'checkout.session.async_payment_failed': (event) => fromCheckoutSession(event.data.object, 'failed'),
  'charge.refunded': (event, stripe) => fromRefund(event.data.object, stripe),
  'charge.dispute.created': (event, stripe) => fromDispute(event.data.object, false, stripe),
  'charge.dispute.closed': (event, stripe) => fromDispute(event.data.object, true, stripe),
} satisfies {[T in Stripe.Event.Type]?: Reader<T>};

export type WebhookEventType = keyof typeof READERS;

/** The events this endpoint reads: subscribe its webhook endpoint to exactly these (the docs list them too). */
export const WEBHOOK_EVENTS = Object.keys(READERS) as readonly WebhookEventType[];

const isRead = (type: string): type is WebhookEventType => Object.hasOwn(READERS, type);

/** The PaymentIntent or Subscription a Coral Checkout Session made, once Stripe says so. */
function checkoutPayment(event: Stripe.Event): {session: Stripe.Checkout.Session; reference: string} | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  if (!campaignOf(session.metadata)) return null;
  given(session.id, 'data.object.id');
  const reference = idOf(session.mode === 'subscription' ? session.subscription : session.payment_intent);
  return reference ? {session, reference} : null;
}

/**
 * Records what a verified event says about a Coral gift; answers whether this
 * delivery wrote anything. Throws MalformedEvent when a field Stripe always
 * sends is missing (for a 400), and whatever Stripe or the store throws (for a 500).
 */
export async function recordEvent(event: Stripe.Event, store: GiftStore, nowSeconds: number, stripe: Stripe): Promise<boolean> {
  checkEvent(event);
  if (!isRead(event.type)) return false;
  // A hosted gift was kept under its session; its payments are recorded under what the session made, and the way
  // the supporter paid on Stripe's page is known now.
  const link = checkoutPayment(event);
  if (link) await store.linkCheckout(link.session.id, link.reference, await methodPaidWith(stripe, link.session));
  // The table pairs each type with its reader; TypeScript cannot follow that pairing through a lookup.
  const read = READERS[event.type] as Reader<WebhookEventType>;
  const found = await read(event as EventOf<WebhookEventType>, stripe);
  if (!found) return false;
  const eventCreated = amountOf(event.created, 'created');
  return store.recordOnce(found.key, {...found.record, eventId: event.id, eventCreated, recordedAt: nowSeconds});
}
