/**
 * The objects behind the Stripe stand-in, and what each endpoint does to
 * them. Shapes and errors follow Stripe's API reference for the fields the
 * endpoint reads (docs.stripe.com/api); this copies documented behaviour,
 * not Stripe's code, and covers only what Coral's endpoint calls.
 */
import type {FormValue} from './formBody';

type Params = Record<string, FormValue>;
type Json = Record<string, unknown>;
export type Reply = {status: number; body: Json};

export const ok = (body: Json): Reply => ({status: 200, body});

export function stripeError(status: number, type: string, message: string, extra: Json = {}): Reply {
  return {status, body: {error: {type, message, ...extra}}};
}

const invalid = (message: string, param?: string, code?: string): Reply =>
  stripeError(400, 'invalid_request_error', message, {...(param ? {param} : {}), ...(code ? {code} : {})});

const missing = (kind: string, id: string, param?: string): Reply =>
  stripeError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? {param} : {}),
  });

const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: FormValue | undefined): Params => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const list = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
const int = (value: FormValue | undefined): number | null => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null);

const INTERVAL_SECONDS: Record<string, number> = {day: 86_400, week: 7 * 86_400, month: 30 * 86_400, year: 365 * 86_400};
/**
 * Stripe's test payment methods, as its testing docs describe them: one is always declined; the other
 * asks for authentication every time, which a supporter in the browser gives and an off-session charge cannot.
 */
const DECLINING_METHODS: Record<string, {code: string; message: string; offSessionOnly: boolean}> = {
  pm_card_chargeDeclined: {code: 'card_declined', message: 'Your card was declined.', offSessionOnly: false},
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
    offSessionOnly: true,
  },
};

/** Metadata as Stripe documents its limits: 50 keys, keys up to 40 characters, values up to 500. */
function metadataOf(params: Params): Json | Reply {
  const metadata = obj(params.metadata);
  const entries = Object.entries(metadata);
  if (entries.length > 50) return invalid('Metadata can have at most 50 keys', 'metadata');
  for (const [key, value] of entries) {
    if (key.length > 40) return invalid('Metadata keys can be at most 40 characters', `metadata[${key}]`);
    if (typeof value !== 'string' || value.length > 500)
      return invalid('Metadata values can be at most 500 characters', `metadata[${key}]`);
  }
  return {...metadata};
}
const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/**
 * `clock` is Stripe's time, in seconds; `apiVersion` the version the account's webhook endpoint renders its
 * events in, which each event names in `api_version`.
 */
