/**
 * What happens to a payment once the browser confirms it, and afterwards: a
 * card approved or declined, a direct debit processing until its bank
 * settles it, a refund made in the Dashboard, a dispute and its end, each
 * answering the events Stripe sends; and the days a subscription charges.
 */
import type {LedgerCore} from './stripeCore';
import {DECLINING_METHODS, INTERVAL_SECONDS, methodType, type Json} from './stripeValues';

export function outcomeMethods(core: LedgerCore) {
  const {
    clock,
    id,
    event,
    events,
    paymentIntents,
    invoices,
    invoiceOfIntent,
    subscriptions,
    charges,
    disputes,
    attached,
    newCharge,
    settleInvoice,
    failInvoice,
  } = core;
  return {
    /**
     * What Stripe.js and Stripe do when the browser confirms a client secret with a
     * payment method: the payment succeeds or fails, the method is kept when asked,
     * and the events Stripe would send are queued. Answers those events.
     */
    confirm(clientSecret: string, paymentMethod: string): Json[] {
      const intent = [...paymentIntents.values()].find((pi) => pi.client_secret === clientSecret);
      if (!intent) throw new Error(`no PaymentIntent has the client secret ${clientSecret}`);
      // Stripe.js gets this error from Stripe: a canceled or paid PaymentIntent takes no confirmation.
      if (intent.status === 'canceled' || intent.status === 'succeeded') {
        throw new Error(`payment_intent_unexpected_state: the PaymentIntent has a status of ${String(intent.status)}`);
      }
      const from = events.length;
      const invoiceId = invoiceOfIntent.get(String(intent.id));
      const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
      const type = methodType(paymentMethod);
      // Stripe.js refuses a method the intent does not allow before anything reaches Stripe.
      if (!(intent.payment_method_types as string[]).includes(type)) {
        throw new Error(`the PaymentIntent ${String(intent.id)} does not take ${type} (it takes ${String(intent.payment_method_types)})`);
      }
      if (type === 'au_becs_debit') {
        // A direct debit clears days later: it stays processing until the test settles it.
        Object.assign(intent, {status: 'processing', payment_method: paymentMethod});
        if (typeof intent.customer === 'string') attached.set(paymentMethod, intent.customer);
        event('payment_intent.processing', intent);
        return events.slice(from);
      }
      const decline = DECLINING_METHODS[paymentMethod];
      if (decline && !decline.offSessionOnly) {
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: {type: 'card_error', code: decline.code, message: decline.message},
        });
        event('payment_intent.payment_failed', intent);
        if (invoice) failInvoice(invoice);
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
     * The bank's answer to a processing direct debit: it clears (`payment_intent.succeeded`, and its invoice
     * paid) or is refused (`payment_intent.payment_failed`, and `invoice.payment_failed`). Answers the events.
     */
    settle(intentId: string, outcome: 'succeeded' | 'failed'): Json[] {
      const intent = paymentIntents.get(intentId);
      if (intent?.status !== 'processing') throw new Error(`the PaymentIntent ${intentId} is not processing`);
      const from = events.length;
      const invoice = invoices.get(invoiceOfIntent.get(intentId) ?? '');
      const paymentMethod = String(intent.payment_method);
      if (outcome === 'failed') {
        const message = 'The customer’s bank account could not be debited.';
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: {type: 'invalid_request_error', code: 'debit_not_authorized', message},
        });
        event('payment_intent.payment_failed', intent);
        if (invoice) failInvoice(invoice);
        return events.slice(from);
      }
      Object.assign(intent, {status: 'succeeded', amount_received: intent.amount});
      newCharge(intent, paymentMethod);
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
}
