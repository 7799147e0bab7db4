/** Which failed payments the guard stops, and how, without a database or a stand-in: the decision on its own. */
import type Stripe from 'stripe';
import {describe, expect, it} from 'vitest';
import {memoryLogger} from '../http';
import {createMemoryGiftStore} from '../testing/memoryStore';
import {createGuard, declinedGift} from './guard';
import {DEFAULT_GUARD} from './settings';

const CORAL = {coral_campaign: 'save-the-reef', coral_frequency: 'monthly'};

const intentFailed = (metadata: Record<string, string>) =>
  ({id: 'evt_pi', type: 'payment_intent.payment_failed', data: {object: {id: 'pi_1', metadata}}}) as unknown as Stripe.Event;

const invoiceFailed = (metadata: Record<string, string> | null, billingReason = 'subscription_create', id: string | null = 'in_1') =>
  ({
    id: 'evt_in',
    type: 'invoice.payment_failed',
    data: {
      object: {
        id,
        billing_reason: billingReason,
        parent: metadata === null ? null : {subscription_details: {subscription: 'sub_1', metadata}},
      },
    },
  }) as unknown as Stripe.Event;

describe('the gift a failed payment is about', () => {
  it('is a Coral one-off gift’s PaymentIntent, or a Coral regular gift’s first invoice', () => {
    expect(declinedGift(intentFailed(CORAL))).toEqual({kind: 'paymentIntent', id: 'pi_1'});
    expect(declinedGift(invoiceFailed(CORAL))).toEqual({kind: 'invoice', id: 'in_1'});
  });

  it('is none for another integration’s payment, a hosted checkout’s, a later invoice, or another event', () => {
    expect(declinedGift(intentFailed({}))).toBeNull();
    expect(declinedGift(intentFailed({...CORAL, coral_via: 'checkout'}))).toBeNull();
    expect(declinedGift(invoiceFailed({}))).toBeNull();
    expect(declinedGift(invoiceFailed(null))).toBeNull();
    expect(declinedGift(invoiceFailed({...CORAL, coral_via: 'checkout'}))).toBeNull();
    expect(declinedGift(invoiceFailed(CORAL, 'subscription_cycle'))).toBeNull();
    expect(declinedGift(invoiceFailed(CORAL, 'subscription_create', null))).toBeNull();
    expect(declinedGift(intentFailed(null as unknown as Record<string, string>))).toBeNull();
    const noDetails = invoiceFailed(CORAL);
    (noDetails.data.object as unknown as {parent: object}).parent = {type: 'quote_details'};
    expect(declinedGift(noDetails)).toBeNull();
    const paid = {...intentFailed(CORAL), type: 'payment_intent.succeeded'} as Stripe.Event;
    expect(declinedGift(paid)).toBeNull();
    expect(declinedGift({...invoiceFailed(CORAL), type: 'invoice.paid'} as Stripe.Event)).toBeNull();
  });
});

describe('after a failed payment', () => {
  /** A guard over a memory store holding `failures` failed records of `stripeId`, and a Stripe whose calls are noted. */
  async function guardWith(stripeId: string, failures: number, refusal?: {type: string}, settings = DEFAULT_GUARD) {
    const store = createMemoryGiftStore();
    for (let n = 0; n < failures; n += 1) {
      await store.recordOnce(`failed:evt_${n}`, {
        outcome: 'failed',
        reference: stripeId,
        stripeId,
        campaign: 'save-the-reef',
        frequency: 'monthly',
        amount: 2500,
        currency: 'AUD',
        eventId: `evt_${n}`,
        eventCreated: 1_767_225_600,
        recordedAt: 1_767_225_600,
      });
    }
    const calls: Array<[string, string, unknown, unknown]> = [];
    const call = (name: string) => async (id: string, params: unknown, options: unknown) => {
      calls.push([name, id, params, options]);
      if (refusal) throw Object.assign(new Error('refused'), refusal);
      return {id};
    };
    const stripe = {paymentIntents: {cancel: call('cancel')}, invoices: {voidInvoice: call('void')}} as unknown as Stripe;
    const log = memoryLogger();
    return {guard: createGuard({store, stripe, seconds: () => 1_767_225_600, settings}), calls, log, store};
  }

  it('voids a first invoice at the limit, not before, under a key of its own', async () => {
    const below = await guardWith('in_1', DEFAULT_GUARD.declinesPerGift - 1);
    await below.guard.afterEvent(invoiceFailed(CORAL), below.log);
    expect(below.calls).toEqual([]);
    const at = await guardWith('in_1', DEFAULT_GUARD.declinesPerGift);
    await at.guard.afterEvent(invoiceFailed(CORAL), at.log);
    expect(at.calls).toEqual([['void', 'in_1', {}, {idempotencyKey: 'coral:void:in_1'}]]);
    expect(at.log.lines).toEqual([
      expect.objectContaining({level: 'warn', invoice: 'in_1', declines: 4, msg: 'a gift was cancelled after repeated declines'}),
    ]);
  });

  it('cancels a one-off gift’s PaymentIntent at the limit', async () => {
    const {guard, calls, log} = await guardWith('pi_1', DEFAULT_GUARD.declinesPerGift + 1);
    await guard.afterEvent(intentFailed(CORAL), log);
    expect(calls).toEqual([['cancel', 'pi_1', {cancellation_reason: 'abandoned'}, {idempotencyKey: 'coral:cancel:pi_1'}]]);
    expect(log.lines[0]).toMatchObject({paymentIntent: 'pi_1', declines: 5});
  });

  it('counts each gift’s own failures: a later invoice’s, or another gift’s, are not', async () => {
    const {guard, calls, log} = await guardWith('in_other', DEFAULT_GUARD.declinesPerGift);
    await guard.afterEvent(invoiceFailed(CORAL), log);
    await guard.afterEvent(invoiceFailed(CORAL, 'subscription_cycle', 'in_other'), log);
    expect(calls).toEqual([]);
  });

  it('says so in one info line when Stripe refuses, as for an invoice paid meanwhile', async () => {
    const {guard, log} = await guardWith('in_1', DEFAULT_GUARD.declinesPerGift, {type: 'StripeInvalidRequestError'});
    await guard.afterEvent(invoiceFailed(CORAL), log);
    expect(log.lines).toEqual([expect.objectContaining({level: 'info', invoice: 'in_1', msg: 'a declined gift had already ended'})]);
  });

  it('throws any other failure, so the event is answered 500 and sent again', async () => {
    const {guard, log} = await guardWith('in_1', DEFAULT_GUARD.declinesPerGift, {type: 'StripeConnectionError'});
    await expect(guard.afterEvent(invoiceFailed(CORAL), log)).rejects.toMatchObject({type: 'StripeConnectionError'});
    expect(log.lines).toEqual([]);
  });

  it('does nothing with the limit at 0, or without Stripe', async () => {
    const off = await guardWith('in_1', 10, undefined, {...DEFAULT_GUARD, declinesPerGift: 0});
    await off.guard.afterEvent(invoiceFailed(CORAL), off.log);
    await off.guard.afterEvent(intentFailed(CORAL), off.log);
    expect(off.calls).toEqual([]);
    const noStripe = createGuard({store: off.store, stripe: null, seconds: () => 0});
    await expect(noStripe.afterEvent(invoiceFailed(CORAL), off.log)).resolves.toBeUndefined();
    expect(off.log.lines).toEqual([]);
  });
});
