/** The stand-in keeps Stripe's documented promises about idempotent requests, through the official SDK. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import Stripe from 'stripe';
import {startStripeStandIn, type StripeStandIn} from './stripeStandIn';

let standIn: StripeStandIn;
let stripe: Stripe;
beforeEach(async () => {
  standIn = await startStripeStandIn();
  stripe = standIn.client();
});
afterEach(() => standIn.close());

const intent = {amount: 1000, currency: 'aud', metadata: {order: 'a'}};

describe('the Stripe stand-in', () => {
  it('answers a repeated key with the first answer, marked as replayed', async () => {
    const first = await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-1'});
    const again = await stripe.paymentIntents.create({metadata: {order: 'a'}, currency: 'aud', amount: 1000}, {idempotencyKey: 'key-1'});
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.paymentIntents.size).toBe(1);
    expect(standIn.requests.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      ['key-1', false],
      ['key-1', true],
    ]);
  });

  it('refuses a key reused with other parameters', async () => {
    await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-2'});
    await expect(stripe.paymentIntents.create({...intent, amount: 2000}, {idempotencyKey: 'key-2'})).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('keeps no answer for a rate-limited request, so the same key may be tried again', async () => {
    standIn.failNext('rate-limit');
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-3'})).rejects.toMatchObject({type: 'StripeRateLimitError'});
    expect((await stripe.paymentIntents.create(intent, {idempotencyKey: 'key-3'})).amount).toBe(1000);
  });

  it('keeps a decline: the same key gets the same decline', async () => {
    standIn.failNext('decline');
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-4'})).rejects.toMatchObject({type: 'StripeCardError'});
    await expect(stripe.paymentIntents.create(intent, {idempotencyKey: 'key-4'})).rejects.toMatchObject({code: 'card_declined'});
    expect(standIn.paymentIntents.size).toBe(0);
  });

  it('wants a secret key, and refuses what Stripe refuses', async () => {
    const stranger = new Stripe('rk_nothing', {host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0});
    await expect(stranger.paymentIntents.create(intent)).rejects.toMatchObject({type: 'StripeAuthenticationError'});
    await expect(stripe.paymentIntents.create({...intent, amount: 20})).rejects.toMatchObject({code: 'amount_too_small'});
    await expect(stripe.paymentIntents.create({...intent, customer: 'cus_nobody'})).rejects.toMatchObject({code: 'resource_missing'});
  });
});

describe('the stand-in’s Checkout Sessions', () => {
  const lineItem = (recurring?: {interval: 'month'}) => ({
    price_data: {currency: 'aud', product: 'prod_gift', unit_amount: 2500, recurring},
    quantity: 1,
  });

  it('makes a session with the address of Stripe’s page, and refuses prices in the wrong mode', async () => {
    await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem()],
      success_url: 'https://www.example.org/',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: 2500,
      url: `https://checkout.stripe.com/c/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    await expect(stripe.checkout.sessions.create({mode: 'payment', line_items: [lineItem({interval: 'month'})]})).rejects.toMatchObject({
      param: 'line_items',
    });
    await expect(stripe.checkout.sessions.create({mode: 'subscription', line_items: [lineItem()]})).rejects.toMatchObject({
      param: 'line_items',
    });
  });

  it('answers a session as it is kept, with its Customer once a subscription-mode one completes', async () => {
    await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [lineItem({interval: 'month'})],
      customer_email: 'ada@example.org',
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({id: session.id, status: 'open', customer: null});
    standIn.completeCheckout(session.id);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({status: 'complete', payment_status: 'paid', customer: expect.stringMatching(/^cus_/)});
    expect(standIn.customers.get(completed.customer as string)).toMatchObject({email: 'ada@example.org'});
    expect((await stripe.subscriptions.retrieve(completed.subscription as string)).customer).toBe(completed.customer);
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({statusCode: 404, code: 'resource_missing'});
  });

  it('makes no Customer for a payment-mode session unless customer_creation is always', async () => {
    await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const plain = await stripe.checkout.sessions.create({mode: 'payment', line_items: [lineItem()], customer_email: 'ada@example.org'});
    standIn.completeCheckout(plain.id);
    const paid = await stripe.checkout.sessions.retrieve(plain.id);
    expect(paid).toMatchObject({status: 'complete', customer: null});
    expect((await stripe.paymentIntents.retrieve(paid.payment_intent as string)).customer).toBeNull();
    expect(standIn.customers.size).toBe(0);

    const saving = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem()],
      customer_email: 'ada@example.org',
      customer_creation: 'always',
    });
    standIn.completeCheckout(saving.id);
    const kept = await stripe.checkout.sessions.retrieve(saving.id);
    expect(kept.customer).toMatch(/^cus_/);
    expect((await stripe.paymentIntents.retrieve(kept.payment_intent as string)).customer).toBe(kept.customer);
    expect(standIn.customers.get(kept.customer as string)).toMatchObject({email: 'ada@example.org'});
    await expect(
      stripe.checkout.sessions.create({mode: 'subscription', line_items: [lineItem({interval: 'month'})], customer_creation: 'always'}),
    ).rejects.toMatchObject({param: 'customer_creation'});
  });
});

describe('the stand-in’s charges, refunds and disputes', () => {
  it('copies a PaymentIntent’s metadata to the charge it makes, and refunds it in parts', async () => {
    const paid = await stripe.paymentIntents.create(intent);
    standIn.confirm(paid.client_secret!, 'pm_card_visa');
    const chargeId = String(standIn.paymentIntents.get(paid.id)!.latest_charge);
    expect(standIn.charges.get(chargeId)).toMatchObject({payment_intent: paid.id, metadata: {order: 'a'}, amount_refunded: 0});
    const first = standIn.refund(paid.id, 400);
    expect(first.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    expect(first[1]).toMatchObject({api_version: Stripe.API_VERSION, data: {object: {amount_refunded: 400, refunded: false}}});
    expect(standIn.refund(paid.id)[1]).toMatchObject({data: {object: {amount_refunded: 1000, refunded: true}}});
    expect(() => standIn.refund(paid.id)).toThrow(/cannot refund/);
  });

  it('names a subscription payment’s invoice only through its invoice payment, as from 2025-03-31', async () => {
    await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const customer = await stripe.customers.create({email: 'ada@example.org'});
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{price_data: {currency: 'aud', product: 'prod_gift', unit_amount: 2500, recurring: {interval: 'month'}}}],
      metadata: {order: 'b'},
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const [succeeded] = standIn.confirm(invoice.confirmation_secret!.client_secret, 'pm_card_visa');
    const paymentIntent = (succeeded!.data as {object: {id: string}}).object.id;
    expect(standIn.paymentIntents.get(paymentIntent)).not.toHaveProperty('invoice');
    const {data} = await stripe.invoicePayments.list({
      payment: {type: 'payment_intent', payment_intent: paymentIntent},
      expand: ['data.invoice'],
    });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({status: 'paid', amount_paid: 2500, payment: {type: 'payment_intent', payment_intent: paymentIntent}});
    expect((data[0]!.invoice as Stripe.Invoice).parent?.subscription_details).toMatchObject({
      subscription: subscription.id,
      metadata: {order: 'b'},
    });
  });

  it('opens and closes a dispute with the events Stripe sends, in the webhook endpoint’s API version', async () => {
    await standIn.close();
    standIn = await startStripeStandIn({webhookApiVersion: '2025-02-24.acacia'});
    stripe = standIn.client();
    const paid = await stripe.paymentIntents.create(intent);
    standIn.confirm(paid.client_secret!, 'pm_card_visa');
    const opened = standIn.dispute(paid.id);
    expect(opened.map((event) => [event.type, event.api_version])).toEqual([
      ['charge.dispute.created', '2025-02-24.acacia'],
      ['charge.dispute.funds_withdrawn', '2025-02-24.acacia'],
    ]);
    const dispute = (opened[0]!.data as {object: {id: string}}).object;
    expect(dispute).toMatchObject({object: 'dispute', payment_intent: paid.id, amount: 1000, currency: 'aud', status: 'needs_response'});
    expect(standIn.closeDispute(dispute.id, 'won').map((event) => event.type)).toEqual([
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect(standIn.disputes.get(dispute.id)).toMatchObject({status: 'won'});
  });
});

describe('the stand-in’s subscriptions', () => {
  const price = {currency: 'aud', product: 'prod_gift', unit_amount: 500, recurring: {interval: 'day' as const}};
  const NOW = 1_767_225_600;
  const DAY = 86_400;

  async function subscribe(params: Partial<Stripe.SubscriptionCreateParams> = {}) {
    if (!standIn.products.has('prod_gift')) await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const customer = await stripe.customers.create({email: 'ada@example.org'});
    return stripe.subscriptions.create({
      customer: customer.id,
      items: [{price_data: price}],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      ...params,
    });
  }

  it('takes an end in the future as it is made, and refuses one past, or with cancel_at_period_end too', async () => {
    expect(await subscribe({cancel_at: NOW + 7 * DAY, proration_behavior: 'none'})).toMatchObject({
      status: 'incomplete',
      cancel_at: NOW + 7 * DAY,
      cancel_at_period_end: false,
    });
    await expect(subscribe({cancel_at: NOW})).rejects.toMatchObject({param: 'cancel_at'});
    await expect(subscribe({cancel_at: NOW + DAY, cancel_at_period_end: true})).rejects.toMatchObject({
      message: 'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
    });
    await expect(subscribe({proration_behavior: 'sometimes'})).rejects.toMatchObject({param: 'proration_behavior'});
  });

  it('takes only metadata while incomplete, and only metadata once canceled', async () => {
    const sub = await subscribe();
    await expect(stripe.subscriptions.update(sub.id, {cancel_at: NOW + DAY})).rejects.toMatchObject({param: 'cancel_at'});
    await stripe.subscriptions.update(sub.id, {metadata: {note: 'kept'}});
    const invoice = sub.latest_invoice as Stripe.Invoice;
    standIn.confirm(invoice.confirmation_secret!.client_secret, 'pm_card_visa');
    const cancelled = await stripe.subscriptions.cancel(sub.id);
    expect(cancelled).toMatchObject({status: 'canceled', canceled_at: NOW, cancellation_details: {reason: 'cancellation_requested'}});
    await expect(stripe.subscriptions.update(sub.id, {cancel_at_period_end: true})).rejects.toMatchObject({
      param: 'cancel_at_period_end',
    });
    await expect(stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({type: 'StripeInvalidRequestError'});
    expect(standIn.events.slice(-1).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
  });

  it('says what the portal changed, and lists a customer’s subscriptions, the canceled ones with status all', async () => {
    const sub = await subscribe();
    standIn.confirm((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret, 'pm_card_visa');
    await stripe.subscriptions.update(sub.id, {cancel_at_period_end: true});
    expect(standIn.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      data: {
        object: {cancel_at_period_end: true, cancel_at: NOW + DAY},
        previous_attributes: {cancel_at_period_end: false, cancel_at: null},
      },
    });
    const customer = sub.customer as string;
    expect((await stripe.subscriptions.list({customer})).data.map((listed) => listed.id)).toEqual([sub.id]);
    await stripe.subscriptions.cancel(sub.id);
    expect((await stripe.subscriptions.list({customer})).data).toEqual([]);
    expect((await stripe.subscriptions.list({customer, status: 'all'})).data.map((listed) => listed.id)).toEqual([sub.id]);
  });

  /** A daily gift paid by card, its card kept for the days to come. */
  async function paidGift() {
    const sub = await subscribe({payment_settings: {save_default_payment_method: 'on_subscription'}});
    standIn.confirm((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret, 'pm_card_visa');
    return sub;
  }
  const newAmount = (itemId: string, change: Partial<Stripe.SubscriptionUpdateParams.Item.PriceData> = {}) => ({
    items: [{id: itemId, price_data: {...price, unit_amount: 1200, ...change}}],
    proration_behavior: 'none' as const,
  });

  it('gives an item a new price, says what it was, and charges the new amount from the next day', async () => {
    const sub = await paidGift();
    const [item] = sub.items.data;
    const updated = await stripe.subscriptions.update(sub.id, newAmount(item!.id));
    const [changed] = updated.items.data;
    expect(changed).toMatchObject({id: item!.id, price: {object: 'price', currency: 'aud', product: 'prod_gift', unit_amount: 1200}});
    expect(changed!.price.id).not.toBe(item!.price.id);
    expect(standIn.prices.get(changed!.price.id)).toMatchObject({unit_amount: 1200, recurring: {interval: 'day'}});
    expect(standIn.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      data: {
        object: {items: {data: [{id: item!.id, price: {unit_amount: 1200}}]}},
        previous_attributes: {items: {data: [{id: item!.id, price: {id: item!.price.id, unit_amount: 500}}]}},
      },
    });
    const paid = standIn.renew(sub.id).find((event) => event.type === 'invoice.paid');
    expect(paid).toMatchObject({data: {object: {amount_paid: 1200, currency: 'aud', billing_reason: 'subscription_cycle'}}});
  });

  it('refuses a price for an item the subscription lacks, in another currency, under the minimum, or with a stray field', async () => {
    const sub = await paidGift();
    const itemId = sub.items.data[0]!.id;
    const from = standIn.events.length;
    await expect(stripe.subscriptions.update(sub.id, newAmount('si_nothing'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'items[0][id]',
      message: "No such subscription item: 'si_nothing'",
    });
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId, {currency: 'nzd'}))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'items[0][price_data][currency]',
      message: expect.stringMatching(/^You cannot combine currencies on a single customer\..* with currency aud\.$/),
    });
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId, {unit_amount: 49}))).rejects.toMatchObject({
      code: 'amount_too_small',
      param: 'items[0][price_data][unit_amount]',
    });
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId, {product: 'prod_nothing'}))).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'items[0][price_data][product]',
    });
    const stray = {recurring: {interval: 'day', coral_colour: 'teal'}} as unknown as Stripe.SubscriptionUpdateParams.Item.PriceData;
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId, stray))).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'items[0][price_data][recurring][coral_colour]',
    });
    await expect(stripe.subscriptions.update(sub.id, {...newAmount(itemId), proration_behavior: undefined})).rejects.toMatchObject({
      param: 'proration_behavior',
    });
    expect(standIn.events.length).toBe(from);
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.unit_amount).toBe(500);
  });

  it('takes no new price while the first payment is due, nor once canceled', async () => {
    const sub = await subscribe();
    const itemId = sub.items.data[0]!.id;
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId))).rejects.toMatchObject({param: 'items'});
    standIn.confirm((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret, 'pm_card_visa');
    await stripe.subscriptions.cancel(sub.id);
    await expect(stripe.subscriptions.update(sub.id, newAmount(itemId))).rejects.toMatchObject({param: 'items'});
  });
});

