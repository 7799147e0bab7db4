/**
 * Stripe's events as Stripe delivers them: whole sequences for one gift each,
 * made by the Stripe stand-in's own objects as the gift's life goes on (in the
 * installed SDK's API version, `Stripe.API_VERSION`), with Stripe's clock
 * moving between the steps, so each event carries its own `created`.
 *
 * Stripe sends each event at least once, in no promised order, sometimes
 * again, sometimes days late: these are what a webhook must take in any
 * order and come out with the same records. Each sequence names the
 * outcomes its gift should have, and the latest of them.
 */
import type Stripe from 'stripe';
import type {GiftOutcome} from '../../records';
import type {StripeStandIn} from '../stripeStandIn';
import type {Json} from '../stripeValues';

const DAY = 86_400;
/** The stand-in's month. */
const MONTH = 30 * DAY;

/** What a sequence is made in: the stand-in, its clock, and a gift started through the endpoint as a page starts one. */
export type StripeWorld = {
  stripe: StripeStandIn;
  /** Moves Stripe's clock on by `seconds`. */
  advance(seconds: number): void;
  /** A gift sent to `/gifts`: the donate form's body with `change`; answers its reference and client secret. */
  give(change: Record<string, unknown>): Promise<{reference: string; clientSecret: string}>;
};

export type StripeSequence = {
  /** The gift's reference, as the supporter was given it. */
  reference: string;
  /** The events in the order Stripe delivered them. */
  events: Json[];
  /** What the records should say of the gift: every outcome, in any order, and the latest by Stripe's time. */
  outcomes: GiftOutcome[];
  latestOutcome: GiftOutcome;
};

const ofType = (events: Json[], type: string): Json => {
  const found = events.find((event) => event.type === type);
  if (!found) throw new Error(`no ${type} among ${events.map((event) => String(event.type)).join(', ')}`);
  return found;
};
const objectOf = (event: Json): Json => (event.data as {object: Json}).object;

/** Every event the stand-in has queued since `from`: what Stripe sends, whether or not the endpoint reads it. */
const since = (world: StripeWorld, from: number): Json[] => world.stripe.events.slice(from);

/** A monthly gift, paid in the browser by card: the events of its subscription's creation and first payment. */
async function paidMonthly(world: StripeWorld, change: Record<string, unknown> = {}) {
  const from = world.stripe.events.length;
  const gift = await world.give({frequency: 'monthly', amount: 2500, ...change});
  world.advance(20);
  world.stripe.confirm(gift.clientSecret, 'pm_card_visa');
  return {...gift, events: since(world, from)};
}

