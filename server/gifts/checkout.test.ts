/** POST /checkout against the Stripe stand-in: the session each gift gets, what is refused, and what Stripe's events record. */
import {describe, expect, it} from 'vitest';
import {deliver, giftBody, makeHandler, newKey, oneOffRecord, ORIGIN, post} from '../testing/fixtures';
import {eachStandIn} from '../testing/eachStandIn';

const each = eachStandIn();

const RETURN_URL = `${ORIGIN}/thank-you?campaign=reef`;
const CANCEL_URL = `${ORIGIN}/donate`;

/** A gift as the hosted-checkout form sends it: no method, and the two addresses Stripe sends the supporter back to. */
function checkoutBody(change: Record<string, unknown> = {}): Record<string, unknown> {
  const {method: _method, ...gift} = giftBody();
  return {...gift, returnUrl: RETURN_URL, cancelUrl: CANCEL_URL, ...change};
}

const sessionCreates = () => each.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && !r.replayed);

/** Posts a gift to /checkout and has the supporter pay on Stripe's page: answers the session and the events Stripe sends. */
async function checkoutAndPay(change: Record<string, unknown>) {
  const {body} = await post(each.setup.handler, '/checkout', checkoutBody(change));
  const reference = String(body.reference);
  return {reference, events: each.stripe.completeCheckout(reference), session: each.stripe.checkoutSessions.get(reference)!};
}

