/**
 * The objects the Stripe stand-in keeps, and the steps every part of it takes
 * on them (events, PaymentIntents, invoices, charges). The endpoints are in
 * `stripeObjects.ts`, `stripeCheckout.ts` and `stripeOutcomes.ts`, which all
 * build on this one.
 */
import type {FormValue} from './formBody';
import {invalid, obj, str, type Json, type Params, type Reply} from './stripeValues';

/**
 * `clock` is Stripe's time, in seconds; `apiVersion` the version the account's webhook endpoint renders its
 * events in, which each event names in `api_version`.
 */
export function createCore(clock: () => number, apiVersion: string) {
  let serial = 0;
  const id = (prefix: string) => `${prefix}_standin${String((serial += 1)).padStart(6, '0')}`;
  /** The objects Stripe keeps, by id, as the tests read them. */
  const objects = {
    customers: new Map<string, Json>(),
    products: new Map<string, Json>(),
    prices: new Map<string, Json>(),
    paymentIntents: new Map<string, Json>(),
    invoices: new Map<string, Json>(),
    subscriptions: new Map<string, Json>(),
    checkoutSessions: new Map<string, Json>(),
    billingPortalSessions: new Map<string, Json>(),
    charges: new Map<string, Json>(),
    invoicePayments: new Map<string, Json>(),
    disputes: new Map<string, Json>(),
  };
  const {paymentIntents, invoices, subscriptions, charges, invoicePayments} = objects;
  /**
   * Which invoice each subscription PaymentIntent pays. Not on the PaymentIntent itself: since 2025-03-31
   * neither a PaymentIntent nor a Charge names its invoice; an InvoicePayment links the two.
   */
  const invoiceOfIntent = new Map<string, string>();
  /** What a session makes once paid, kept apart from the public object as Stripe keeps it. */
  const checkoutPlans = new Map<
    string,
    {items: Params[]; paymentIntentData: Params; subscriptionData: Params; customerCreation: string | null}
  >();
  /** Payment methods attached to customers, as confirming with setup_future_usage or a subscription does. */
  const attached = new Map<string, string>();
  const events: Json[] = [];

  /** A customer that may still be used: a deleted one stays in `customers` as Stripe's stub, and takes no more payments. */
  const liveCustomer = (customerId: string): Json | undefined => {
    const customer = objects.customers.get(customerId);
    return customer?.deleted === true ? undefined : customer;
  };

  /** An event Stripe sends about `object` as it is now; an `*.updated` one names the fields that changed and their old values. */
  const event = (type: string, object: Json, previous?: Json) => {
    const created = {
      id: id('evt'),
      object: 'event',
      api_version: apiVersion,
      type,
      created: clock(),
      livemode: false,
      data: {object: structuredClone(object), ...(previous ? {previous_attributes: structuredClone(previous)} : {})},
    };
    events.push(created);
    return created;
  };

  function newPaymentIntent(amount: number, currency: string, customer: string | null, extra: Json = {}): Json {
    const piId = id('pi');
    const intent = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer,
      status: 'requires_payment_method',
      client_secret: `${piId}_secret_standin${serial}`,
      payment_method: null,
      setup_future_usage: null,
      receipt_email: null,
      created: clock(),
      livemode: false,
      metadata: {},
      ...extra,
    };
    paymentIntents.set(piId, intent);
    return intent;
  }

  function needCurrency(params: Params): string | Reply {
    const currency = str(params.currency);
    return currency && /^[a-z]{3}$/.test(currency) ? currency : invalid('Invalid currency', 'currency');
  }

  /**
   * An attempt to pay an invoice, as Stripe counts them in `attempt_count`: the first attempt, however made, and then
   * only Stripe's automatic retries; a supporter trying card after card in the browser does not move it.
   */
  function countAttempt(invoice: Json, automatic: boolean) {
    if (automatic || Number(invoice.attempt_count) === 0) invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.attempted = true;
  }

  /** Pays an invoice's PaymentIntent and moves its subscription on, as Stripe does once a payment succeeds. */
  function settleInvoice(invoice: Json, paymentMethod: string, automatic = false) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    countAttempt(invoice, automatic);
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = clock();
    for (const payment of invoicePayments.values()) {
      if (payment.invoice !== invoice.id) continue;
      Object.assign(payment, {
        status: 'paid',
        amount_paid: payment.amount_requested,
        status_transitions: {canceled_at: null, paid_at: clock()},
      });
    }
    const sub = subscriptionOf(invoice);
    const settings = sub?.payment_settings as Json | undefined;
    if (sub && settings?.save_default_payment_method === 'on_subscription') sub.default_payment_method = paymentMethod;
    event('invoice.paid', publicInvoice(invoice, false));
    if (sub) moveSubscription(sub, 'active');
  }

  const subscriptionOf = (invoice: Json): Json | undefined =>
    subscriptions.get(str(obj(obj(invoice.parent as FormValue).subscription_details as FormValue).subscription) ?? '');

  /** A subscription's status changed, as a payment or Stripe's retries change it: `customer.subscription.updated` says so. */
  function moveSubscription(sub: Json, status: string) {
    if (sub.status === status) return;
    const previous = {status: sub.status};
    sub.status = status;
    event('customer.subscription.updated', sub, previous);
  }

  /**
   * A payment of an invoice that failed. Stripe never retries the first invoice of a subscription left for the browser
   * to confirm; it retries a later one by itself (`automatic`) at `retryAt`, or, null, no more.
   */
  function failInvoice(invoice: Json, {automatic = false, retryAt = null}: {automatic?: boolean; retryAt?: number | null} = {}) {
    countAttempt(invoice, automatic);
    invoice.next_payment_attempt = retryAt;
    event('invoice.payment_failed', publicInvoice(invoice, false));
  }

  function createInvoiceFor(sub: Json, amount: number, currency: string, billingReason = 'subscription_create'): Json {
    const invoiceId = id('in');
    const types = (sub.payment_settings as Json).payment_method_types as string[];
    const intent = newPaymentIntent(amount, currency, String(sub.customer), {payment_method_types: types.length > 0 ? types : ['card']});
    invoiceOfIntent.set(String(intent.id), invoiceId);
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      currency,
      amount_due: amount,
      amount_paid: 0,
      status: 'open',
      billing_reason: billingReason,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      created: clock(),
      status_transitions: {finalized_at: clock(), paid_at: null, voided_at: null},
      parent: {type: 'subscription_details', quote_details: null, subscription_details: {subscription: sub.id, metadata: sub.metadata}},
      // Not part of the public object: where the stand-in keeps the invoice's payment.
      _payment_intent: intent.id,
    };
    invoices.set(invoiceId, invoice);
    // The default payment Stripe makes as it finalises the invoice.
    const paymentId = id('inpay');
    invoicePayments.set(paymentId, {
      id: paymentId,
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: amount,
      created: clock(),
      currency,
      invoice: invoiceId,
      is_default: true,
      livemode: false,
      payment: {type: 'payment_intent', payment_intent: intent.id},
      status: 'open',
      status_transitions: {canceled_at: null, paid_at: null},
    });
    return invoice;
  }

  /** The charge a successful payment makes, with the PaymentIntent's metadata copied onto it, as Stripe copies it once on confirmation. */
  function newCharge(intent: Json, paymentMethod: string): Json {
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      created: clock(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description ?? null,
      disputed: false,
      livemode: false,
      metadata: structuredClone(intent.metadata),
      paid: true,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      refunded: false,
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  const publicInvoice = (invoice: Json, expandSecret: boolean): Json => {
    const {_payment_intent: intentId, ...shown} = invoice;
    const intent = paymentIntents.get(String(intentId));
    return expandSecret ? {...shown, confirmation_secret: {client_secret: intent?.client_secret, type: 'payment_intent'}} : shown;
  };
  const helpers = {
    event,
    liveCustomer,
    newPaymentIntent,
    needCurrency,
    settleInvoice,
    failInvoice,
    subscriptionOf,
    moveSubscription,
    createInvoiceFor,
    newCharge,
    publicInvoice,
  };
  return {clock, id, objects, ...objects, invoiceOfIntent, checkoutPlans, attached, events, ...helpers};
}

export type LedgerCore = ReturnType<typeof createCore>;
