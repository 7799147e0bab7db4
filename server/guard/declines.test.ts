/** The limit on declined confirmations of one gift: past it, the PaymentIntent is cancelled and its client secret is spent. */
import {describe, expect, it} from 'vitest';
import {deliver, post} from '../testing/fixtures';
import {smallestGift} from '../testing/guard';
import {eachStandIn} from '../testing/eachStandIn';
import {DEFAULT_GUARD} from './settings';

const each = eachStandIn();

/** A supporter's browser confirming the gift's client secret with a card, and Stripe telling the endpoint what happened. */
async function confirm(clientSecret: string, paymentMethod: string) {
  for (const event of each.stripe.confirm(clientSecret, paymentMethod)) expect((await deliver(each.setup.handler, event)).status).toBe(200);
}

/** A card tester's run on one client secret, to the limit: the events Stripe sends, not yet delivered. */
function declinedToTheLimit(clientSecret: string) {
  return Array.from({length: DEFAULT_GUARD.declinesPerGift}, () => each.stripe.confirm(clientSecret, 'pm_card_chargeDeclined')).flat();
}

/** A card tester's run on one client secret: declined `times` times, each told to the endpoint. */
async function declined(clientSecret: string, times: number) {
  for (let i = 0; i < times; i += 1) await confirm(clientSecret, 'pm_card_chargeDeclined');
}

const startGift = async () => {
  const {body} = await post(each.setup.handler, '/gifts', smallestGift(1));
  return {reference: String(body.reference), clientSecret: String(body.clientSecret)};
};
const cancels = () => each.stripe.requests.filter((request) => request.path.endsWith('/cancel'));
const warned = () => each.setup.logger.lines.filter((line) => line.level === 'warn').map((line) => line.msg);

describe('declined confirmations of one gift', () => {
  it.each([
    ['a one-off gift', {}],
    ['a regular gift', {frequency: 'monthly', amount: 2500}],
  ])('let a supporter of %s whose card was declined three times pay with the fourth', async (_, change) => {
    const {body} = await post(each.setup.handler, '/gifts', smallestGift(1, change));
    const clientSecret = String(body.clientSecret);
    await declined(clientSecret, DEFAULT_GUARD.declinesPerGift - 1);
    await confirm(clientSecret, 'pm_card_visa');
    expect([...each.stripe.paymentIntents.values()].find((intent) => intent.client_secret === clientSecret)?.status).toBe('succeeded');
    expect(each.stripe.requests.filter((request) => /\/(cancel|void)$/.test(request.path))).toEqual([]);
  });

  it('cancels the PaymentIntent at the limit, so its client secret cannot be confirmed again', async () => {
    const gift = await startGift();
    await declined(gift.clientSecret, DEFAULT_GUARD.declinesPerGift);
    expect(each.stripe.paymentIntents.get(gift.reference)).toMatchObject({status: 'canceled', cancellation_reason: 'abandoned'});
    expect(cancels()).toHaveLength(1);
    expect(warned()).toEqual(['a gift was cancelled after repeated declines']);
    expect(() => each.stripe.confirm(gift.clientSecret, 'pm_card_visa')).toThrow(/payment_intent_unexpected_state/);
    // The supporter starts a new gift, which is confirmed as any other.
    const next = await startGift();
    await confirm(next.clientSecret, 'pm_card_visa');
    expect(each.stripe.paymentIntents.get(next.reference)?.status).toBe('succeeded');
  });

  it('answers Stripe 200 when it sends the last failure again, or when the gift was paid in the meantime', async () => {
    const gift = await startGift();
    const failures = declinedToTheLimit(gift.clientSecret);
    // Paid before the failures arrive: Stripe refuses to cancel a PaymentIntent that succeeded.
    const paid = each.stripe.confirm(gift.clientSecret, 'pm_card_visa');
    for (const event of [...failures, ...failures.slice(-1), ...paid]) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    expect(each.stripe.paymentIntents.get(gift.reference)?.status).toBe('succeeded');
    expect(each.setup.logger.lines.filter((line) => line.msg === 'a declined gift had already ended')).toHaveLength(2);
  });

  it('answers 500 when the cancel could not reach Stripe, so Stripe sends the failure again and the cancel is retried', async () => {
    const gift = await startGift();
    const failures = declinedToTheLimit(gift.clientSecret);
    for (const event of failures.slice(0, -1)) await deliver(each.setup.handler, event);
    each.stripe.failNext('rate-limit', {path: /\/cancel$/});
    expect((await deliver(each.setup.handler, failures.at(-1)!)).status).toBe(500);
    expect(each.stripe.paymentIntents.get(gift.reference)?.status).toBe('requires_payment_method');
    expect((await deliver(each.setup.handler, failures.at(-1)!)).status).toBe(200);
    expect(each.stripe.paymentIntents.get(gift.reference)?.status).toBe('canceled');
  });

  it('leaves a hosted checkout’s PaymentIntent to Stripe’s page, which Stripe lets no one cancel', async () => {
    const metadata = {coral_campaign: 'save-the-reef', coral_frequency: 'one-off', coral_via: 'checkout'};
    const intent = await each.stripe.client().paymentIntents.create({amount: 500, currency: 'aud', metadata});
    for (let i = 0; i < DEFAULT_GUARD.declinesPerGift; i += 1) await confirm(intent.client_secret!, 'pm_card_chargeDeclined');
    expect(cancels()).toEqual([]);
    expect(each.stripe.paymentIntents.get(intent.id)?.status).toBe('requires_payment_method');
  });
});

