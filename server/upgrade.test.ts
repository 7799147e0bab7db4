/** POST /gifts/upgrade: the thank-you page's one-tap monthly gift on the payment method kept with consent. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {giftBody, makeHandler, newKey, post} from './testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from './testing/stripeStandIn';

let stripe: StripeStandIn;
let stripeClock: number;
let setup: ReturnType<typeof makeHandler>;

beforeEach(async () => {
  stripeClock = 1_767_225_600;
  stripe = await startStripeStandIn({clock: () => stripeClock});
  setup = makeHandler(stripe);
});
afterEach(() => stripe.close());

/** A one-off gift, confirmed in the browser with `paymentMethod`. */
async function firstGift({save = true, paymentMethod = 'pm_card_visa', confirm = true} = {}) {
  const {body} = await post(setup.handler, '/gifts', giftBody({amount: 9000, savePaymentMethod: save}));
  if (confirm) stripe.confirm(String(body.clientSecret), paymentMethod);
  return {reference: String(body.reference), clientSecret: String(body.clientSecret)};
}

const ask = (first: {reference: string; clientSecret: string}, change: Record<string, unknown> = {}) => ({
  ...first,
  amount: 3000,
  fee: 0,
  currency: 'AUD',
  ...change,
});

describe('the one-tap monthly gift', () => {
  it('creates an active monthly subscription, charged off-session to the kept payment method', async () => {
    const first = await firstGift();
    const {status, body} = await post(setup.handler, '/gifts/upgrade', ask(first, {fee: 90}));
    expect(status).toBe(200);
    expect(body).toMatchObject({status: 'approved', kind: 'subscription'});
    const sub = stripe.subscriptions.get(String(body.reference))!;
    expect(sub).toMatchObject({
      status: 'active',
      default_payment_method: 'pm_card_visa',
      customer: stripe.paymentIntents.get(first.reference)?.customer,
    });
    expect(sub.metadata).toMatchObject({
      coral_frequency: 'monthly',
      coral_amount: '3000',
      coral_fee: '90',
      coral_upgrade_of: first.reference,
    });
    expect(stripe.requests.find((r) => r.path === '/v1/subscriptions')?.params).toMatchObject({
      off_session: 'true',
      payment_behavior: 'error_if_incomplete',
    });
    expect(setup.store.gifts.map(({reference, via, amount, fee, upgradeFrom}) => ({reference, via, amount, fee, upgradeFrom}))).toEqual([
      {reference: first.reference, via: 'gifts', amount: 9000, fee: 0, upgradeFrom: null},
      {reference: body.reference, via: 'upgrade', amount: 3000, fee: 90, upgradeFrom: {amount: 9000, frequency: 'one-off'}},
    ]);
  });

  it('makes one subscription however often the supporter taps', async () => {
    const first = await firstGift();
    const once = await post(setup.handler, '/gifts/upgrade', ask(first));
    const again = await post(setup.handler, '/gifts/upgrade', ask(first), {key: newKey()});
    expect(again.body).toEqual(once.body);
    expect(stripe.subscriptions.size).toBe(1);
  });

  it('answers declined when the bank wants the supporter present to authenticate', async () => {
    const first = await firstGift({paymentMethod: 'pm_card_authenticationRequired'});
    const {status, body} = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect({status, body}).toEqual({
      status: 402,
      body: {
        status: 'declined',
        reason: 'Your card was declined. This transaction requires authentication.',
        code: 'authentication_required',
      },
    });
    expect(stripe.subscriptions.size).toBe(0);
  });

  it('answers declined when the bank says no', async () => {
    const first = await firstGift();
    stripe.failNext('decline', {path: /subscriptions/});
    const {status, body} = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect([status, body.status]).toEqual([402, 'declined']);
  });
});

describe('what the one-tap gift refuses', () => {
  it('a first gift whose payment method the supporter did not let us keep', async () => {
    const first = await firstGift({save: false});
    const {status, body} = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect(status).toBe(409);
    expect(body.reason).toMatch(/did not agree to keep the payment method/);
    expect(stripe.subscriptions.size).toBe(0);
  });

  it('a caller without the first gift’s client secret', async () => {
    const first = await firstGift();
    const {status} = await post(setup.handler, '/gifts/upgrade', ask(first, {clientSecret: `${first.reference}_secret_guess`}));
    expect(status).toBe(403);
    expect(stripe.subscriptions.size).toBe(0);
  });

  it('a first gift not yet paid, or older than a day', async () => {
    const unpaid = await firstGift({confirm: false});
    expect((await post(setup.handler, '/gifts/upgrade', ask(unpaid))).body.reason).toBe('reference: the first gift has not been paid');
    stripeClock -= 2 * 86_400;
    const old = await firstGift();
    expect((await post(setup.handler, '/gifts/upgrade', ask(old))).body.reason).toBe(
      'reference: the first gift is too old for a one-tap gift',
    );
  });

  it('an amount outside the monthly limits, or a fee the server would not add', async () => {
    const first = await firstGift();
    expect((await post(setup.handler, '/gifts/upgrade', ask(first, {amount: 400}))).body.reason).toBe(
      'amount: expected at least $5 for a monthly gift',
    );
    expect((await post(setup.handler, '/gifts/upgrade', ask(first, {fee: 1}))).body.reason).toBe('fee: expected 0 or 90 cents');
  });

  it('an unknown reference', async () => {
    const {status} = await post(setup.handler, '/gifts/upgrade', {
      reference: 'pi_nothing',
      clientSecret: 'x',
      amount: 3000,
      fee: 0,
      currency: 'AUD',
    });
    expect(status).toBe(404);
  });
});
