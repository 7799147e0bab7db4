/**
 * The Stripe Customers a supporter's gifts were made with, and their deletion. A Customer holds the supporter's
 * name, email, phone and address, and the card or bank account kept for a regular gift. Deleting one also cancels
 * every subscription it pays (Stripe's rule), so a Customer that still pays one is deleted only when the operator
 * asks for its subscriptions to be cancelled; otherwise it is kept, with its gifts, and the answer says so.
 */
import type Stripe from 'stripe';
import {stateOf, type StripeSays} from './stripeState';

/** The subscription statuses in which Stripe still charges, or may yet charge, the Customer. */
const LIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export type CustomerOutcome =
  {customer: string; deleted: true; cancelled: string[]} | {customer: string; deleted: false; subscriptions: string[]};

const idOf = (value: string | {id: string} | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const isMissing = (error: unknown) => (error as {code?: string} | null)?.code === 'resource_missing';

/** The Stripe object a gift's reference names, as Stripe has it now: null for a reference of no kind here, `missing` when this account has none. */
type GiftObject =
  | {kind: 'payment'; object: Stripe.PaymentIntent}
  | {kind: 'subscription'; object: Stripe.Subscription}
  | {kind: 'checkout'; object: Stripe.Checkout.Session};

async function giftObjectOf(stripe: Stripe, reference: string): Promise<GiftObject | null | 'missing'> {
  try {
    if (reference.startsWith('pi_')) return {kind: 'payment', object: await stripe.paymentIntents.retrieve(reference)};
    if (reference.startsWith('sub_')) return {kind: 'subscription', object: await stripe.subscriptions.retrieve(reference)};
    if (reference.startsWith('cs_')) return {kind: 'checkout', object: await stripe.checkout.sessions.retrieve(reference)};
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
  return null;
}

/**
 * The Customer behind each of `gifts`, each with the gifts it was made with, in order; the notes say what could not be
 * found. `receipts`, when given, gets each PaymentIntent that still carries a receipt email of its own (one-off gifts
 * made before every gift had a Customer), which no deletion of a Customer reaches.
 */
export async function customersOfGifts(
  stripe: Stripe,
  gifts: readonly string[],
  notes: string[],
  receipts?: string[],
): Promise<Map<string, string[]>> {
  const byCustomer = new Map<string, string[]>();
  for (const gift of gifts) {
    const found = await giftObjectOf(stripe, gift);
    if (found === 'missing') notes.push(`Stripe: ${gift} is not in this Stripe account (another account or mode made it)`);
    if (found === null || found === 'missing') continue;
    if (found.kind === 'payment' && found.object.receipt_email) receipts?.push(gift);
    const customer = idOf(found.object.customer);
    if (customer !== null) byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), gift]);
  }
  return byCustomer;
}

export async function stripeSays(stripe: Stripe, reference: string): Promise<StripeSays> {
  const found = await giftObjectOf(stripe, reference);
  if (found === null || found === 'missing') return {state: 'unpaid', customer: null};
  const state = stateOf(found);
  return state === 'unpaid' ? {state, customer: idOf(found.object.customer)} : {state};
}

/** Deletes `customer`, cancelling its live subscriptions first when `cancelSubscriptions`; keeps it when it pays one and that is not asked. */
export async function deleteCustomer(stripe: Stripe, customer: string, cancelSubscriptions: boolean): Promise<CustomerOutcome> {
  // Deleted already (an earlier run stopped halfway, or by hand in the Dashboard): what was asked is done.
  if ((await stripe.customers.retrieve(customer)).deleted) return {customer, deleted: true, cancelled: []};
  const {data} = await stripe.subscriptions.list({customer, status: 'all', limit: 100});
  const live = data.filter((subscription) => LIVE.has(subscription.status)).map((subscription) => subscription.id);
  if (live.length > 0 && !cancelSubscriptions) return {customer, deleted: false, subscriptions: live};
  for (const subscription of live) await stripe.subscriptions.cancel(subscription);
  try {
    await stripe.customers.del(customer);
  } catch (error) {
    // Deleted between the look-up and now, by another run or by hand.
    if (!isMissing(error)) throw error;
  }
  return {customer, deleted: true, cancelled: live};
}