describe('declined confirmations of a regular gift’s first payment', () => {
  /** A monthly gift whose first invoice waits for the browser: its client secret is the invoice's PaymentIntent's. */
  const startMonthly = async () => {
    const {body} = await post(each.setup.handler, '/gifts', smallestGift(1, {frequency: 'monthly', amount: 2500}));
    const invoice = String(each.stripe.subscriptions.get(String(body.reference))?.latest_invoice);
    return {invoice, clientSecret: String(body.clientSecret)};
  };
  const intentOf = (invoice: string) => each.stripe.paymentIntents.get(String(each.stripe.invoices.get(invoice)?._payment_intent));
  const voids = () => each.stripe.requests.filter((request) => request.path.endsWith('/void'));

  it('voids the first invoice at the limit, so its client secret takes no more cards', async () => {
    const gift = await startMonthly();
    await declined(gift.clientSecret, DEFAULT_GUARD.declinesPerGift);
    expect(each.stripe.invoices.get(gift.invoice)?.status).toBe('void');
    expect(intentOf(gift.invoice)).toMatchObject({status: 'canceled', cancellation_reason: 'void_invoice'});
    expect(voids().map((request) => [request.path, request.idempotencyKey])).toEqual([
      [`/v1/invoices/${gift.invoice}/void`, `coral:void:${gift.invoice}`],
    ]);
    expect(warned()).toEqual(['a gift was cancelled after repeated declines']);
    expect(() => each.stripe.confirm(gift.clientSecret, 'pm_card_visa')).toThrow(/payment_intent_unexpected_state/);
  });

  it('answers Stripe 200 when the invoice was paid before the last failure arrived', async () => {
    const gift = await startMonthly();
    const failures = declinedToTheLimit(gift.clientSecret);
    const paid = each.stripe.confirm(gift.clientSecret, 'pm_card_visa');
    for (const event of [...failures, ...paid]) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    expect(each.stripe.invoices.get(gift.invoice)?.status).toBe('paid');
    expect(each.setup.logger.lines.filter((line) => line.msg === 'a declined gift had already ended')).toHaveLength(1);
  });
});

describe('the Stripe stand-in, cancelling as Stripe does', () => {
  it('refuses a PaymentIntent that succeeded or was cancelled, one an invoice made, and an unknown reason', async () => {
    const client = each.stripe.client();
    const paid = await startGift();
    each.stripe.confirm(paid.clientSecret, 'pm_card_visa');
    await expect(client.paymentIntents.cancel(paid.reference)).rejects.toMatchObject({code: 'payment_intent_unexpected_state'});

    const gift = await startGift();
    await expect(client.paymentIntents.cancel(gift.reference, {cancellation_reason: 'bored' as 'abandoned'})).rejects.toMatchObject({
      param: 'cancellation_reason',
    });
    await client.paymentIntents.cancel(gift.reference);
    await expect(client.paymentIntents.cancel(gift.reference)).rejects.toMatchObject({code: 'payment_intent_unexpected_state'});

    const monthly = await post(each.setup.handler, '/gifts', smallestGift(2, {frequency: 'monthly', amount: 2500}));
    const invoiceIntent = [...each.stripe.paymentIntents.values()].find((pi) => pi.client_secret === monthly.body.clientSecret)!;
    await expect(client.paymentIntents.cancel(String(invoiceIntent.id))).rejects.toMatchObject({
      message: expect.stringContaining('created by an invoice'),
    });
  });

  it('voids an open invoice once, and refuses one paid or already void, or one it does not know', async () => {
    const client = each.stripe.client();
    const monthly = async (n: number) => {
      const {body} = await post(each.setup.handler, '/gifts', smallestGift(n, {frequency: 'monthly', amount: 2500}));
      return {
        invoice: String(each.stripe.subscriptions.get(String(body.reference))?.latest_invoice),
        clientSecret: String(body.clientSecret),
      };
    };
    const open = await monthly(3);
    expect(await client.invoices.voidInvoice(open.invoice)).toMatchObject({id: open.invoice, status: 'void'});
    await expect(client.invoices.voidInvoice(open.invoice)).rejects.toMatchObject({type: 'StripeInvalidRequestError'});
    const paid = await monthly(4);
    each.stripe.confirm(paid.clientSecret, 'pm_card_visa');
    await expect(client.invoices.voidInvoice(paid.invoice)).rejects.toMatchObject({message: expect.stringContaining('is paid')});
    await expect(client.invoices.voidInvoice('in_nothing')).rejects.toMatchObject({code: 'resource_missing'});
  });
});