describe('the stand-in’s customer portal sessions', () => {
  const returnUrl = 'https://www.example.org/my-gift';

  it('opens a session for a live customer, shaped as Stripe’s, and keeps it', async () => {
    const customer = await stripe.customers.create({email: 'ada@example.org'});
    const session = await stripe.billingPortal.sessions.create({customer: customer.id, return_url: returnUrl});
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: returnUrl,
      created: 1_767_225_600,
      livemode: false,
      configuration: expect.stringMatching(/^bpc_/),
      locale: null,
      on_behalf_of: null,
      flow: null,
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\/test_\w+$/),
    });
    expect(session.id).toMatch(/^bps_/);
    const {lastResponse: _, ...shown} = session;
    expect(standIn.billingPortalSessions.get(session.id)).toEqual(shown);
    const again = await stripe.billingPortal.sessions.create({customer: customer.id});
    expect(again).toMatchObject({return_url: null});
    expect(again.url).not.toBe(session.url);
    expect(standIn.billingPortalSessions.size).toBe(2);
  });

  it('refuses a customer unknown or deleted, a relative return_url, and a parameter Stripe does not know', async () => {
    const customer = await stripe.customers.create({email: 'ada@example.org'});
    await expect(stripe.billingPortal.sessions.create({customer: 'cus_nobody'})).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nobody'",
    });
    await expect(stripe.billingPortal.sessions.create({customer: customer.id, return_url: '/my-gift'})).rejects.toMatchObject({
      code: 'url_invalid',
      param: 'return_url',
    });
    const stray = {coral_colour: 'teal'} as unknown as Stripe.BillingPortal.SessionCreateParams;
    await expect(stripe.billingPortal.sessions.create({customer: customer.id, ...stray})).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'coral_colour',
    });
    await stripe.customers.del(customer.id);
    await expect(stripe.billingPortal.sessions.create({customer: customer.id})).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
    expect(standIn.billingPortalSessions.size).toBe(0);
  });
});

