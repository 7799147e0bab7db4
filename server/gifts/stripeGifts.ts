/**
 * The Stripe calls behind a gift: a PaymentIntent (one-off) or a Customer and
 * a Subscription (weekly, monthly, daily for N days) left for the browser to
 * confirm with Stripe.js; a one-off gift gets a Customer only when it keeps its
 * payment method for the one-tap monthly gift. Nothing here sees a card: the endpoint creates
 * intents and hands back their client secrets.
 *
 * Every create carries an idempotency key derived from the one the browser
 * sent and the gift's attempt, one per call, so a retried gift (a double click,
 * a lost answer) meets the objects the first attempt created instead of making
 * new ones; after a 5xx, which Stripe keeps under its key, the attempt moves on.
 */
import type Stripe from 'stripe';
import {type GiftAnswer, type GiftKind, type Method} from '../../src/coral/contract';
import {RECURRING, toStripeAmount, type DonateFormConfig, type Frequency} from '../../src/coral/contract/library';
import type {CheckedGift, Supporter} from './gift';
import type {GiftStore} from '../records';
import type {Attempt} from './routeParts';

export type {GiftKind};

/** What the browser needs to confirm the first payment with Stripe.js: the /gifts answer, but for its status. */
export type PendingGift = Omit<Extract<GiftAnswer, {status: 'requires_confirmation'}>, 'status'>;

/** Stripe's name for each way to pay, where the endpoint calls Stripe: the form and the request say `direct-debit`. */
export const STRIPE_METHOD = {card: 'card', 'direct-debit': 'au_becs_debit'} as const satisfies Record<Method, string>;

/**
 * The methods a gift's Payment Element offers, in Stripe's names: card, and direct debit for a recurring
 * gift when the campaign offers it, the list the form gives the Element. An intent must allow exactly these,
 * whichever the supporter chose: Stripe.js refuses to confirm a deferred intent whose methods differ.
 */
export function elementMethods(config: DonateFormConfig, frequency: Frequency): Array<(typeof STRIPE_METHOD)[Method]> {
  const methods: Method[] = config.directDebit && RECURRING.includes(frequency) ? ['card', 'direct-debit'] : ['card'];
  return methods.map((method) => STRIPE_METHOD[method]);
}

const DAY_SECONDS = 86_400;

const INTERVAL: Record<Exclude<Frequency, 'one-off'>, 'day' | 'week' | 'month'> = {daily: 'day', weekly: 'week', monthly: 'month'};

/** The metadata every Coral object carries: webhooks read the gift back from it, and reports group by it. */
export function giftMetadata(gift: CheckedGift): Stripe.MetadataParam {
  const metadata: Stripe.MetadataParam = {
    coral_campaign: gift.campaign,
    coral_frequency: gift.frequency,
    coral_amount: gift.amount,
    coral_fee: gift.fee,
    coral_marketing_consent: String(gift.supporter.consent),
    ...gift.utm,
  };
  if (gift.supporter.country) metadata.coral_country = gift.supporter.country;
  if (gift.sourceCode) metadata.coral_source_code = gift.sourceCode;
  if (gift.payments !== null) metadata.coral_payments = gift.payments;
  if (gift.form !== null) {
    metadata.coral_form = gift.form.id;
    metadata.coral_form_version = gift.form.version;
    if (gift.form.variant !== undefined) metadata.coral_form_variant = gift.form.variant;
  }
  if (gift.upgrade) {
    metadata.coral_upgrade_from = `${gift.upgrade.from.amount} ${gift.upgrade.from.frequency}`;
    metadata.coral_upgrade_accepted = String(gift.upgrade.accepted);
  }
  return metadata;
}

/**
 * What one payment of the gift takes, in Stripe's units for its currency: cents, or whole units for a zero-decimal
 * currency (1000 XPF is 1000, where Coral counts 100000 cents). Every amount the endpoint sends Stripe is this one.
 */
export const stripeAmountOf = (gift: Pick<CheckedGift, 'perPayment' | 'currency'>): number =>
  toStripeAmount(gift.perPayment, gift.currency);

