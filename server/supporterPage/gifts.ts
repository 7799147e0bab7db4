/**
 * A regular gift changed by its supporter, at Stripe: a new amount from the next payment (the subscription's item
 * given a new price, with no proration, as a gift is no service to be charged for by the day), the card changed on
 * Stripe's own customer portal, or the gift stopped at once. Each change the page makes is kept in `gift_changes`.
 */
import type Stripe from 'stripe';
import {toStripeAmount} from '../../src/coral/contract/library';
import type {Queryable} from '../db';

/** The address of a customer portal session for the gift's Customer, which comes back to the page. */
export async function portalFor(stripe: Stripe, subscription: string, returnUrl: string): Promise<string> {
  const found = await stripe.subscriptions.retrieve(subscription);
  const customer = typeof found.customer === 'string' ? found.customer : found.customer.id;
  const session = await stripe.billingPortal.sessions.create({customer, return_url: returnUrl});
  return session.url;
}

/** The gift's payments from the next one on: `cents` each, in the gift's currency. */
export async function changeAmount(
  stripe: Stripe,
  db: Queryable,
  gift: string,
  subscription: string,
  cents: number,
  currency: string,
  nowSeconds: number,
): Promise<void> {
  const found = await stripe.subscriptions.retrieve(subscription);
  const item = found.items.data[0];
  if (!item) throw new Error(`subscription ${subscription} has no item`);
  const {price} = item;
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  const interval = price.recurring?.interval;
  if (!interval) throw new Error(`subscription ${subscription}'s price is not recurring`);
  await stripe.subscriptions.update(subscription, {
    items: [
      {
        id: item.id,
        price_data: {currency: currency.toLowerCase(), product, unit_amount: toStripeAmount(cents, currency), recurring: {interval}},
      },
    ],
    proration_behavior: 'none',
  });
  await db.query("insert into gift_changes (gift, action, amount, at) values ($1, 'amount', $2, to_timestamp($3))", [
    gift,
    cents,
    nowSeconds,
  ]);
}

/** The gift stopped now: its subscription cancelled (Stripe's event then records it as ended). */
export async function stopGift(stripe: Stripe, db: Queryable, gift: string, subscription: string, nowSeconds: number): Promise<void> {
  await stripe.subscriptions.cancel(subscription);
  await db.query("insert into gift_changes (gift, action, at) values ($1, 'cancelled', to_timestamp($2))", [gift, nowSeconds]);
}
