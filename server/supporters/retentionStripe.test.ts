/**
 * Retention with Stripe asked, on every database: gifts made through /gifts at the Stripe stand-in, the clock moved on,
 * and what Stripe then holds as well as what the records do.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {giftBody, makeHandler, newKey, NOW_MS, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {applyRetention, STRIPE_RETRY_DAYS, UNKEPT_CUSTOMER_DAYS} from './retention';

const DAY = 86_400;

describe.each(DATABASES)('retention with Stripe on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let clock: number;
  let handler: ReturnType<typeof makeHandler>['handler'];
  beforeEach(async () => {
    test = await create();
    clock = NOW_MS / 1000;
    stripe = await startStripeStandIn({clock: () => clock});
    ({handler} = makeHandler(stripe, {store: createPgStore(test.db, {outbox: true}), now: () => clock * 1000}));
  });
  afterEach(async () => {
    await stripe.close();
    await test.drop();
  });

  const emailOf = async (reference: string) =>
    (await test.db.query<{email: string | null}>('select email from gifts where reference = $1', [reference]))[0]?.email;
  const gift = async (change: Record<string, unknown> = {}) => {
    const {status, body} = await post(handler, '/gifts', giftBody(change));
    expect(status).toBe(200);
    return {reference: String(body.reference), clientSecret: String(body.clientSecret)};
  };
  const customerOf = (reference: string) => String((stripe.paymentIntents.get(reference) ?? stripe.subscriptions.get(reference))?.customer);
  const deletedAtStripe = (customer: string) => stripe.customers.get(customer)?.deleted === true;

  it('keeps the details of a gift Stripe paid whose webhook has not come, and deletes the Customers of those it never did', async () => {
    const paid = await gift();
    stripe.confirm(paid.clientSecret, 'pm_card_visa');
    const keptCard = await gift({savePaymentMethod: true});
    const monthly = await gift({frequency: 'monthly', amount: 2500});

    clock += DAY + 60;
    const report = await applyRetention(test.db, {days: null, nowSeconds: clock, stripe: stripe.client()});
    expect(report).toMatchObject({abandoned: 2, paidAtStripe: 1, customersDeleted: 2});
    expect(await emailOf(paid.reference)).toBe('ada@example.org');
    expect(await emailOf(keptCard.reference)).toBeNull();
    expect(await emailOf(monthly.reference)).toBeNull();
    expect(deletedAtStripe(customerOf(keptCard.reference))).toBe(true);
    expect(deletedAtStripe(customerOf(monthly.reference))).toBe(true);
  });

  it(`without Stripe to ask, waits ${STRIPE_RETRY_DAYS} days, past Stripe's retries of a webhook`, async () => {
    const paid = await gift();
    stripe.confirm(paid.clientSecret, 'pm_card_visa');
    clock += 3 * DAY + 60;
    expect((await applyRetention(test.db, {days: null, nowSeconds: clock})).abandoned).toBe(0);
    expect(await emailOf(paid.reference)).toBe('ada@example.org');
    clock += DAY;
    expect((await applyRetention(test.db, {days: null, nowSeconds: clock})).abandoned).toBe(1);
  });

  it(`deletes a Customer whose gift failed after it was made, ${UNKEPT_CUSTOMER_DAYS} days on, and keeps none of its details`, async () => {
    stripe.failNext('server-error', {path: /^\/v1\/subscriptions$/});
    expect((await post(handler, '/gifts', giftBody({frequency: 'monthly', amount: 2500}), {key: newKey()})).status).toBe(503);
    const [customer] = [...stripe.customers.keys()];
    expect(await test.db.query('select email from stripe_customers')).toEqual([{email: 'ada@example.org'}]);

    clock += DAY + 60;
    expect((await applyRetention(test.db, {days: null, nowSeconds: clock, stripe: stripe.client()})).customersDeleted).toBe(0);
    clock += DAY;
    expect((await applyRetention(test.db, {days: null, nowSeconds: clock, stripe: stripe.client()})).customersDeleted).toBe(1);
    expect(deletedAtStripe(customer!)).toBe(true);
    expect(await test.db.query('select 1 from stripe_customers')).toEqual([]);
  });

  it('drops the note of a Customer once its gift is kept and no retry can come, and leaves the Customer', async () => {
    const key = newKey();
    const body = giftBody({frequency: 'monthly', amount: 2500});
    stripe.failNext('server-error', {path: /^\/v1\/subscriptions$/});
    await post(handler, '/gifts', body, {key});
    const made = await post(handler, '/gifts', body, {key});
    stripe.confirm(String(made.body.clientSecret), 'pm_card_visa');
    // Kept, the note has no email for a lookup by email to find; it names the Customer for the same request sent again.
    expect(await test.db.query('select email from stripe_customers')).toEqual([{email: null}]);
    clock += 3 * DAY;
    expect(await applyRetention(test.db, {days: null, nowSeconds: clock, stripe: stripe.client()})).toMatchObject({
      abandoned: 0,
      customersDeleted: 0,
    });
    expect(deletedAtStripe(customerOf(String(made.body.reference)))).toBe(false);
    expect(await test.db.query('select 1 from stripe_customers')).toEqual([]);
  });
});