export function createLedger(clock: () => number, apiVersion: string) {
  let serial = 0;
  const id = (prefix: string) => `${prefix}_standin${String((serial += 1)).padStart(6, '0')}`;
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const invoicePayments = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  /**
   * Which invoice each subscription PaymentIntent pays. Not on the PaymentIntent itself: since 2025-03-31
   * neither a PaymentIntent nor a Charge names its invoice; an InvoicePayment links the two.
   */
  const invoiceOfIntent = new Map<string, string>();
  /** What a session makes once paid, kept apart from the public object as Stripe keeps it. */
  const checkoutPlans = new Map<string, {items: Params[]; paymentIntentData: Params; subscriptionData: Params}>();
  /** Payment methods attached to customers, as confirming with setup_future_usage or a subscription does. */
  const attached = new Map<string, string>();
  const events: Json[] = [];

  const event = (type: string, object: Json) => {
    const created = {
      id: id('evt'),
      object: 'event',
      api_version: apiVersion,
      type,
      created: clock(),
      livemode: false,
      data: {object: structuredClone(object)},
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

  /** Pays an invoice's PaymentIntent and moves its subscription on, as Stripe does once a payment succeeds. */
  function settleInvoice(invoice: Json, paymentMethod: string) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    for (const payment of invoicePayments.values()) {
      if (payment.invoice !== invoice.id) continue;
      Object.assign(payment, {
        status: 'paid',
        amount_paid: payment.amount_requested,
        status_transitions: {canceled_at: null, paid_at: clock()},
      });
    }
    const sub = subscriptions.get(str(obj(obj(invoice.parent as FormValue).subscription_details as FormValue).subscription) ?? '');
    if (sub) {
      sub.status = 'active';
      const settings = sub.payment_settings as Json;
      if (settings.save_default_payment_method === 'on_subscription') sub.default_payment_method = paymentMethod;
    }
    event('invoice.paid', invoice);
  }

  function createInvoiceFor(sub: Json, amount: number, currency: string): Json {
    const invoiceId = id('in');
    const intent = newPaymentIntent(amount, currency, String(sub.customer));
    invoiceOfIntent.set(String(intent.id), invoiceId);
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      currency,
      amount_due: amount,
      amount_paid: 0,
      status: 'open',
      billing_reason: 'subscription_create',
      created: clock(),
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

  const ledger = {
    customers,
    products,
    prices,
    paymentIntents,
    invoices,
    subscriptions,
    schedules,
    checkoutSessions,
    charges,
    invoicePayments,
    disputes,
    events,

    listCustomers(query: Params): Reply {
      const email = str(query.email);
      const limit = int(query.limit) ?? 10;
      const found = [...customers.values()].filter((c) => email === undefined || c.email === email).reverse();
      return ok({object: 'list', url: '/v1/customers', has_more: found.length > limit, data: found.slice(0, limit)});
    },

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
      // Stripe's documented minimum charge is 50 cents in AUD, NZD and USD.
      if (amount === null || amount < 50) return invalid('Amount must be at least 50 cents', 'amount', 'amount_too_small');
      const customer = str(params.customer) ?? null;
      if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
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
        metadata,
      });
      return ok(intent);
    },

    retrievePaymentIntent(intentId: string): Reply {
      const intent = paymentIntents.get(intentId);
      return intent ? ok(intent) : missing('payment_intent', intentId);
    },

    createSubscription(params: Params): Reply {
      const customer = str(params.customer) ?? '';
      if (!customers.has(customer)) return missing('customer', customer, 'customer');
      const item = obj(list(params.items)[0]);
      const data = obj(item.price_data);
      const currency = needCurrency(data);
      if (isReply(currency)) return currency;
      const product = str(data.product) ?? '';
      if (!products.has(product)) return missing('product', product, 'items[0][price_data][product]');
      const unitAmount = int(data.unit_amount);
      const interval = str(obj(data.recurring).interval) ?? '';
      if (unitAmount === null || unitAmount < 50) return invalid('Amount must be at least 50 cents', 'items[0][price_data][unit_amount]');
      if (!(interval in INTERVAL_SECONDS)) return invalid('Invalid interval', 'items[0][price_data][recurring][interval]');
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      const behavior = str(params.payment_behavior) ?? 'allow_incomplete';
      const paymentMethod = str(params.default_payment_method) ?? null;
      if (paymentMethod !== null && attached.get(paymentMethod) !== customer) {
        return missing('payment_method', paymentMethod, 'default_payment_method');
      }
      const decline = paymentMethod ? DECLINING_METHODS[paymentMethod] : undefined;
      // error_if_incomplete: a payment that cannot go through fails the call and leaves no subscription behind.
      if (decline && behavior === 'error_if_incomplete') return stripeError(402, 'card_error', decline.message, {code: decline.code});

      const price = {
        id: id('price'),
        object: 'price',
        currency,
        product,
        unit_amount: unitAmount,
        type: 'recurring',
        recurring: {interval, interval_count: 1},
      };
      prices.set(price.id, price);
      const now = clock();
      const settings = obj(params.payment_settings);
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer,
        currency,
        status: 'incomplete',
        start_date: now,
        billing_cycle_anchor: now,
        cancel_at: null,
        schedule: null,
        created: now,
        default_payment_method: paymentMethod,
        description: str(params.description) ?? null,
        items: {object: 'list', data: [{id: id('si'), object: 'subscription_item', price, quantity: int(item.quantity) ?? 1}]},
        payment_settings: {
          payment_method_types: list(settings.payment_method_types).map(String),
          save_default_payment_method: str(settings.save_default_payment_method) ?? 'off',
        },
        metadata,
      };
      subscriptions.set(String(sub.id), sub);
      const invoice = createInvoiceFor(sub, unitAmount, currency);
      sub.latest_invoice = invoice.id;
      if (paymentMethod && params.off_session === 'true') {
        const intent = paymentIntents.get(String(invoice._payment_intent))!;
        Object.assign(intent, {status: 'succeeded', payment_method: paymentMethod, amount_received: intent.amount});
        newCharge(intent, paymentMethod);
        settleInvoice(invoice, paymentMethod);
      }
      const expand = list(params.expand).map(String);
      return ok({
        ...sub,
        latest_invoice: expand.includes('latest_invoice.confirmation_secret') ? publicInvoice(invoice, true) : invoice.id,
      });
    },

    createSchedule(params: Params): Reply {
      const subId = str(params.from_subscription) ?? '';
      const sub = subscriptions.get(subId);
      if (!sub) return missing('subscription', subId, 'from_subscription');
      if (sub.schedule) return invalid('This subscription is already attached to a schedule.', 'from_subscription');
      const item = (sub.items as {data: Json[]}).data[0]!;
      const price = item.price as Json;
      const start = Number(sub.start_date);
      const end = start + INTERVAL_SECONDS[String((price.recurring as Json).interval)]!;
      const schedule = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        customer: sub.customer,
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: {start_date: start, end_date: end},
        phases: [{start_date: start, end_date: end, items: [{price: price.id, quantity: item.quantity}], metadata: sub.metadata}],
      };
      schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return ok(schedule);
    },

    updateSchedule(scheduleId: string, params: Params): Reply {
      const schedule = schedules.get(scheduleId);
      if (!schedule) return missing('subscription_schedule', scheduleId);
      const current = schedule.current_phase as {start_date: number};
      const phases = list(params.phases).map(obj);
      if (phases.length > 0) {
        const first = phases[0]!;
        // Stripe documents that an active schedule's current phase keeps its start date.
        if (int(first.start_date) !== current.start_date)
          return invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
        let start = current.start_date;
        const next: Json[] = [];
        for (const [i, phase] of phases.entries()) {
          const duration = obj(phase.duration);
          const count = int(duration.interval_count) ?? 1;
          const seconds = INTERVAL_SECONDS[str(duration.interval) ?? ''];
          const end = seconds ? start + seconds * count : int(phase.end_date);
          if (end === null || end <= start) return invalid('Each phase needs a duration or an end_date after its start.', `phases[${i}]`);
          const items = list(phase.items).map(obj);
          if (items.some((item) => !prices.has(str(item.price) ?? '')))
            return invalid('No such price', `phases[${i}][items]`, 'resource_missing');
          next.push({
            start_date: start,
            end_date: end,
            items: items.map((item) => ({price: item.price, quantity: int(item.quantity) ?? 1})),
            metadata: obj(phase.metadata),
          });
          start = end;
        }
        schedule.phases = next;
        schedule.current_phase = {start_date: current.start_date, end_date: next[0]!.end_date};
      }
      const behavior = str(params.end_behavior);
      if (behavior) schedule.end_behavior = behavior;
      const sub = subscriptions.get(String(schedule.subscription));
      // With end_behavior "cancel" the subscription ends when the last phase does.
      if (sub) sub.cancel_at = schedule.end_behavior === 'cancel' ? ((schedule.phases as Json[]).at(-1)?.end_date ?? null) : null;
      return ok(schedule);
    },

    retrieveSubscription(subId: string): Reply {
      const sub = subscriptions.get(subId);
      return sub ? ok(sub) : missing('subscription', subId);
    },

    retrieveSchedule(scheduleId: string): Reply {
      const schedule = schedules.get(scheduleId);
      return schedule ? ok(schedule) : missing('subscription_schedule', scheduleId);
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
      if (total < 50)
        return invalid('The Checkout Session’s total amount due must add up to at least 50 cents.', 'line_items', 'amount_too_small');
      if (mode === 'subscription' && params.payment_intent_data !== undefined) {
        return invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
      }
      if (mode === 'payment' && params.subscription_data !== undefined) {
        return invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
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
      });
      return ok(session);
    },

    /**
     * What happens on Stripe's page when the supporter pays an open session by card: the PaymentIntent
     * (payment mode) or the Customer and Subscription (subscription mode) are made and paid, the session
     * completes, and the events Stripe would send are queued. Answers those events.
     */
    completeCheckout(sessionId: string, paymentMethod = 'pm_card_visa'): Json[] {
      const session = checkoutSessions.get(sessionId);
      const plan = checkoutPlans.get(sessionId);
      if (!session || !plan) throw new Error(`no Checkout Session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`the Checkout Session ${sessionId} is ${String(session.status)}`);
      const from = events.length;
      const currency = String(session.currency);
      if (session.mode === 'payment') {
        const intent = newPaymentIntent(Number(session.amount_total), currency, null, {
          payment_method_types: session.payment_method_types,
          description: str(plan.paymentIntentData.description) ?? null,
          metadata: obj(plan.paymentIntentData.metadata),
        });
        ledger.confirm(String(intent.client_secret), paymentMethod);
        session.payment_intent = intent.id;
      } else {
        const email = session.customer_email;
        const customer = ledger.createCustomer(typeof email === 'string' ? {email} : {}).body;
        const created = ledger.createSubscription({
          customer: String(customer.id),
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
        Object.assign(session, {customer: customer.id, subscription: created.body.id, invoice: invoice.id});
      }
      Object.assign(session, {status: 'complete', payment_status: 'paid'});
      event('checkout.session.completed', session);
      return events.slice(from);
    },

    /**
     * What Stripe.js and Stripe do when the browser confirms a client secret with a
     * payment method: the payment succeeds or fails, the method is kept when asked,
     * and the events Stripe would send are queued. Answers those events.
     */
    confirm(clientSecret: string, paymentMethod: string): Json[] {
      const intent = [...paymentIntents.values()].find((pi) => pi.client_secret === clientSecret);
      if (!intent) throw new Error(`no PaymentIntent has the client secret ${clientSecret}`);
      const from = events.length;
      const invoiceId = invoiceOfIntent.get(String(intent.id));
      const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
      const decline = DECLINING_METHODS[paymentMethod];
      if (decline && !decline.offSessionOnly) {
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: {type: 'card_error', code: decline.code, message: decline.message},
        });
        event('payment_intent.payment_failed', intent);
        if (invoice) event('invoice.payment_failed', invoice);
        return events.slice(from);
      }
      Object.assign(intent, {status: 'succeeded', payment_method: paymentMethod, amount_received: intent.amount});
      newCharge(intent, paymentMethod);
      if (typeof intent.customer === 'string' && (intent.setup_future_usage || invoice)) attached.set(paymentMethod, intent.customer);
      event('payment_intent.succeeded', intent);
      if (invoice) settleInvoice(invoice, paymentMethod);
      return events.slice(from);
    },

    /**
     * A refund made in the Dashboard of `amount` (the rest of the payment unless told) from a PaymentIntent's
     * charge: the charge's `amount_refunded` grows, and `refunded` turns true once all of it is. Answers the
     * events Stripe sends: `refund.created` with the Refund, and `charge.refunded` with the Charge.
     */
    refund(intentId: string, amount?: number): Json[] {
      const charge = charges.get(String(paymentIntents.get(intentId)?.latest_charge));
      if (!charge) throw new Error(`no charge for the PaymentIntent ${intentId}`);
      const rest = Number(charge.amount) - Number(charge.amount_refunded);
      const refunded = amount ?? rest;
      if (refunded < 1 || refunded > rest) throw new Error(`cannot refund ${refunded} of the ${rest} left on ${String(charge.id)}`);
      const from = events.length;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: refunded,
        charge: charge.id,
        created: clock(),
        currency: charge.currency,
        metadata: {},
        payment_intent: intentId,
        reason: null,
        status: 'succeeded',
      };
      Object.assign(charge, {amount_refunded: Number(charge.amount_refunded) + refunded, refunded: refunded === rest});
      event('refund.created', refund);
      event('charge.refunded', charge);
      return events.slice(from);
    },

    /**
     * The supporter's bank disputes a PaymentIntent's charge: a chargeback (`needs_response`, the funds
     * withdrawn) or, with `inquiry`, a question that takes nothing yet (`warning_needs_response`). Answers
     * the events Stripe sends.
     */
    dispute(intentId: string, {inquiry = false}: {inquiry?: boolean} = {}): Json[] {
      const charge = charges.get(String(paymentIntents.get(intentId)?.latest_charge));
      if (!charge) throw new Error(`no charge for the PaymentIntent ${intentId}`);
      const from = events.length;
      const dispute = {
        id: id('du'),
        object: 'dispute',
        amount: charge.amount,
        balance_transactions: [],
        charge: charge.id,
        created: clock(),
        currency: charge.currency,
        enhanced_eligibility_types: [],
        is_charge_refundable: inquiry,
        livemode: false,
        metadata: {},
        payment_intent: intentId,
        reason: 'fraudulent',
        status: inquiry ? 'warning_needs_response' : 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      event('charge.dispute.created', dispute);
      if (!inquiry) event('charge.dispute.funds_withdrawn', dispute);
      return events.slice(from);
    },

    /** The bank decides: `won` (the funds come back), `lost`, or `warning_closed` for an inquiry that went no further. Answers the events. */
    closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): Json[] {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      const from = events.length;
      dispute.status = status;
      event('charge.dispute.closed', dispute);
      if (status === 'won') event('charge.dispute.funds_reinstated', dispute);
      return events.slice(from);
    },

    /** The dates a subscription will be charged on: its start, then each interval until it is cancelled (a cap for open-ended ones). */
    chargeDates(subId: string, cap = 400): number[] {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`no subscription ${subId}`);
      const price = (sub.items as {data: Array<{price: Json}>}).data[0]!.price;
      const step = INTERVAL_SECONDS[String((price.recurring as Json).interval)]!;
      const dates: number[] = [];
      for (let at = Number(sub.start_date); dates.length < cap; at += step) {
        if (sub.cancel_at !== null && at >= Number(sub.cancel_at)) break;
        dates.push(at);
      }
      return dates;
    },
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;