const fullName = (supporter: Supporter): string | undefined =>
  [supporter.firstName, supporter.lastName].filter((part) => part && part.trim() !== '').join(' ') || undefined;

/**
 * What a gift's Stripe calls are made under: its key as the gift is kept, the attempt's Stripe key and start, and the
 * store the Customer it makes is noted in until the gift is kept.
 */
export type Making = {
  stripe: Stripe;
  notes: Pick<GiftStore, 'customerMade' | 'customerOfKey'>;
  giftKey: string;
  attempt: Attempt;
};

/**
 * Whether Stripe may have acted on a call that failed: a 5xx (it may have made the object, then failed), or a
 * connection lost on the way (the answer may have been lost after it acted).
 */
function mayHaveActed(error: unknown): boolean {
  const {type, statusCode} = (error ?? {}) as {type?: unknown; statusCode?: unknown};
  return type === 'StripeConnectionError' || (typeof statusCode === 'number' && statusCode >= 500);
}

/** How far before its attempt began a Customer a failed call made is looked for: Stripe's clock and ours may differ. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * A Customer of the gift's own. An email is typed, not proven: looking a Customer up by it would let anyone add a
 * gift, or a kept card, to another person's Customer. One an earlier attempt made for the same gift is used again;
 * a new one is noted before anything is made to pay through it, so that it is never out of the records' reach. Each
 * names its gift (`coral_gift`), so one Stripe made on a call that then failed is found by its email and noted too.
 */
async function customerFor({stripe, notes, giftKey, attempt}: Making, supporter: Supporter): Promise<string> {
  const earlier = await notes.customerOfKey(giftKey);
  if (earlier !== null) return earlier;
  const email = supporter.email?.trim();
  let customer: Stripe.Customer;
  try {
    customer = await stripe.customers.create(
      {
        email,
        name: fullName(supporter),
        phone: supporter.phone,
        // Stripe's `address.country` is the two-letter code checkSupporterFields gives: sent with an address only, since
        // a country alone is no address to bill or to tax.
        address:
          supporter.postcode || supporter.address
            ? {postal_code: supporter.postcode, line1: supporter.address, country: supporter.country}
            : undefined,
        metadata: {coral_gift: giftKey},
      },
      {idempotencyKey: `${attempt.key}:customer`},
    );
  } catch (error) {
    if (email && mayHaveActed(error)) await noteStrayCustomers(stripe, notes, giftKey, email, attempt.startedAt).catch(() => {});
    throw error;
  }
  await notes.customerMade({customer: customer.id, key: giftKey, email: email ?? null, createdAt: customer.created});
  return customer.id;
}

/** Notes each Customer with `email` made for this gift since its attempt began: a failed call may have made one. */
async function noteStrayCustomers(stripe: Stripe, notes: Making['notes'], giftKey: string, email: string, since: number): Promise<void> {
  const made = await stripe.customers.list({email, created: {gte: since - CLOCK_SKEW_SECONDS}, limit: 100});
  for (const customer of made.data) {
    if (customer.metadata?.coral_gift !== giftKey) continue;
    await notes.customerMade({customer: customer.id, key: giftKey, email, createdAt: customer.created});
  }
}

/**
 * One Product per campaign, with an id of our choosing, so recurring prices
 * group under the campaign in the Dashboard. Looked up once per instance.
 */
export function campaignProducts(stripe: Stripe) {
  const known = new Map<string, string>();
  return async (campaign: string): Promise<string> => {
    const id = `coral-${campaign}`;
    if (known.has(campaign)) return id;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if ((error as {code?: string}).code !== 'resource_missing') throw error;
      try {
        await stripe.products.create({id, name: `Gift: ${campaign}`}, {idempotencyKey: `coral-product:${campaign}`});
      } catch (raced) {
        // Another instance created it between our look-up and our create.
        if ((raced as {code?: string}).code !== 'resource_already_exists') throw raced;
      }
    }
    known.set(campaign, id);
    return id;
  };
}

