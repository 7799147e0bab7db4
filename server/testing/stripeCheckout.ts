/**
 * The stand-in's hosted checkout: a Checkout Session, and the supporter paying
 * it on Stripe's page, which makes and pays the PaymentIntent or the
 * Subscription (and the Customer, where Stripe makes one) as Stripe does and
 * queues the events Stripe sends; the session read back shows what it made.
 */
import type {LedgerCore} from './stripeCore';
import {
  chargeRefusal,
  INTERVAL_SECONDS,
  int,
  invalid,
  isReply,
  list,
  metadataOf,
  methodType,
  missing,
  obj,
  ok,
  str,
  type Json,
  type Params,
  type Reply,
} from './stripeValues';

type Paying = {
  createCustomer(params: Params): Reply;
  createSubscription(params: Params): Reply;
  confirm(clientSecret: string, paymentMethod: string): Json[];
  settle(intentId: string, outcome: 'succeeded' | 'failed'): Json[];
};

export function checkoutMethods(core: LedgerCore, ledger: Paying) {
  const {clock, id, event, events, products, invoices, checkoutSessions, checkoutPlans, needCurrency, newPaymentIntent} = core;
  return {
    /**
     * A Checkout Session for Stripe's hosted page (ui_mode `hosted_page`, the default), in `payment` or
     * `subscription` mode with `price_data` line items: what Coral sends. Recurring prices belong in
     * subscription mode and only there, and payment_intent_data and subscription_data only in their own mode.
     */
    createCheckoutSession(params: Params): Reply {
      const mode = str(params.mode);
      if (mode !== 'payment' && mode !== 'subscription') return invalid('The stand-in takes payment and subscription mode only.', 'mode');
      for (const name of ['success_url', 'cancel_url'] as const) {
        const value = params[name];
        if (value === undefined) continue;
        const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return invalid('Not a valid URL', name, 'url_invalid');
      }
      const items = list(params.line_items).map(obj);
      if (items.length === 0) return invalid(`line_items is required in ${mode} mode.`, 'line_items');
      let total = 0;
      let currency: string | null = null;
      let recurring = false;
      for (const [i, item] of items.entries()) {
        const data = obj(item.price_data);
        const itemCurrency = needCurrency(data);
        if (isReply(itemCurrency)) return itemCurrency;
        if (currency !== null && itemCurrency !== currency) return invalid('All line items must share one currency.', `line_items[${i}]`);
        currency = itemCurrency;
        const product = str(data.product) ?? '';
        if (!products.has(product)) return missing('product', product, `line_items[${i}][price_data][product]`);
        const unitAmount = int(data.unit_amount);
        if (unitAmount === null || unitAmount < 0) return invalid('Invalid integer', `line_items[${i}][price_data][unit_amount]`);
        if (data.recurring !== undefined) {
          if (!((str(obj(data.recurring).interval) ?? '') in INTERVAL_SECONDS)) {
            return invalid('Invalid interval', `line_items[${i}][price_data][recurring][interval]`);
          }
          recurring = true;
        }
        total += unitAmount * (int(item.quantity) ?? 1);
      }
      if (mode === 'payment' && recurring) {
        return invalid('You specified `payment` mode but passed a recurring price. Use `subscription` mode instead.', 'line_items');
      }
      if (mode === 'subscription' && !recurring) {
        return invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
      }
      const refused = chargeRefusal(total, currency ?? 'usd', 'line_items', 'The Checkout Session’s total amount due');
      if (refused) return refused;
      if (mode === 'subscription' && params.payment_intent_data !== undefined) {
        return invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
      }
      if (mode === 'payment' && params.subscription_data !== undefined) {
        return invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
      }
      // Subscription mode always makes a Customer; payment mode makes one only when asked to, `always`.
      const customerCreation = str(params.customer_creation) ?? null;
      if (customerCreation !== null && mode === 'subscription') {
        return invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation');
      }
      if (customerCreation !== null && customerCreation !== 'always' && customerCreation !== 'if_required') {
        return invalid('Invalid customer_creation', 'customer_creation');
      }
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      for (const name of ['payment_intent_data', 'subscription_data'] as const) {
        const nested = metadataOf(obj(params[name]));
        if (isReply(nested)) return nested;
      }
      const sessionId = id('cs_test');
      const types = list(params.allowed_payment_method_types).map(String);
      const created = clock();
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        success_url: str(params.success_url) ?? null,
        cancel_url: str(params.cancel_url) ?? null,
        customer: null,
        customer_email: str(params.customer_email) ?? null,
        currency,
        amount_subtotal: total,
        amount_total: total,
        payment_method_types: types.length > 0 ? types : ['card'],
        payment_intent: null,
        subscription: null,
        invoice: null,
        created,
        expires_at: created + 24 * 60 * 60,
        livemode: false,
        metadata,
      };
      checkoutSessions.set(sessionId, session);
      checkoutPlans.set(sessionId, {
        items,
        paymentIntentData: obj(params.payment_intent_data),
        subscriptionData: obj(params.subscription_data),
        customerCreation,
      });
      return ok(session);
    },

    /** GET /v1/checkout/sessions/:id: the session as it is now, with the `customer` it made once complete. */
    retrieveCheckoutSession(sessionId: string): Reply {
      const session = checkoutSessions.get(sessionId);
      return session ? ok(session) : missing('checkout.session', sessionId);
    },

    /**
     * What happens on Stripe's page when the supporter pays an open session, by card unless told (a
     * `pm_au_becs_debit…` method is a direct debit): the PaymentIntent (payment mode) or the Customer and
     * Subscription (subscription mode) are made and paid, the session completes, and the events Stripe would
     * send are queued. A direct debit is still processing then: the session completes `unpaid`, and its
     * outcome comes when the bank answers (`settleCheckout`). Answers those events.
     */
    completeCheckout(sessionId: string, paymentMethod = 'pm_card_visa'): Json[] {
      const session = checkoutSessions.get(sessionId);
      const plan = checkoutPlans.get(sessionId);
      if (!session || !plan) throw new Error(`no Checkout Session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`the Checkout Session ${sessionId} is ${String(session.status)}`);
      const from = events.length;
      const currency = String(session.currency);
      const email = session.customer_email;
      const newCustomer = () => String(ledger.createCustomer(typeof email === 'string' ? {email} : {}).body.id);
      if (session.mode === 'payment') {
        const customer = plan.customerCreation === 'always' ? newCustomer() : null;
        const intent = newPaymentIntent(Number(session.amount_total), currency, customer, {
          payment_method_types: session.payment_method_types,
          description: str(plan.paymentIntentData.description) ?? null,
          metadata: obj(plan.paymentIntentData.metadata),
        });
        ledger.confirm(String(intent.client_secret), paymentMethod);
        Object.assign(session, {customer, payment_intent: intent.id});
      } else {
        const customer = newCustomer();
        const created = ledger.createSubscription({
          customer,
          items: plan.items.map((item) => ({price_data: item.price_data ?? {}, quantity: item.quantity ?? '1'})),
          description: plan.subscriptionData.description ?? '',
          metadata: obj(plan.subscriptionData.metadata),
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: session.payment_method_types as string[],
          },
          expand: ['latest_invoice.confirmation_secret'],
        });
        if (created.status !== 200)
          throw new Error(`the stand-in could not make the session's subscription: ${JSON.stringify(created.body)}`);
        const invoice = created.body.latest_invoice as Json;
        ledger.confirm(String((invoice.confirmation_secret as Json).client_secret), paymentMethod);
        Object.assign(session, {customer, subscription: created.body.id, invoice: invoice.id});
      }
      const processing = methodType(paymentMethod) === 'au_becs_debit';
      Object.assign(session, {status: 'complete', payment_status: processing ? 'unpaid' : 'paid'});
      event('checkout.session.completed', session);
      return events.slice(from);
    },

    /**
     * The bank's answer to a session's direct debit, still processing when the session completed: the payment's
     * own events, then `checkout.session.async_payment_succeeded` or `…_failed`. Answers the events.
     */
    settleCheckout(sessionId: string, outcome: 'succeeded' | 'failed'): Json[] {
      const session = checkoutSessions.get(sessionId);
      if (session?.status !== 'complete' || session.payment_status !== 'unpaid') throw new Error(`${sessionId} has no payment processing`);
      const from = events.length;
      const invoice = invoices.get(String(session.invoice));
      ledger.settle(String(invoice ? invoice._payment_intent : session.payment_intent), outcome);
      if (outcome === 'succeeded') session.payment_status = 'paid';
      event(`checkout.session.async_payment_${outcome}`, session);
      return events.slice(from);
    },
  };
}
