/**
 * Retention's decision for a gift the records hold no outcome for: what its Stripe object's status says. Kept apart
 * from the calls that fetch the object, so it is tested (and mutated) by every status Stripe's types give.
 */
import type Stripe from 'stripe';

/**
 * What Stripe says of a gift the records hold no outcome for, by its reference: `paid`, Stripe took or is taking its
 * money (its webhook is late, and brings the outcome); `open`, it may yet be paid (a Subscription still incomplete, a
 * Checkout Session still open); `unpaid`, nothing was or will be, with the Customer it was made with (null when none,
 * or when this Stripe account has no such object).
 */
export type StripeSays = {state: 'paid' | 'open'} | {state: 'unpaid'; customer: string | null};

const PAYING = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
const TAKING = new Set<Stripe.PaymentIntent.Status>(['succeeded', 'processing', 'requires_capture']);

/** A gift's Stripe object, as far as what Stripe says of it goes: its kind and status. */
export type GiftStatus =
  | {kind: 'payment'; object: Pick<Stripe.PaymentIntent, 'status'>}
  | {kind: 'subscription'; object: Pick<Stripe.Subscription, 'status'>}
  | {kind: 'checkout'; object: Pick<Stripe.Checkout.Session, 'status'>};

/** Retention's decision for a gift with no outcome here: what its Stripe object's status says (StripeSays). */
export function stateOf(found: GiftStatus): StripeSays['state'] {
  if (found.kind === 'payment') return TAKING.has(found.object.status) ? 'paid' : 'unpaid';
  if (found.kind === 'subscription') {
    return PAYING.has(found.object.status) ? 'paid' : found.object.status === 'incomplete' ? 'open' : 'unpaid';
  }
  return found.object.status === 'complete' ? 'paid' : found.object.status === 'open' ? 'open' : 'unpaid';
}