describe('the stand-in’s deleted customers', () => {
  const price = {currency: 'aud', product: 'prod_gift', unit_amount: 500, recurring: {interval: 'month' as const}};

  /** A customer with a monthly gift, paid by card (active), or left for the browser to pay (incomplete). */
  async function subscriber({paid = true}: {paid?: boolean} = {}) {
    if (!standIn.products.has('prod_gift')) await stripe.products.create({id: 'prod_gift', name: 'Gift'});
    const customer = await stripe.customers.create({email: 'ada@example.org', name: 'Ada Lovelace'});
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{price_data: price}],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    if (paid) standIn.confirm((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret, 'pm_card_visa');
    return {customer, sub};
  }

  it('answers a deletion with the deleted stub, refuses a second one, and still answers the customer deleted', async () => {
    const customer = await stripe.customers.create({email: 'ada@example.org'});
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({id: customer.id, email: 'ada@example.org'});
    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toMatchObject({id: customer.id, object: 'customer', deleted: true});
    expect(Object.keys(deleted).filter((key) => key !== 'lastResponse')).toEqual(['id', 'object', 'deleted']);
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({statusCode: 404, code: 'resource_missing'});
    const again = await stripe.customers.retrieve(customer.id);
    expect(again).toMatchObject({id: customer.id, object: 'customer', deleted: true});
    expect(again).not.toHaveProperty('email');
    await expect(stripe.customers.retrieve('cus_nobody')).rejects.toMatchObject({statusCode: 404, code: 'resource_missing'});
    await expect(stripe.customers.del('cus_nobody')).rejects.toMatchObject({statusCode: 404, code: 'resource_missing'});
    expect(standIn.customers.get(customer.id)).toEqual({id: customer.id, object: 'customer', deleted: true});
    expect(standIn.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/v1/customers/${customer.id}`,
      `/v1/customers/${customer.id}`,
      '/v1/customers/cus_nobody',
    ]);
    expect(standIn.events.filter((event) => event.type === 'customer.deleted')).toHaveLength(1);
  });

  it('cancels the customer’s live subscriptions as it deletes the customer, and leaves ended ones alone', async () => {
    const {customer, sub} = await subscriber();
    const ended = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{price_data: price}],
      payment_behavior: 'default_incomplete',
    });
    await stripe.subscriptions.cancel(ended.id);
    const incomplete = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{price_data: price}],
      payment_behavior: 'default_incomplete',
    });
    const from = standIn.events.length;
    await stripe.customers.del(customer.id);
    expect(standIn.events.slice(from).map((event) => [event.type, (event.data as {object: {id: string}}).object.id])).toEqual([
      ['customer.subscription.deleted', sub.id],
      ['customer.subscription.deleted', incomplete.id],
      ['customer.deleted', customer.id],
    ]);
    expect(standIn.events.at(-1)).toMatchObject({data: {object: {email: 'ada@example.org', name: 'Ada Lovelace'}}});
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'canceled',
      canceled_at: 1_767_225_600,
      ended_at: 1_767_225_600,
      customer: customer.id,
    });
    const listed = await stripe.subscriptions.list({customer: customer.id, status: 'all', limit: 100});
    expect(listed.data.map((listedSub) => listedSub.status)).toEqual(['canceled', 'canceled', 'canceled']);
  });

  it('refuses a payment or a subscription for a deleted customer, as for one that never was', async () => {
    const {customer} = await subscriber();
    await stripe.customers.del(customer.id);
    await expect(stripe.paymentIntents.create({...intent, customer: customer.id})).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
      message: `No such customer: '${customer.id}'`,
    });
    await expect(stripe.subscriptions.create({customer: customer.id, items: [{price_data: price}]})).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
    expect(standIn.paymentIntents.size).toBe(1);
  });
});
