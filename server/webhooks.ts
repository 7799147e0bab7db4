/**
 * What Stripe's events mean for Coral's records. Stripe sends an event at
 * least once and may send it again (a retry after a slow answer, a resend
 * from the Dashboard), and one payment can raise several events; each
 * record is keyed by the payment it is about, so it is written once.
 */
import type Stripe from 'stripe';
import {FREQUENCIES, type Frequency} from '../src/coral/contract';
import type {GiftOutcome, GiftRecord, GiftStore} from './store';

/** The events this endpoint reads; subscribe the webhook endpoint to these in the Dashboard. */
export const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;

type Metadata = Stripe.Metadata | null | undefined;

const frequencyOf = (metadata: Metadata): Frequency | null =>
  FREQUENCIES.find((frequency) => frequency === metadata?.coral_frequency) ?? null;

const idOf = (value: string | {id: string} | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

type Found = {key: string; record: Omit<GiftRecord, 'eventId' | 'recordedAt'>};

function fromPaymentIntent(intent: Stripe.PaymentIntent, outcome: GiftOutcome, eventId: string): Found | null {
  // An invoice's PaymentIntent carries no Coral metadata: its invoice.* event records that payment.
  const campaign = intent.metadata?.coral_campaign;
  if (!campaign) return null;
  return {
    // A payment is paid once; each failed attempt is its own event.
    key: outcome === 'paid' ? `paid:${intent.id}` : `failed:${eventId}`,
    record: {
      outcome,
      reference: intent.id,
      stripeId: intent.id,
      campaign,
      frequency: frequencyOf(intent.metadata),
      amount: outcome === 'paid' ? intent.amount_received : intent.amount,
      currency: intent.currency.toUpperCase(),
    },
  };
}

function fromInvoice(invoice: Stripe.Invoice, outcome: GiftOutcome, eventId: string): Found | null {
  const details = invoice.parent?.subscription_details;
  const campaign = details?.metadata?.coral_campaign;
  const subscription = idOf(details?.subscription);
  if (!campaign || !subscription || !invoice.id) return null;
  // A hosted checkout's first debit that fails is recorded from its session's async_payment_failed, not twice.
  if (outcome === 'failed' && details.metadata?.coral_via === 'checkout' && invoice.billing_reason === 'subscription_create') return null;
  return {
    key: outcome === 'paid' ? `paid:${invoice.id}` : `failed:${eventId}`,
    record: {
      outcome,
      reference: subscription,
      stripeId: invoice.id,
      campaign,
      frequency: frequencyOf(details.metadata),
      amount: outcome === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
    },
  };
}

function fromSubscription(subscription: Stripe.Subscription): Found | null {
  const campaign = subscription.metadata?.coral_campaign;
  if (!campaign) return null;
  return {
    key: `ended:${subscription.id}`,
    record: {
      outcome: 'ended',
      reference: subscription.id,
      stripeId: subscription.id,
      campaign,
      frequency: frequencyOf(subscription.metadata),
      amount: null,
      currency: subscription.currency.toUpperCase(),
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
  const campaign = session.metadata?.coral_campaign;
  if (!campaign) return null;
  if (outcome === 'paid' && session.payment_status !== 'paid') return null;
  const subscription = session.mode === 'subscription';
  const payment = idOf(subscription ? session.invoice : session.payment_intent);
  const reference = subscription ? idOf(session.subscription) : payment;
  if (!payment || !reference) return null;
  return {
    // A session's payment fails asynchronously once; then the session is over.
    key: outcome === 'paid' ? `paid:${payment}` : `failed:${session.id}`,
    record: {
      outcome,
      reference,
      stripeId: payment,
      campaign,
      frequency: frequencyOf(session.metadata),
      amount: session.amount_total,
      currency: session.currency?.toUpperCase() ?? null,
    },
  };
}

function recordFor(event: Stripe.Event): Found | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return fromPaymentIntent(event.data.object, 'paid', event.id);
    case 'payment_intent.payment_failed':
      return fromPaymentIntent(event.data.object, 'failed', event.id);
    case 'invoice.paid':
      return fromInvoice(event.data.object, 'paid', event.id);
    case 'invoice.payment_failed':
      return fromInvoice(event.data.object, 'failed', event.id);
    case 'customer.subscription.deleted':
      return fromSubscription(event.data.object);
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return fromCheckoutSession(event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return fromCheckoutSession(event.data.object, 'failed');
    default:
      return null;
  }
}

/** The PaymentIntent or Subscription a Coral Checkout Session made, once Stripe says so. */
function checkoutPayment(event: Stripe.Event): {session: string; reference: string} | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  if (!session.metadata?.coral_campaign) return null;
  const reference = idOf(session.mode === 'subscription' ? session.subscription : session.payment_intent);
  return reference ? {session: session.id, reference} : null;
}

/** Records what a verified event says about a Coral gift; answers whether this delivery wrote anything. */
export async function recordEvent(event: Stripe.Event, store: GiftStore, nowSeconds: number): Promise<boolean> {
  // A hosted gift was kept under its session; its payments are recorded under what the session made.
  const link = checkoutPayment(event);
  if (link) await store.linkCheckout(link.session, link.reference);
  const found = recordFor(event);
  if (!found) return false;
  return store.recordOnce(found.key, {...found.record, eventId: event.id, recordedAt: nowSeconds});
}
