/**
 * The objects behind the Stripe stand-in, and what each endpoint does to
 * them. Shapes and errors follow Stripe's API reference for the fields the
 * endpoint reads (docs.stripe.com/api); this copies documented behaviour,
 * not Stripe's code, and covers only what Coral's endpoint calls. Hosted
 * checkout is in `stripeCheckout.ts`, subscriptions in
 * `stripeSubscriptions.ts`, customer portal sessions in `stripePortal.ts`,
 * what happens after a payment is confirmed in
 * `stripeOutcomes.ts`, and the objects all of them share, with the steps
 * they take on them, in `stripeCore.ts`.
 */
import {checkoutMethods} from './stripeCheckout';
import {createCore} from './stripeCore';
import {outcomeMethods} from './stripeOutcomes';
import {portalMethods} from './stripePortal';
import {subscriptionMethods} from './stripeSubscriptions';
import {
  chargeRefusal,
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

const CANCELLABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing']);
const CANCELLATION_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']);
/** The statuses of a subscription that has ended, which deleting its customer leaves as they are. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The stand-in's objects and what each endpoint, Stripe.js and the supporter's bank do to them. */
export function createLedger(clock: () => number, apiVersion: string) {
  const core = createCore(clock, apiVersion);
  const {id, customers, products, paymentIntents, invoicePayments, invoices, subscriptions, attached} = core;
  const {newPaymentIntent, needCurrency, publicInvoice, invoiceOfIntent, event} = core;
  const subscriptionsOf = subscriptionMethods(core);
  const ledger = {
    ...core.objects,
    events: core.events,

    createCustomer(params: Params): Reply {
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: str(params.email) ?? null,
        name: str(params.name) ?? null,
        phone: str(params.phone) ?? null,
        address: params.address ? obj(params.address) : null,
        created: clock(),
        metadata,
      };
      customers.set(customer.id, customer);
      return ok(customer);
    },

    /**
     * GET /v1/customers: the live customers, newest first, with the email given (matched exactly, as Stripe matches it,
     * case and all) and made at or after `created[gte]`; `limit` from 1 to 100, 10 unless given.
     */
    listCustomers(query: Params): Reply {
      const email = str(query.email);
      const since = int(obj(query.created).gte);
      const limit = int(query.limit) ?? 10;
      if (limit < 1 || limit > 100) return invalid('This value must be between 1 and 100.', 'limit');
      const found = [...customers.values()]
        .filter((customer) => customer.deleted !== true)
        .filter((customer) => email === undefined || customer.email === email)
        .filter((customer) => since === null || Number(customer.created) >= since)
        .reverse();
      return ok({object: 'list', url: '/v1/customers', has_more: found.length > limit, data: found.slice(0, limit)});
    },

    /**
     * POST /v1/customers/:id: the fields given replace the customer's, an empty string unsetting one (an address's
     * parts one by one, as Stripe merges a hash). A deleted customer cannot be changed.
     */
    updateCustomer(customerId: string, params: Params): Reply {
      const customer = core.liveCustomer(customerId);
      if (!customer) return missing('customer', customerId);
      const text = (value: Params[string]) => (str(value) === '' ? null : (str(value) ?? null));
      for (const field of ['email', 'name', 'phone'] as const) if (params[field] !== undefined) customer[field] = text(params[field]);
      if (params.address !== undefined) {
        const given = obj(params.address);
        const address = {...((customer.address as Json | null) ?? {})};
        for (const [part, value] of Object.entries(given)) address[part] = text(value);
        customer.address = address;
      }
      return ok(customer);
    },

    /** GET /v1/customers/:id. Unlike other objects, a deleted customer can still be read: as its `deleted: true` stub. */
    retrieveCustomer(customerId: string): Reply {
      const customer = customers.get(customerId);
      return customer ? ok(customer) : missing('customer', customerId);
    },

    /**
     * DELETE /v1/customers/:id: for good. Its live subscriptions are cancelled at once, each as DELETE
     * /v1/subscriptions/:id cancels one; its payment methods go with it, and it takes no further payment or
     * subscription. Stripe keeps only the stub it answers, which `customers` then holds; `customer.deleted` carries
     * the customer as it was. A customer already deleted is missing.
     */
    deleteCustomer(customerId: string): Reply {
      const customer = core.liveCustomer(customerId);
      if (!customer) return missing('customer', customerId);
      for (const sub of subscriptions.values()) {
        if (sub.customer === customerId && !ENDED.has(String(sub.status))) subscriptionsOf.cancelSubscription(String(sub.id));
      }
      for (const [paymentMethod, owner] of attached) if (owner === customerId) attached.delete(paymentMethod);
      const stub = {id: customerId, object: 'customer', deleted: true};
      customers.set(customerId, stub);
      event('customer.deleted', customer);
      return ok(stub);
    },

    retrieveProduct(productId: string): Reply {
      const product = products.get(productId);
      return product ? ok(product) : missing('product', productId);
    },

    createProduct(params: Params): Reply {
      const productId = str(params.id) ?? id('prod');
      if (products.has(productId)) return invalid(`Product already exists.`, 'id', 'resource_already_exists');
      if (!str(params.name)) return invalid('Missing required param: name.', 'name');
      const product = {id: productId, object: 'product', name: str(params.name), active: true, created: clock()};
      products.set(productId, product);
      return ok(product);
    },

    createPaymentIntent(params: Params): Reply {
      const amount = int(params.amount);
      const currency = needCurrency(params);
      if (isReply(currency)) return currency;
      if (amount === null) return invalid('Invalid integer', 'amount');
      // Stripe's smallest charge in the currency, in its units for it (whole XPF, cents of FJD).
      const refused = chargeRefusal(amount, currency, 'amount');
      if (refused) return refused;
      const customer = str(params.customer) ?? null;
      if (customer && !core.liveCustomer(customer)) return missing('customer', customer, 'customer');
      const usage = str(params.setup_future_usage) ?? null;
      if (usage !== null && usage !== 'off_session' && usage !== 'on_session')
        return invalid('Invalid setup_future_usage', 'setup_future_usage');
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      const types = list(params.allowed_payment_method_types).map(String);
      const intent = newPaymentIntent(amount, currency, customer, {
        setup_future_usage: usage,
        payment_method_types: types.length > 0 ? types : ['card'],
        description: str(params.description) ?? null,
        receipt_email: str(params.receipt_email) ?? null,
        metadata,
      });
      return ok(intent);
    },

    /**
     * POST /v1/payment_intents/:id, for the receipt email and the description, which Stripe changes in any status
     * (an empty string unsetting either); the stand-in refuses the other fields Stripe's types allow rather than
     * pretend to change them.
     */
    updatePaymentIntent(intentId: string, params: Params): Reply {
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing('payment_intent', intentId);
      const other = Object.keys(params).find((key) => key !== 'receipt_email' && key !== 'description');
      if (other !== undefined) return invalid(`The stand-in does not change ${other} on a PaymentIntent`, other);
      for (const field of ['receipt_email', 'description'] as const) {
        if (params[field] !== undefined) intent[field] = str(params[field]) === '' ? null : (str(params[field]) ?? null);
      }
      return ok(intent);
    },

    /** With `expand[]=payment_method`, the PaymentMethod it was confirmed with, as an object that says its `type`. */
    retrievePaymentIntent(intentId: string, query: Params = {}): Reply {
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing('payment_intent', intentId);
      const method = intent.payment_method;
      if (typeof method !== 'string' || !list(query.expand).includes('payment_method')) return ok(intent);
      return ok({...intent, payment_method: {id: method, object: 'payment_method', type: methodType(method), customer: intent.customer}});
    },

    /**
     * Cancels a PaymentIntent in one of the statuses Stripe's docs allow (`requires_payment_method`,
     * `requires_confirmation`, `requires_action`, `requires_capture`, `processing`), and never one an
     * invoice made (its invoice is voided instead); a canceled one refuses every later confirmation.
     */
    cancelPaymentIntent(intentId: string, params: Params): Reply {
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing('payment_intent', intentId);
      if (invoiceOfIntent.has(intentId)) return invalid('You cannot cancel this PaymentIntent because it was created by an invoice.');
      const reason = str(params.cancellation_reason) ?? null;
      if (reason !== null && !CANCELLATION_REASONS.has(reason)) return invalid('Invalid cancellation_reason', 'cancellation_reason');
      if (!CANCELLABLE.has(String(intent.status))) {
        const message = `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`;
        return invalid(message, undefined, 'payment_intent_unexpected_state');
      }
      Object.assign(intent, {status: 'canceled', canceled_at: clock(), cancellation_reason: reason});
      event('payment_intent.canceled', intent);
      return ok(intent);
    },

    /**
     * POST /v1/invoices/:id/void. Stripe voids only a finalized invoice not yet paid (`open` or `uncollectible`), and
     * cancels its PaymentIntent (`cancellation_reason: void_invoice`), whose client secret then takes no payment.
     */
    voidInvoice(invoiceId: string): Reply {
      const invoice = invoices.get(invoiceId);
      if (!invoice) return missing('invoice', invoiceId);
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
        return invalid(`You can only void an open or uncollectible invoice. This invoice is ${String(invoice.status)}.`);
      }
      invoice.status = 'void';
      (invoice.status_transitions as Json).voided_at = clock();
      const intent = paymentIntents.get(String(invoice._payment_intent));
      if (intent && CANCELLABLE.has(String(intent.status))) {
        Object.assign(intent, {status: 'canceled', canceled_at: clock(), cancellation_reason: 'void_invoice'});
        event('payment_intent.canceled', intent);
      }
      for (const payment of invoicePayments.values()) {
        if (payment.invoice === invoiceId && payment.status === 'open') {
          Object.assign(payment, {status: 'canceled', status_transitions: {canceled_at: clock(), paid_at: null}});
        }
      }
      event('invoice.voided', publicInvoice(invoice, false));
      return ok(publicInvoice(invoice, false));
    },

    /** GET /v1/invoice_payments, by `invoice` or by `payment[type]=payment_intent` and `payment[payment_intent]`; `data.invoice` expands. */
    listInvoicePayments(query: Params): Reply {
      const payment = obj(query.payment);
      if (query.payment !== undefined && str(payment.type) !== 'payment_intent') {
        return invalid('The stand-in lists invoice payments by payment_intent only.', 'payment[type]');
      }
      const intentId = str(payment.payment_intent);
      const invoiceId = str(query.invoice);
      const limit = int(query.limit) ?? 10;
      const expandInvoice = list(query.expand).map(String).includes('data.invoice');
      const found = [...invoicePayments.values()]
        .filter((p) => intentId === undefined || (p.payment as Json).payment_intent === intentId)
        .filter((p) => invoiceId === undefined || p.invoice === invoiceId)
        .reverse();
      const shown = found
        .slice(0, limit)
        .map((p) => (expandInvoice ? {...p, invoice: publicInvoice(invoices.get(String(p.invoice))!, false)} : p));
      return ok({object: 'list', url: '/v1/invoice_payments', has_more: found.length > limit, data: shown});
    },
  };
  const outcomes = outcomeMethods(core);
  const paying = {...ledger, ...subscriptionsOf, ...outcomes};
  return {...paying, ...portalMethods(core), ...checkoutMethods(core, paying)};
}

export type Ledger = ReturnType<typeof createLedger>;
