/**
 * The Stripe calls behind a gift: a Customer, then a PaymentIntent (one-off)
 * or a Subscription (weekly, monthly, daily for N days) left for the browser
 * to confirm with Stripe.js. Nothing here sees a card: the endpoint creates
 * intents and hands back their client secrets.
 *
 * Every create carries an idempotency key derived from the one the browser
 * sent, one per call, so a retried gift (a double click, a lost answer)
 * meets the objects the first attempt created instead of making new ones.
 */
import type Stripe from 'stripe';
import type {Frequency, GiftAnswer, GiftKind, Method} from '../src/coral/contract';
import type {CheckedGift, Supporter} from './gift';

export type {GiftKind};

/** What the browser needs to confirm the first payment with Stripe.js: the /gifts answer, but for its status. */
export type PendingGift = Omit<Extract<GiftAnswer, {status: 'requires_confirmation'}>, 'status'>;

/** Stripe's name for each way to pay, where the endpoint calls Stripe: the form and the request say `direct-debit`. */
export const STRIPE_METHOD = {card: 'card', 'direct-debit': 'au_becs_debit'} as const satisfies Record<Method, string>;

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
  if (gift.sourceCode) metadata.coral_source_code = gift.sourceCode;
  if (gift.payments !== null) metadata.coral_payments = gift.payments;
  if (gift.upgrade) {
    metadata.coral_upgrade_from = `${gift.upgrade.from.amount} ${gift.upgrade.from.frequency}`;
    metadata.coral_upgrade_accepted = String(gift.upgrade.accepted);
  }
  return metadata;
}

const fullName = (supporter: Supporter): string | undefined =>
  [supporter.firstName, supporter.lastName].filter((part) => part && part.trim() !== '').join(' ') || undefined;

/**
 * The supporter's Customer: the newest one with this email, else a new one.
 * An existing Customer's details are left as they are; the gift only adds to it.
 */
async function customerFor(stripe: Stripe, supporter: Supporter, key: string): Promise<string> {
  const email = supporter.email?.trim();
  if (email) {
    const found = await stripe.customers.list({email, limit: 1});
    if (found.data[0]) return found.data[0].id;
  }
  const customer = await stripe.customers.create(
    {
      email,
      name: fullName(supporter),
      phone: supporter.phone,
      address: supporter.postcode || supporter.address ? {postal_code: supporter.postcode, line1: supporter.address} : undefined,
    },
    {idempotencyKey: `${key}:customer`},
  );
  return customer.id;
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

async function createPayment(stripe: Stripe, gift: CheckedGift, customer: string, key: string): Promise<PendingGift> {
  const intent = await stripe.paymentIntents.create(
    {
      amount: gift.perPayment,
      currency: gift.currency.toLowerCase(),
      customer,
      allowed_payment_method_types: [STRIPE_METHOD[gift.method]],
      // Saved only with the supporter's say-so, for the thank-you page's one-tap monthly ask.
      ...(gift.savePaymentMethod ? {setup_future_usage: 'off_session' as const} : {}),
      description: `Gift to ${gift.campaign}`,
      metadata: giftMetadata(gift),
    },
    {idempotencyKey: `${key}:payment`},
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
 * Ends a daily subscription after exactly `payments` days. A subscription
 * schedule is Stripe's documented way to bound a subscription: the schedule
 * is made from the subscription, its one phase runs for N intervals from the
 * subscription's own start, and `end_behavior: 'cancel'` ends it there. A
 * `cancel_at` timestamp would be computed from this server's clock rather
 * than Stripe's start date, and a few seconds either way prorate the last
 * payment or start an N+1th day.
 *
 * Both paths come here: /gifts before it hands out the client secret, and
 * hosted checkout once Stripe reports the session complete. A subscription
 * that already has its schedule (a webhook delivered again after the
 * idempotency keys have expired) keeps it, and gets the same term again.
 */
export async function endAfterPayments(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  payments: number,
  metadata: Stripe.MetadataParam,
  key: string,
): Promise<void> {
  const price = subscription.items.data[0]?.price.id;
  if (!price) throw new Error('Stripe answered a Subscription without its price');
  const existing = subscription.schedule;
  const schedule =
    existing === null
      ? await stripe.subscriptionSchedules.create({from_subscription: subscription.id}, {idempotencyKey: `${key}:schedule`})
      : typeof existing === 'string'
        ? await stripe.subscriptionSchedules.retrieve(existing)
        : existing;
  const start = schedule.phases[0]?.start_date ?? subscription.start_date;
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: 'cancel',
      proration_behavior: 'none',
      phases: [
        {
          items: [{price, quantity: 1}],
          start_date: start,
          duration: {interval: 'day', interval_count: payments},
          metadata,
        },
      ],
    },
    {idempotencyKey: `${key}:schedule-term`},
  );
}

async function createSubscription(stripe: Stripe, gift: CheckedGift, customer: string, product: string, key: string): Promise<PendingGift> {
  if (gift.frequency === 'one-off') throw new Error('a one-off gift is not a subscription');
  const subscription = await stripe.subscriptions.create(
    {
      customer,
      items: [
        {
          price_data: {
            currency: gift.currency.toLowerCase(),
            product,
            unit_amount: gift.perPayment,
            recurring: {interval: INTERVAL[gift.frequency]},
          },
          quantity: 1,
        },
      ],
      // The first invoice waits for the browser to confirm it; later ones use the method saved then.
      payment_behavior: 'default_incomplete',
      payment_settings: {save_default_payment_method: 'on_subscription', payment_method_types: [STRIPE_METHOD[gift.method]]},
      expand: ['latest_invoice.confirmation_secret'],
      description: `${gift.frequency} gift to ${gift.campaign}`,
      metadata: giftMetadata(gift),
    },
    {idempotencyKey: `${key}:subscription`},
  );
  // The browser gets the secret only once the term is set: a daily gift must never be left open-ended.
  if (gift.payments !== null) await endAfterPayments(stripe, subscription, gift.payments, giftMetadata(gift), key);
  return {clientSecret: firstPaymentSecret(subscription), reference: subscription.id, kind: 'subscription'};
}

/** Creates what the gift needs in Stripe; throws Stripe's errors for the handler to map. */
export async function createGift(
  stripe: Stripe,
  productFor: (campaign: string) => Promise<string>,
  gift: CheckedGift,
  key: string,
): Promise<PendingGift> {
  const customer = await customerFor(stripe, gift.supporter, key);
  if (gift.frequency === 'one-off') return createPayment(stripe, gift, customer, key);
  return createSubscription(stripe, gift, customer, await productFor(gift.campaign), key);
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
            unit_amount: gift.perPayment,
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