/**
 * Who a one-off payment is for. A payment method kept for the one-tap monthly gift is kept on a Customer (the
 * upgrade charges it there), so that gift gets one of its own with the supporter's details. Any other one-off gift
 * with an email gets a Customer with the email alone: the name, phone and address stay out of Stripe.
 *
 * Stripe's receipt then reaches every gift the same way, by the email on its Customer and the account's own
 * setting for receipts of successful payments. No payment carries `receipt_email`, which would make Stripe send a
 * receipt whatever that setting says, and which no deletion of a Customer reaches.
 */
async function payerOf(
  making: Making,
  gift: CheckedGift,
): Promise<Pick<Stripe.PaymentIntentCreateParams, 'customer' | 'setup_future_usage'>> {
  if (gift.savePaymentMethod) return {customer: await customerFor(making, gift.supporter), setup_future_usage: 'off_session'};
  const email = gift.supporter.email?.trim();
  return email ? {customer: await customerFor(making, {email, consent: gift.supporter.consent})} : {};
}

async function createPayment(making: Making, gift: CheckedGift): Promise<PendingGift> {
  const intent = await making.stripe.paymentIntents.create(
    {
      amount: stripeAmountOf(gift),
      currency: gift.currency.toLowerCase(),
      ...(await payerOf(making, gift)),
      allowed_payment_method_types: elementMethods(gift.config, gift.frequency),
      description: `Gift to ${gift.campaign}`,
      metadata: giftMetadata(gift),
    },
    {idempotencyKey: `${making.attempt.key}:payment`},
  );
  if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret');
  return {clientSecret: intent.client_secret, reference: intent.id, kind: 'payment'};
}

/** The first invoice's client secret: what Stripe.js confirms to pay it. */
function firstPaymentSecret(subscription: Stripe.Subscription): string {
  const invoice = subscription.latest_invoice;
  const secret = typeof invoice === 'object' && invoice !== null ? invoice.confirmation_secret?.client_secret : undefined;
  if (!secret) throw new Error('Stripe answered a Subscription without its first invoice’s confirmation secret');
  return secret;
}

/**
 * When a daily gift of `days` payments ends, given when Stripe started it: `days` days on, the end of the last
 * day's period, so no further day starts.
 */
export const dailyGiftEnd = (start: number, days: number): number => start + days * DAY_SECONDS;

/**
 * Ends a hosted checkout's daily gift after its `coral_payments` days, counted from Stripe's own start date.
 * Checkout takes no `cancel_at` for the subscription it makes, and Stripe takes one only once the first payment
 * has made the subscription active (an `incomplete` one takes only metadata), so the events that say so set it:
 * `checkout.session.completed`, or for a direct debit still processing then, the first `invoice.paid`. The date
 * depends on the start alone, so a late or repeated event sets the same one. An end already set is never moved,
 * whoever set it (this endpoint, the customer portal, the Dashboard), nor one set for the period's end, nor a
 * subscription that has ended: a late event must not undo a supporter's cancellation.
 */
export async function endDailyGift(stripe: Stripe, subscriptionId: string): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const payments = Number(subscription.metadata.coral_payments);
  if (!subscription.metadata.coral_campaign || !Number.isInteger(payments) || payments < 1) return;
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return;
  if (subscription.cancel_at !== null || subscription.cancel_at_period_end) return;
  // Told after its last day (a delivery days late), it ends as soon as it can: with the period under way.
  const end = Math.max(dailyGiftEnd(subscription.start_date, payments), subscription.items.data[0]?.current_period_end ?? 0);
  await stripe.subscriptions.update(
    subscription.id,
    {cancel_at: end, proration_behavior: 'none'},
    {idempotencyKey: `coral-end:${subscription.id}:${end}`},
  );
}