describe('POST /checkout', () => {
  it('one-off: a payment-mode session for the gift, answered with the address of Stripe’s page', async () => {
    const key = newKey();
    const {status, body} = await post(each.setup.handler, '/checkout', checkoutBody({amount: 6000, fee: 180}), {key});
    expect(status).toBe(200);
    const session = each.stripe.checkoutSessions.get(String(body.reference))!;
    expect(body).toEqual({status: 'redirect', url: session.url, reference: session.id});
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [request] = sessionCreates();
    expect(request?.idempotencyKey).toBe(`coral:${key}:checkout`);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      line_items: [{price_data: {currency: 'aud', product: 'coral-save-the-reef', unit_amount: '6180'}, quantity: '1'}],
      customer_email: 'ada@example.org',
      allowed_payment_method_types: ['card'],
      cancel_url: CANCEL_URL,
      metadata: {coral_campaign: 'save-the-reef', coral_frequency: 'one-off', coral_fee: '180', coral_source_code: 'REEF-2026'},
      payment_intent_data: {metadata: {coral_campaign: 'save-the-reef', utm_source: 'newsletter', coral_via: 'checkout'}},
    });
    expect(request?.params).not.toHaveProperty('line_items.0.price_data.recurring');
    expect(request?.params).not.toHaveProperty('subscription_data');
  });

  it('sends the supporter back to the thank-you page with amount, frequency and Stripe’s session id template', async () => {
    const {body} = await post(each.setup.handler, '/checkout', checkoutBody({amount: 2550, returnUrl: `${RETURN_URL}&ref=old#top`}));
    expect(each.stripe.checkoutSessions.get(String(body.reference))?.success_url).toBe(
      `${ORIGIN}/thank-you?campaign=reef&amount=25.5&frequency=one-off&ref={CHECKOUT_SESSION_ID}#top`,
    );
  });

  it.each([
    ['monthly', 2500, 'month'],
    ['weekly', 1000, 'week'],
  ] as const)('%s: a subscription-mode session at %i cents a %s, direct debit offered', async (frequency, amount, interval) => {
    const {status, body} = await post(each.setup.handler, '/checkout', checkoutBody({frequency, amount}));
    expect(status).toBe(200);
    expect(sessionCreates()[0]?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{price_data: {unit_amount: String(amount), recurring: {interval}}}],
      allowed_payment_method_types: ['card', 'au_becs_debit'],
      subscription_data: {metadata: {coral_frequency: frequency, coral_via: 'checkout'}},
    });
    expect(sessionCreates()[0]?.params).not.toHaveProperty('payment_intent_data');
    expect(each.stripe.checkoutSessions.get(String(body.reference))?.success_url).toContain(`frequency=${frequency}&ref=`);
  });

  it('daily for 7 days: the subscription Checkout makes ends itself after 7 payments, however often Stripe reports it', async () => {
    const {status, body} = await post(each.setup.handler, '/checkout', checkoutBody({frequency: 'daily', amount: 500, fee: 15, days: 7}));
    expect(status).toBe(200);
    expect(sessionCreates()[0]?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{price_data: {unit_amount: '515', recurring: {interval: 'day'}}}],
      subscription_data: {metadata: {coral_payments: '7'}},
    });
    const events = each.stripe.completeCheckout(String(body.reference));
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    const session = each.stripe.checkoutSessions.get(String(body.reference))!;
    for (let i = 0; i < 2; i += 1) expect((await deliver(each.setup.handler, completed)).status).toBe(200);
    const sub = each.stripe.subscriptions.get(String(session.subscription))!;
    expect(sub.cancel_at).toBe(Number(sub.start_date) + 7 * 86_400);
    expect(each.stripe.chargeDates(String(sub.id))).toHaveLength(7);
  });

  it('daily: an event delivered again after the keys have gone finds the end already set', async () => {
    const {events, session} = await checkoutAndPay({frequency: 'daily', amount: 500, days: 7});
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    await deliver(each.setup.handler, completed);
    // A second delivery under another event id cannot meet the first one's idempotency keys, as after Stripe forgets them.
    const later = {...completed, id: 'evt_later', data: {object: {...session, id: 'cs_test_later', metadata: session.metadata}}};
    expect((await deliver(each.setup.handler, later)).status).toBe(200);
    const updates = each.stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${String(session.subscription)}`,
    );
    expect(updates).toHaveLength(1);
    expect(each.stripe.chargeDates(String(session.subscription))).toHaveLength(7);
  });

  it('offers a one-off gift card only, and treats a method the form still sends as card', async () => {
    const {status} = await post(each.setup.handler, '/checkout', checkoutBody({method: 'direct-debit'}));
    expect(status).toBe(200);
    expect(sessionCreates()[0]?.params.allowed_payment_method_types).toEqual(['card']);
  });
});

describe('what /checkout refuses before calling Stripe', () => {
  it.each([
    [
      'a returnUrl on another origin',
      {returnUrl: 'https://evil.example.com/thank-you'},
      'returnUrl: expected an address on one of the allowed origins',
    ],
    [
      'a cancelUrl on another origin',
      {cancelUrl: 'https://www.example.org.evil.example.com/'},
      'cancelUrl: expected an address on one of the allowed origins',
    ],
    [
      'a plain http returnUrl',
      {returnUrl: 'http://www.example.org/thank-you'},
      'returnUrl: expected an https:// address (http:// only for localhost)',
    ],
    ['a javascript: address', {cancelUrl: 'javascript:alert(1)'}, 'cancelUrl: expected an https:// address (http:// only for localhost)'],
    ['a missing returnUrl', {returnUrl: undefined}, 'returnUrl: got (missing); expected a string'],
    ['an empty cancelUrl', {cancelUrl: ''}, 'cancelUrl: expected the address of a page'],
    ['a relative address', {returnUrl: '/thank-you'}, 'returnUrl: expected a full address, such as https://www.example.org/thank-you'],
    ['an amount below the minimum', {amount: 499}, 'amount: expected at least $5 for a one-off gift'],
    ['a fee the server did not compute', {amount: 6000, fee: 1}, 'fee: expected 0 or 180 cents'],
    ['a daily gift of another length', {frequency: 'daily', amount: 500, days: 30}, 'days: a daily gift for this campaign runs for 7 days'],
    ['savePaymentMethod', {savePaymentMethod: true}, 'savePaymentMethod: hosted checkout does not keep payment methods; leave it out'],
  ])('%s', async (_, change, reason) => {
    const {status, body} = await post(each.setup.handler, '/checkout', checkoutBody(change));
    expect({status, body}).toEqual({status: 400, body: {status: 'rejected', reason}});
    expect(each.stripe.requests).toHaveLength(0);
  });

  it('takes http for localhost only when localhost is an allowed origin', async () => {
    const local = makeHandler(each.stripe, {allowedOrigins: ['http://localhost:3000']}).handler;
    const urls = {returnUrl: 'http://localhost:3000/thank-you', cancelUrl: 'http://localhost:3000/'};
    expect((await post(local, '/checkout', checkoutBody(urls), {origin: 'http://localhost:3000'})).status).toBe(200);
    expect((await post(each.setup.handler, '/checkout', checkoutBody(urls))).body.reason).toBe(
      'returnUrl: expected an address on one of the allowed origins',
    );
  });

  it('keeps the doorway of /gifts: origin, idempotency key, card data', async () => {
    expect((await post(each.setup.handler, '/checkout', checkoutBody(), {origin: 'https://evil.example.com'})).status).toBe(403);
    expect((await post(each.setup.handler, '/checkout', checkoutBody(), {key: ''})).body.reason).toMatch(
      /^expected an Idempotency-Key header/,
    );
    const card = await post(each.setup.handler, '/checkout', checkoutBody({card: {number: '4242424242424242'}}));
    expect(card.body.reason).toMatch(/^card details are never sent here \(found at card\)/);
    expect(each.stripe.requests).toHaveLength(0);
  });
});

describe('/checkout idempotency and Stripe’s failures', () => {
  it('the same Idempotency-Key twice gives the same session', async () => {
    const key = newKey();
    const first = await post(each.setup.handler, '/checkout', checkoutBody(), {key});
    const second = await post(each.setup.handler, '/checkout', checkoutBody(), {key});
    expect(second).toMatchObject({status: 200, body: first.body});
    expect(each.stripe.checkoutSessions.size).toBe(1);
    expect(each.stripe.requests.filter((r) => r.replayed).map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
  });

  it('the same key for another gift is refused, as Stripe refuses it', async () => {
    const key = newKey();
    await post(each.setup.handler, '/checkout', checkoutBody(), {key});
    const changed = await post(each.setup.handler, '/checkout', checkoutBody({amount: 9000}), {key});
    expect(changed.status).toBe(400);
    expect(changed.body.reason).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
  });

  it('a rate limit is 503 with the outcome unknown, and the retry makes one session', async () => {
    const key = newKey();
    each.stripe.failNext('rate-limit', {path: /checkout/});
    const limited = await post(each.setup.handler, '/checkout', checkoutBody(), {key});
    expect(limited).toMatchObject({status: 503, body: {status: 'error', outcome: 'unknown', retryable: true}});
    expect((await post(each.setup.handler, '/checkout', checkoutBody(), {key})).status).toBe(200);
    expect(each.stripe.checkoutSessions.size).toBe(1);
  });
});

describe('Stripe’s events about a hosted checkout', () => {
  it('keep the way the supporter paid on Stripe’s page: a direct debit as direct-debit, a card as card', async () => {
    const paidBy = async (paymentMethod: string) => {
      const {body} = await post(each.setup.handler, '/checkout', checkoutBody({frequency: 'monthly', amount: 2500}));
      const session = String(body.reference);
      const events = each.stripe.completeCheckout(session, paymentMethod);
      if (paymentMethod.startsWith('pm_au_becs_debit')) events.push(...each.stripe.settleCheckout(session, 'succeeded'));
      for (const event of events) expect((await deliver(each.setup.handler, event)).status).toBe(200);
      return session;
    };
    const debit = await paidBy('pm_au_becs_debit_success');
    const card = await paidBy('pm_card_visa');
    expect(each.setup.store.gifts.map((gift) => [gift.reference, gift.via, gift.method])).toEqual([
      [debit, 'checkout', 'direct-debit'],
      [card, 'checkout', 'card'],
    ]);
    expect(each.setup.store.all().map(([, record]) => record.outcome)).toEqual(['paid', 'paid']);
  });

  it('records a one-off gift once, though the session’s event comes three times and the PaymentIntent’s too', async () => {
    const {session, events} = await checkoutAndPay({amount: 6000, fee: 180});
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
    const completed = events[1]!;
    const answers = [];
    for (const event of [completed, completed, events[0]!, completed])
      answers.push((await deliver(each.setup.handler, event)).body.recorded);
    expect(answers).toEqual([true, false, false, false]);
    const intent = String(session.payment_intent);
    expect(each.setup.store.all()).toEqual([
      [`paid:${intent}`, oneOffRecord({outcome: 'paid', reference: intent, stripeId: intent, amount: 6180, eventId: completed.id})],
    ]);
  });

  it('records a monthly gift’s first payment once, whether the session or the invoice tells of it first', async () => {
    const {session, events} = await checkoutAndPay({frequency: 'monthly', amount: 2500});
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'payment_intent.succeeded',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    for (const event of [...events].reverse().concat(events)) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    expect(each.setup.store.all()).toEqual([
      [`paid:${String(session.invoice)}`, expect.objectContaining({outcome: 'paid', reference: session.subscription, amount: 2500})],
    ]);
  });

  /** A monthly gift paid by direct debit: Stripe completes the session while the debit is still processing. */
  async function debitProcessing() {
    const {session, events} = await checkoutAndPay({frequency: 'monthly', amount: 2500});
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    const processing = {...completed, id: 'evt_processing', data: {object: {...session, payment_status: 'unpaid'}}};
    expect((await deliver(each.setup.handler, processing)).body.recorded).toBe(false);
    return {session, processing};
  }

  it('a direct debit: nothing while it processes, then the payment once when it settles', async () => {
    const {session, processing} = await debitProcessing();
    const settled = {...processing, id: 'evt_settled', type: 'checkout.session.async_payment_succeeded', data: {object: session}};
    expect((await deliver(each.setup.handler, settled)).body.recorded).toBe(true);
    expect((await deliver(each.setup.handler, settled)).body.recorded).toBe(false);
    expect(each.setup.store.all().map(([key, record]) => [key, record.outcome])).toEqual([[`paid:${String(session.invoice)}`, 'paid']]);
  });

  it('a direct debit that fails is recorded once, from the session, not again from its first invoice', async () => {
    const {session, processing} = await debitProcessing();
    const failed = {...processing, id: 'evt_failed', type: 'checkout.session.async_payment_failed'};
    const invoiceFailed = {
      id: 'evt_invoice_failed',
      object: 'event',
      type: 'invoice.payment_failed',
      data: {object: {...each.stripe.invoices.get(String(session.invoice)), status: 'open', amount_paid: 0}},
    };
    for (const event of [failed, invoiceFailed, failed]) expect((await deliver(each.setup.handler, event)).status).toBe(200);
    expect(each.setup.store.all()).toEqual([
      [`failed:${String(session.id)}`, expect.objectContaining({outcome: 'failed', reference: session.subscription, amount: 2500})],
    ]);
  });
});
