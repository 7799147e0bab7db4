/**
 * What the CRM is sent of a gift, through the handler and the stand-in on every database: nothing while it is only
 * started (an abandoned form, a card-testing bot), and the gift with its first outcome once Stripe reports one.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from './pgStore';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import type {Json} from '../testing/stripeValues';

type Queued = {record_id: string; payload: {id: string; type: string; data: Record<string, unknown>}};

const ORDERS: Record<string, (events: Json[]) => Json[]> = {
  'in Stripe’s order': (events) => events,
  reversed: (events) => [...events].reverse(),
};

describe.each(DATABASES)('the outbox on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let handler: ReturnType<typeof makeHandler>['handler'];
  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
    handler = makeHandler(stripe, {store: createPgStore(test.db, {outbox: true}), db: test.db}).handler;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  const queued = () => test.db.query<Queued>('select record_id, payload from outbox order by id');
  const ids = async () => (await queued()).map((row) => row.record_id);
  const deliverAll = async (events: Json[]) => {
    for (const event of events) expect((await deliver(handler, event)).status, String(event.type)).toBe(200);
  };
  const checkout = (change: Record<string, unknown>) =>
    post(handler, '/checkout', {...giftBody(change), returnUrl: `${ORIGIN}/thank-you`, cancelUrl: `${ORIGIN}/donate`});

  it('sends nothing of a gift that is started and never paid nor failed, even when its subscription expires', async () => {
    expect((await post(handler, '/gifts', giftBody())).status).toBe(200);
    const monthly = await post(handler, '/gifts', giftBody({frequency: 'monthly', amount: 2500}));
    expect((await checkout({frequency: 'one-off'})).status).toBe(200);
    // Stripe deletes a subscription whose first invoice was never paid.
    const from = stripe.events.length;
    await stripe.client().subscriptions.cancel(String(monthly.body.reference));
    await deliverAll(stripe.events.slice(from));
    expect(await test.db.query('select key from payments')).toEqual([{key: `ended:${String(monthly.body.reference)}`}]);
    expect(await queued()).toEqual([]);
    expect(await test.db.query('select count(*)::int as kept from gifts')).toEqual([{kept: 3}]);
  });

  it('sends a paid gift when its payment is recorded: the gift, then the payment', async () => {
    const {body} = await post(handler, '/gifts', giftBody());
    const reference = String(body.reference);
    expect(await queued()).toEqual([]);
    await deliverAll(stripe.confirm(String(body.clientSecret), 'pm_card_visa'));
    expect(await ids()).toEqual([`gift:${reference}`, `payment:paid:${reference}`]);
    const [gift] = await queued();
    expect(gift!.payload).toMatchObject({
      type: 'gift',
      data: {reference, via: 'gifts', method: 'card', supporter: {email: 'ada@example.org'}, consent: {given: false}},
    });
  });

  it('sends a gift declined and never paid, with its failure', async () => {
    const {body} = await post(handler, '/gifts', giftBody());
    const events = stripe.confirm(String(body.clientSecret), 'pm_card_chargeDeclined');
    await deliverAll(events);
    const failed = events.find((event) => event.type === 'payment_intent.payment_failed')!;
    expect(await ids()).toEqual([`gift:${String(body.reference)}`, `payment:failed:${String(failed.id)}`]);
  });

  it('sends the one-tap monthly gift with its upgrade, after the first gift and its payment', async () => {
    const {body} = await post(handler, '/gifts', giftBody({amount: 9000, savePaymentMethod: true}));
    const first = String(body.reference);
    await deliverAll(stripe.confirm(String(body.clientSecret), 'pm_card_visa'));
    const from = stripe.events.length;
    const upgrade = await post(handler, '/gifts/upgrade', {
      reference: first,
      clientSecret: body.clientSecret,
      amount: 3000,
      fee: 0,
      currency: 'AUD',
    });
    expect(upgrade.status).toBe(200);
    const monthly = String(upgrade.body.reference);
    await deliverAll(stripe.events.slice(from));
    const invoice = String(stripe.subscriptions.get(monthly)!.latest_invoice);
    expect(await ids()).toEqual([
      `gift:${first}`,
      `payment:paid:${first}`,
      `gift:${monthly}`,
      `payment:upgraded:${first}`,
      `payment:paid:${invoice}`,
    ]);
  });

  it.each(Object.entries(ORDERS))(
    'sends a hosted checkout’s gift paid by direct debit as direct-debit, its events %s',
    async (_, order) => {
      const {body} = await checkout({frequency: 'monthly', amount: 2500});
      const session = String(body.reference);
      const events = stripe.completeCheckout(session, 'pm_au_becs_debit_success');
      events.push(...stripe.settleCheckout(session, 'succeeded'));
      await deliverAll(order(events));
      const [gift, ...payments] = await queued();
      expect(gift!.payload).toMatchObject({id: `gift:${session}`, data: {via: 'checkout', method: 'direct-debit'}});
      expect(payments.map((row) => row.payload.type)).toEqual(['payment']);
    },
  );
});