/**
 * A daily gift's end, fixed as its subscription is made, so nothing after (a late event, a retry) can move it and a
 * cancellation in the portal or the Dashboard stands. Stripe's start is the moment it makes the subscription, which
 * the endpoint cannot know beforehand; the attempt began a moment before it (the request under the attempt's keys
 * that makes it comes within a day: a later one starts a new attempt), and a retry under the same keys gives the same
 * end, as Stripe's idempotency wants of the same request. The end then falls less than a day before the last day's
 * period ends: that day is charged and no further day starts. `proration_behavior: none` keeps the last day's
 * payment whole, and a one-day gift, whose end falls within its first period.
 */
function dailyEndParams(gift: CheckedGift, attempt: Attempt): Pick<Stripe.SubscriptionCreateParams, 'cancel_at' | 'proration_behavior'> {
  if (gift.frequency !== 'daily' || gift.payments === null) return {};
  return {cancel_at: dailyGiftEnd(attempt.startedAt, gift.payments), proration_behavior: 'none'};
}

async function createSubscription(making: Making, gift: CheckedGift, customer: string, product: string): Promise<PendingGift> {
  if (gift.frequency === 'one-off') throw new Error('a one-off gift is not a subscription');
  const subscription = await making.stripe.subscriptions.create(
    {
      customer,
      items: [
        {
          price_data: {
            currency: gift.currency.toLowerCase(),
            product,
            unit_amount: stripeAmountOf(gift),
            recurring: {interval: INTERVAL[gift.frequency]},
          },
          quantity: 1,
        },
      ],
      // The first invoice waits for the browser to confirm it; later ones use the method saved then.
      payment_behavior: 'default_incomplete',
      payment_settings: {save_default_payment_method: 'on_subscription', payment_method_types: elementMethods(gift.config, gift.frequency)},
      expand: ['latest_invoice.confirmation_secret'],
      ...dailyEndParams(gift, making.attempt),
      description: `${gift.frequency} gift to ${gift.campaign}`,
      metadata: giftMetadata(gift),
    },
    {idempotencyKey: `${making.attempt.key}:subscription`},
  );
  return {clientSecret: firstPaymentSecret(subscription), reference: subscription.id, kind: 'subscription'};
}

/** Creates what the gift needs in Stripe; throws Stripe's errors for the handler to map. */
export async function createGift(
  making: Making,
  productFor: (campaign: string) => Promise<string>,
  gift: CheckedGift,
): Promise<PendingGift> {
  if (gift.frequency === 'one-off') return createPayment(making, gift);
  const customer = await customerFor(making, gift.supporter);
  return createSubscription(making, gift, customer, await productFor(gift.campaign));
}

/**
 * The monthly gift an earlier attempt made for `firstGift`, if any, by the `coral_upgrade_of` its metadata carries:
 * Stripe may make the subscription and still answer 500. The first gift's Customer is its own, so it holds its
 * upgrades alone, and a page of them is all of them.
 */
export async function findUpgrade(stripe: Stripe, customer: string, firstGift: string): Promise<string | null> {
  const {data} = await stripe.subscriptions.list({customer, status: 'all', limit: 100});
  return data.find((subscription) => subscription.metadata?.coral_upgrade_of === firstGift)?.id ?? null;
}

/** A monthly gift charged now, off-session, to a payment method the supporter let us keep. */
export async function createUpgrade(
  stripe: Stripe,
  options: {customer: string; paymentMethod: string; product: string; gift: CheckedGift; firstGift: string; key: string},
): Promise<string> {
  const {gift} = options;
  const subscription = await stripe.subscriptions.create(
    {
      customer: options.customer,
      default_payment_method: options.paymentMethod,
      items: [
        {
          price_data: {
            currency: gift.currency.toLowerCase(),
            product: options.product,
            unit_amount: stripeAmountOf(gift),
            recurring: {interval: 'month'},
          },
          quantity: 1,
        },
      ],
      off_session: true,
      // A decline or a bank asking for authentication fails the call (402) rather than leaving an unpaid subscription behind.
      payment_behavior: 'error_if_incomplete',
      description: `monthly gift to ${gift.campaign}`,
      metadata: {...giftMetadata(gift), coral_upgrade_of: options.firstGift},
    },
    {idempotencyKey: `${options.key}:upgrade`},
  );
  return subscription.id;
}
