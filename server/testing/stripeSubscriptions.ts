/**
 * The stand-in's subscriptions: made, read, listed, changed and cancelled as
 * Stripe's API reference describes (docs.stripe.com/api/subscriptions), and
 * what Stripe does to them by itself afterwards: each period's invoice, its
 * automatic retries while the subscription is past due, and the end of a
 * subscription set to cancel. Each step queues the events Stripe sends.
 */
import type {LedgerCore} from './stripeCore';
import {
  DECLINING_METHODS,
  INTERVAL_SECONDS,
  chargeRefusal,
  incompleteRefusal,
  int,
  invalid,
  isReply,
  list,
  metadataOf,
  missing,
  obj,
  ok,
  str,
  stripeError,
  type Json,
  type Params,
  type Reply,
} from './stripeValues';

const PRORATION_BEHAVIORS = new Set(['always_invoice', 'create_prorations', 'none']);
/** What `GET /v1/subscriptions` lists without a `status`: every subscription but the canceled ones. */
const LISTED_BY_DEFAULT = (status: unknown) => status !== 'canceled';
/** How long Stripe's Smart Retries wait between attempts in the stand-in: three days, within Stripe's documented range. */
const RETRY_SECONDS = 3 * 86_400;

type SubscriptionItem = {id: string; price: Json; current_period_start?: number; current_period_end?: number};
type Items = {object: 'list'; data: SubscriptionItem[]};
const itemOf = (sub: Json): SubscriptionItem => (sub.items as Items).data[0]!;
const intervalOf = (sub: Json): string => String((itemOf(sub).price.recurring as Json).interval);
const stepOf = (sub: Json): number => INTERVAL_SECONDS[intervalOf(sub)]!;

/** A recurring price as `price_data` describes it, before Stripe gives it an id. */
type PriceSpec = {
  currency: string;
  product: string;
  unit_amount: number;
  type: 'recurring';
  recurring: {interval: string; interval_count: 1};
};

/** A `cancel_at` as Stripe takes it: a time in the future; Stripe's own keywords are not what Coral sends. */
function cancelAtOf(value: Params[string], now: number): number | Reply {
  const at = int(value);
  if (at === null) return invalid('The stand-in takes cancel_at as a timestamp only.', 'cancel_at');
  return at > now ? at : invalid('cancel_at must be a time in the future.', 'cancel_at');
}

/** How long Stripe leaves a subscription `incomplete` for its first payment. */
const INCOMPLETE_SECONDS = 23 * 60 * 60;

