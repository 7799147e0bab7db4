/**
 * What Stripe's events mean for Coral's records. Stripe sends an event at
 * least once and may send it again (a retry after a slow answer, a resend
 * from the Dashboard), and one payment can raise several events; each
 * record is keyed by the payment it is about, so it is written once.
 */
import type Stripe from 'stripe';
import {FREQUENCIES, type Frequency} from '../src/coral/shared/frequency';
import type {GiftOutcome, GiftRecord, GiftStore} from './store';

/** The events this endpoint reads; subscribe the webhook endpoint to these in the Dashboard. */
export const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
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
    default:
      return null;
  }
}

/** Records what a verified event says about a Coral gift; answers whether this delivery wrote anything. */
export async function recordEvent(event: Stripe.Event, store: GiftStore, nowSeconds: number): Promise<boolean> {
  const found = recordFor(event);
  if (!found) return false;
  return store.recordOnce(found.key, {...found.record, eventId: event.id, recordedAt: nowSeconds});
}