/** Each sequence by name, made afresh in the world it is given. */
export const STRIPE_SEQUENCES: Record<string, (world: StripeWorld) => Promise<StripeSequence>> = {
  /**
   * A monthly gift's first payment, delivered out of order: the invoice paid before the subscription it belongs
   * to was even created, as Stripe allows (it promises no order between events).
   */
  'out of order: invoice.paid before customer.subscription.created': async (world) => {
    const {reference, events} = await paidMonthly(world);
    const order = ['invoice.paid', 'payment_intent.succeeded', 'customer.subscription.updated', 'customer.subscription.created'];
    return {
      reference,
      events: order.map((type) => ofType(events, type)),
      outcomes: ['paid'],
      latestOutcome: 'paid',
    };
  },

  /** A one-off gift declined once, then paid by another card; Stripe delivers each event a second time, the same event id. */
  'redelivered: the same event id twice': async (world) => {
    const gift = await world.give({});
    const declined = world.stripe.confirm(gift.clientSecret, 'pm_card_chargeDeclined');
    world.advance(60);
    const paid = world.stripe.confirm(gift.clientSecret, 'pm_card_visa');
    const [failed, succeeded] = [ofType(declined, 'payment_intent.payment_failed'), ofType(paid, 'payment_intent.succeeded')];
    return {reference: gift.reference, events: [failed, succeeded, failed, succeeded], outcomes: ['failed', 'paid'], latestOutcome: 'paid'};
  },

  /**
   * A monthly gift paid twice, then cancelled by the supporter in the customer portal at the end of the period
   * (`cancel_at_period_end`, which `cancel_at` shows), and deleted when that period ends.
   */
  'a subscription cancelled in the customer portal': (world) => endedInSecondMonth(world, () => ({cancel_at_period_end: true})),

  /** A monthly gift whose end date was set in the Dashboard (`cancel_at`), deleted on that day. */
  'a subscription given an end date in the Dashboard': (world) => endedInSecondMonth(world, (start) => ({cancel_at: start + 2 * MONTH})),

  /**
   * A monthly gift's second payment refused by the bank: the subscription goes past due while Stripe retries the
   * invoice (`attempt_count` rising, `next_payment_attempt` three days on), and the third attempt pays it.
   */
  'retries while past due, then paid': async (world) => ({
    ...(await pastDue(world, false)),
    outcomes: ['paid', 'failed', 'failed', 'paid'],
    latestOutcome: 'paid',
  }),

  /** The same, but every retry refused: after the last, the account's settings cancel the subscription. */
  'retries while past due, then cancelled': async (world) => ({
    ...(await pastDue(world, true)),
    outcomes: ['paid', 'failed', 'failed', 'failed', 'ended'],
    latestOutcome: 'ended',
  }),

  /** A one-off gift paid, partly refunded a day later, then disputed by the card's bank; Stripe delivers the newest first. */
  'a one-off gift paid, refunded, then disputed, delivered newest first': async (world) => {
    const from = world.stripe.events.length;
    const gift = await world.give({amount: 6000});
    world.stripe.confirm(gift.clientSecret, 'pm_card_visa');
    world.advance(DAY);
    world.stripe.refund(gift.reference, 2000);
    world.advance(DAY);
    world.stripe.dispute(gift.reference);
    return {
      reference: gift.reference,
      events: since(world, from).reverse(),
      outcomes: ['paid', 'refunded', 'disputed'],
      latestOutcome: 'disputed',
    };
  },

  /** A monthly gift by BECS direct debit: processing for three days, then cleared by the bank. */
  'a direct debit processing, then succeeded': async (world) => {
    const {reference, events} = await processingDebit(world);
    world.advance(3 * DAY);
    const settled = world.stripe.settle(intentOfInvoice(world, reference), 'succeeded');
    return {reference, events: [...events, ...settled], outcomes: ['paid'], latestOutcome: 'paid'};
  },

  /** A monthly gift by BECS direct debit: processing for three days, then refused by the bank. */
  'a direct debit processing, then failed': async (world) => {
    const {reference, events} = await processingDebit(world);
    world.advance(3 * DAY);
    const settled = world.stripe.settle(intentOfInvoice(world, reference), 'failed');
    return {reference, events: [...events, ...settled], outcomes: ['failed'], latestOutcome: 'failed'};
  },

  /** A daily gift of seven days: paid each day, then deleted at the end Stripe was given when it was made. */
  'a daily gift, from its first day to its end': async (world) => {
    const from = world.stripe.events.length;
    const gift = await world.give({frequency: 'daily', amount: 500, days: 7});
    world.stripe.confirm(gift.clientSecret, 'pm_card_visa');
    for (let day = 1; day <= 7; day += 1) {
      world.advance(DAY);
      world.stripe.renew(gift.reference);
    }
    return {
      reference: gift.reference,
      events: since(world, from),
      outcomes: [...Array<GiftOutcome>(7).fill('paid'), 'ended'],
      latestOutcome: 'ended',
    };
  },
};

/**
 * A monthly gift paid for two months, changed ten days into the second as `change` says (given the subscription's
 * start), so that it ends when the second month does.
 */
async function endedInSecondMonth(world: StripeWorld, change: (start: number) => Stripe.SubscriptionUpdateParams): Promise<StripeSequence> {
  const first = await paidMonthly(world);
  const from = world.stripe.events.length;
  const start = Number(world.stripe.subscriptions.get(first.reference)?.start_date);
  world.advance(MONTH);
  world.stripe.renew(first.reference);
  world.advance(10 * DAY);
  await world.stripe.client().subscriptions.update(first.reference, change(start));
  world.advance(MONTH - 10 * DAY);
  world.stripe.renew(first.reference);
  return {
    reference: first.reference,
    events: [...first.events, ...since(world, from)],
    outcomes: ['paid', 'paid', 'ended'],
    latestOutcome: 'ended',
  };
}

/** A monthly gift paid, whose second payment fails and is retried twice three days apart; `lastFails`: so does the last retry. */
async function pastDue(world: StripeWorld, lastFails: boolean) {
  const first = await paidMonthly(world);
  const from = world.stripe.events.length;
  world.advance(MONTH);
  const renewal = objectOf(ofType(world.stripe.renew(first.reference, {fail: true}), 'invoice.payment_failed'));
  world.advance(3 * DAY);
  world.stripe.retryInvoice(String(renewal.id), {fail: true});
  world.advance(3 * DAY);
  world.stripe.retryInvoice(String(renewal.id), {fail: lastFails, last: lastFails});
  return {reference: first.reference, events: [...first.events, ...since(world, from)]};
}

/** A monthly gift by direct debit, confirmed in the browser: Stripe answers it processing. */
async function processingDebit(world: StripeWorld) {
  const from = world.stripe.events.length;
  const gift = await world.give({frequency: 'monthly', amount: 2500, method: 'direct-debit'});
  world.stripe.confirm(gift.clientSecret, 'pm_au_becs_debit_success');
  return {reference: gift.reference, events: since(world, from)};
}

/** The PaymentIntent of a subscription's latest invoice, which the bank settles. */
function intentOfInvoice(world: StripeWorld, subscription: string): string {
  const invoice = world.stripe.invoices.get(String(world.stripe.subscriptions.get(subscription)?.latest_invoice));
  return String(invoice?._payment_intent);
}