export function subscriptionMethods(core: LedgerCore) {
  const {clock, id, event, products, prices, paymentIntents, subscriptions, invoices, attached} = core;
  const {createInvoiceFor, newCharge, settleInvoice, failInvoice, moveSubscription, publicInvoice} = core;

  /**
   * The price an item's `price_data` makes, checked as Stripe checks it: a currency, a product that exists, an amount
   * Stripe may charge in that currency, and an interval. `at` is where it was sent, as Stripe names it.
   */
  function priceSpecOf(data: Params, at: string): PriceSpec | Reply {
    const currency = core.needCurrency(data);
    if (isReply(currency)) return currency;
    const product = str(data.product) ?? '';
    if (!products.has(product)) return missing('product', product, `${at}[product]`);
    const unitAmount = int(data.unit_amount);
    if (unitAmount === null) return invalid('Invalid integer', `${at}[unit_amount]`);
    const refused = chargeRefusal(unitAmount, currency, `${at}[unit_amount]`);
    if (refused) return refused;
    const interval = str(obj(data.recurring).interval) ?? '';
    if (!Object.hasOwn(INTERVAL_SECONDS, interval)) return invalid('Invalid interval', `${at}[recurring][interval]`);
    return {currency, product, unit_amount: unitAmount, type: 'recurring', recurring: {interval, interval_count: 1}};
  }

  /** The Price object Stripe makes of `price_data`, kept in `prices` as Stripe keeps it. */
  function newPrice(spec: PriceSpec): Json {
    const price = {id: id('price'), object: 'price', ...spec};
    prices.set(price.id, price);
    return price;
  }

  /**
   * The subscription's items after `items` is applied, or Stripe's refusal. The stand-in changes what Coral changes:
   * the price of an item the subscription has, by `price_data`, in the subscription's currency and interval and
   * without proration. Stripe would also add items, prorate by default, and invoice at once for a new interval; the
   * stand-in refuses those rather than pretend.
   */
  function itemsAfter(sub: Json, params: Params): {items: Items; item: SubscriptionItem; price: PriceSpec} | Reply {
    const given = list(params.items);
    if (given.length !== 1) return invalid('The stand-in changes one item at a time.', 'items');
    const item = obj(given[0]);
    const itemId = str(item.id);
    if (itemId === undefined) return invalid('The stand-in changes an item the subscription has; it adds none.', 'items[0][id]');
    const items = structuredClone(sub.items) as Items;
    const target = items.data.find((existing) => existing.id === itemId);
    if (!target) return missing('subscription item', itemId, 'items[0][id]');
    const other = Object.keys(item).find((name) => name !== 'id' && name !== 'price_data');
    if (other !== undefined) return invalid(`The stand-in does not take ${other} on a subscription item.`, `items[0][${other}]`);
    if (item.price_data === undefined) return invalid('The stand-in changes an item by its price_data only.', 'items[0][price_data]');
    if (params.proration_behavior !== 'none') {
      return invalid('The stand-in does not prorate: a change of price takes proration_behavior none.', 'proration_behavior');
    }
    const price = priceSpecOf(obj(item.price_data), 'items[0][price_data]');
    if (isReply(price)) return price;
    // A subscription keeps the currency it began in, and so does its customer while it lasts.
    if (price.currency !== sub.currency) {
      const message = `You cannot combine currencies on a single customer. This customer has an active subscription, subscription schedule, discount, quote, or invoice item with currency ${String(sub.currency)}.`;
      return invalid(message, 'items[0][price_data][currency]');
    }
    if (price.recurring.interval !== intervalOf(sub)) {
      const message = 'The stand-in keeps a subscription’s interval: Stripe would invoice at once and start a new billing cycle.';
      return invalid(message, 'items[0][price_data][recurring][interval]');
    }
    return {items, item: target, price};
  }

  /** The billing period Stripe's clock is in now, shown on the subscription's item as Stripe shows it. */
  function showPeriod(sub: Json): SubscriptionItem {
    const item = itemOf(sub);
    const step = stepOf(sub);
    const start = Number(sub.start_date) + Math.max(0, Math.floor((clock() - Number(sub.start_date)) / step)) * step;
    Object.assign(item, {current_period_start: start, current_period_end: start + step});
    return item;
  }

  /** A payment of `invoice` taken off-session by Stripe itself, with the subscription's payment method, as `fail` says. */
  function chargeOffSession(sub: Json, invoice: Json, fail: boolean, retryAt: number | null): Json {
    const intent = paymentIntents.get(String(invoice._payment_intent))!;
    const paymentMethod = String(sub.default_payment_method);
    if (fail) {
      const decline = DECLINING_METHODS.pm_card_chargeDeclined!;
      Object.assign(intent, {status: 'requires_payment_method', last_payment_error: {type: 'card_error', code: decline.code}});
      event('payment_intent.payment_failed', intent);
      failInvoice(invoice, {automatic: true, retryAt});
      if (retryAt !== null) moveSubscription(sub, 'past_due');
      return invoice;
    }
    Object.assign(intent, {status: 'succeeded', payment_method: paymentMethod, amount_received: intent.amount});
    newCharge(intent, paymentMethod);
    event('payment_intent.succeeded', intent);
    settleInvoice(invoice, paymentMethod, true);
    return invoice;
  }

  /**
   * Stripe's rule for a subscription whose first invoice is never paid: 23 hours after it was made it is
   * `incomplete_expired`, for good. Applied as the subscription is read, with the stand-in's clock there.
   */
  function expireIfDue(sub: Json): Json {
    const expiresAt = Number(sub.created) + INCOMPLETE_SECONDS;
    if (sub.status === 'incomplete' && clock() >= expiresAt) Object.assign(sub, {status: 'incomplete_expired', ended_at: expiresAt});
    return sub;
  }

  /** The subscription ends now: canceled, and `customer.subscription.deleted` sent. */
  function end(sub: Json, reason: string): Json {
    const previous = {status: sub.status};
    Object.assign(sub, {status: 'canceled', canceled_at: clock(), ended_at: clock()});
    (sub.cancellation_details as Json).reason = reason;
    event('customer.subscription.deleted', sub, previous);
    return sub;
  }

  return {
    createSubscription(params: Params): Reply {
      const customer = str(params.customer) ?? '';
      if (!core.liveCustomer(customer)) return missing('customer', customer, 'customer');
      const item = obj(list(params.items)[0]);
      const spec = priceSpecOf(obj(item.price_data), 'items[0][price_data]');
      if (isReply(spec)) return spec;
      const {currency, unit_amount: unitAmount} = spec;
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      const now = clock();
      if (params.cancel_at !== undefined && params.cancel_at_period_end === 'true') {
        return invalid('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
      }
      const cancelAt = params.cancel_at === undefined ? null : cancelAtOf(params.cancel_at, now);
      if (isReply(cancelAt)) return cancelAt;
      const proration = str(params.proration_behavior);
      if (params.proration_behavior !== undefined && !PRORATION_BEHAVIORS.has(proration ?? '')) {
        return invalid('Invalid proration_behavior', 'proration_behavior');
      }
      const behavior = str(params.payment_behavior) ?? 'allow_incomplete';
      const paymentMethod = str(params.default_payment_method) ?? null;
      if (paymentMethod !== null && attached.get(paymentMethod) !== customer) {
        return missing('payment_method', paymentMethod, 'default_payment_method');
      }
      const decline = paymentMethod ? DECLINING_METHODS[paymentMethod] : undefined;
      // error_if_incomplete: a payment that cannot go through fails the call and leaves no subscription behind.
      if (decline && behavior === 'error_if_incomplete') return stripeError(402, 'card_error', decline.message, {code: decline.code});

      const price = newPrice(spec);
      const settings = obj(params.payment_settings);
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer,
        currency,
        status: 'incomplete',
        start_date: now,
        billing_cycle_anchor: now,
        cancel_at: cancelAt,
        cancel_at_period_end: params.cancel_at_period_end === 'true',
        canceled_at: null,
        cancellation_details: {comment: null, feedback: null, reason: null},
        ended_at: null,
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
      showPeriod(sub);
      const invoice = createInvoiceFor(sub, unitAmount, currency);
      sub.latest_invoice = invoice.id;
      event('customer.subscription.created', sub);
      if (paymentMethod && params.off_session === 'true') chargeOffSession(sub, invoice, false, null);
      const expand = list(params.expand).map(String);
      return ok({
        ...sub,
        latest_invoice: expand.includes('latest_invoice.confirmation_secret') ? publicInvoice(invoice, true) : invoice.id,
      });
    },

    /**
     * POST /v1/subscriptions/:id, as a page, the Dashboard or the customer portal sends it. Stripe documents that an
     * `incomplete` subscription (its first payment not made) takes only `metadata` and `default_source`, and a
     * canceled one only `metadata` and `cancellation_details`. `cancel_at` ends it then; `cancel_at_period_end` at
     * the end of the period under way, which `cancel_at` then shows; each setting clears the other. `items` gives an
     * item a new price, which the next invoice charges; `customer.subscription.updated` carries the old items. Every
     * change is checked before any is made, so a refused request changes nothing.
     */
    updateSubscription(subId: string, params: Params): Reply {
      const sub = subscriptions.get(subId);
      if (!sub) return missing('subscription', subId);
      const other = (allowed: string[]) => Object.keys(params).find((name) => !allowed.includes(name));
      const notIncomplete = other(['metadata', 'default_source', 'expand']);
      if (sub.status === 'incomplete' && notIncomplete) return incompleteRefusal(notIncomplete);
      const notCanceled = other(['metadata', 'cancellation_details', 'expand']);
      if (sub.status === 'canceled' && notCanceled) {
        return invalid('A canceled subscription can only update its cancellation_details and metadata.', notCanceled);
      }
      if (params.cancel_at !== undefined && params.cancel_at_period_end !== undefined) {
        return invalid('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
      }
      if (params.proration_behavior !== undefined && !PRORATION_BEHAVIORS.has(str(params.proration_behavior) ?? '')) {
        return invalid('Invalid proration_behavior', 'proration_behavior');
      }
      // An empty value removes the end.
      const cancelAt = params.cancel_at === undefined || params.cancel_at === '' ? null : cancelAtOf(params.cancel_at, clock());
      if (isReply(cancelAt)) return cancelAt;
      const metadata = metadataOf(params);
      if (isReply(metadata)) return metadata;
      const itemsChange = params.items === undefined ? null : itemsAfter(sub, params);
      if (isReply(itemsChange)) return itemsChange;

      const previous: Json = {};
      const change = (field: string, value: unknown) => {
        if (sub[field] === value) return;
        previous[field] = sub[field];
        sub[field] = value;
      };
      if (params.cancel_at !== undefined) {
        change('cancel_at', cancelAt);
        change('cancel_at_period_end', false);
      }
      if (params.cancel_at_period_end !== undefined) {
        const atPeriodEnd = params.cancel_at_period_end === 'true';
        change('cancel_at_period_end', atPeriodEnd);
        change('cancel_at', atPeriodEnd ? showPeriod(sub).current_period_end : null);
      }
      if (params.metadata !== undefined) change('metadata', {...(sub.metadata as Json), ...metadata});
      if (itemsChange) {
        const {items, item, price} = itemsChange;
        item.price = newPrice(price);
        // The old items go whole into previous_attributes, as Stripe sends them.
        change('items', items);
      }
      if (Object.keys(previous).length > 0) event('customer.subscription.updated', sub, previous);
      return ok(sub);
    },

    /** Its item shows the billing period Stripe's clock is in now, as `current_period_start` and `current_period_end`. */
    retrieveSubscription(subId: string): Reply {
      const sub = subscriptions.get(subId);
      if (!sub) return missing('subscription', subId);
      showPeriod(expireIfDue(sub));
      return ok(sub);
    },

    /** DELETE /v1/subscriptions/:id: ends it now, as the Dashboard's "cancel immediately" or the portal's does. */
    cancelSubscription(subId: string): Reply {
      const sub = subscriptions.get(subId);
      if (!sub) return missing('subscription', subId);
      if (sub.status === 'canceled') return invalid(`This subscription has already been canceled.`);
      return ok(end(sub, 'cancellation_requested'));
    },

    /** GET /v1/subscriptions, newest first, by `customer` and `status` (`all` lists the canceled too). */
    listSubscriptions(query: Params): Reply {
      const customer = str(query.customer);
      const status = str(query.status);
      const limit = int(query.limit) ?? 10;
      const found = [...subscriptions.values()]
        .map(expireIfDue)
        .filter((sub) => customer === undefined || sub.customer === customer)
        .filter((sub) => (status === undefined ? LISTED_BY_DEFAULT(sub.status) : status === 'all' || sub.status === status))
        .reverse();
      return ok({object: 'list', url: '/v1/subscriptions', has_more: found.length > limit, data: found.slice(0, limit)});
    },

    /**
     * What Stripe does at the start of a subscription's next period, with the stand-in's clock there: a subscription
     * set to cancel ends (`customer.subscription.deleted`); any other gets the period's invoice and charges it
     * off-session. With `fail`, the bank refuses: the invoice stays open, Stripe retries it in three days
     * (`next_payment_attempt`) and the subscription is past due. Answers the events.
     */
    renew(subId: string, {fail = false}: {fail?: boolean} = {}): Json[] {
      const sub = subscriptions.get(subId);
      if (!sub || (sub.status !== 'active' && sub.status !== 'past_due')) throw new Error(`${subId} is not an active subscription`);
      const from = core.events.length;
      if (sub.cancel_at !== null && Number(sub.cancel_at) <= clock()) {
        end(sub, 'cancellation_requested');
        return core.events.slice(from);
      }
      const item = showPeriod(sub);
      const invoice = createInvoiceFor(sub, Number(item.price.unit_amount), String(sub.currency), 'subscription_cycle');
      sub.latest_invoice = invoice.id;
      event('invoice.created', publicInvoice(invoice, false));
      chargeOffSession(sub, invoice, fail, fail ? clock() + RETRY_SECONDS : null);
      return core.events.slice(from);
    },

    /**
     * One of Stripe's automatic retries of an open invoice, at its `next_payment_attempt`: paid, or refused again,
     * with another retry to come unless `last`. After the last, Stripe does what the account's settings say; the
     * stand-in's account cancels the subscription. Answers the events.
     */
    retryInvoice(invoiceId: string, {fail = false, last = false}: {fail?: boolean; last?: boolean} = {}): Json[] {
      const invoice = invoices.get(invoiceId);
      if (invoice?.status !== 'open' || invoice.next_payment_attempt === null) throw new Error(`${invoiceId} has no retry to come`);
      const sub = core.subscriptionOf(invoice)!;
      const from = core.events.length;
      chargeOffSession(sub, invoice, fail, fail && !last ? clock() + RETRY_SECONDS : null);
      if (fail && last) end(sub, 'payment_failed');
      return core.events.slice(from);
    },
  };
}
