/** POST /gifts/upgrade: the thank-you page's one-tap monthly gift on the payment method kept with consent. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {migrate} from '../schema';
import {createPgStore} from '../records';
import {parseCampaigns} from './gift';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {CAMPAIGN_CONFIGS, giftBody, makeHandler, newKey, NOW_MS, post, type Answered} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

let stripe: StripeStandIn;
let stripeClock: number;
let setup: ReturnType<typeof makeHandler>;

beforeEach(async () => {
  stripeClock = 1_767_225_600;
  stripe = await startStripeStandIn({clock: () => stripeClock});
  setup = makeHandler(stripe);
});
afterEach(() => stripe.close());

/** A one-off gift of $90 (so the monthly gift offered is $30), confirmed in the browser with `paymentMethod`. */
async function firstGift({save = true, paymentMethod = 'pm_card_visa', confirm = true, amount = 9000} = {}) {
  const {body} = await post(setup.handler, '/gifts', giftBody({amount, savePaymentMethod: save}));
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
    expect(body.reason).toMatch(/kept no payment method/);
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

  it('an amount other than the one the thank-you page offers for the gift, naming that one', async () => {
    const first = await firstGift();
    const other = await post(setup.handler, '/gifts/upgrade', ask(first, {amount: 2000_00}));
    expect(other).toMatchObject({
      status: 400,
      body: {status: 'rejected', reason: 'amount: expected $30 a month, the monthly gift offered for this gift'},
    });
    // Its suggestion is over the monthly maximum: its card was kept, as its Payment Element was set up to keep it, and
    // no monthly gift is offered for it.
    const big = await firstGift({amount: 10_000_00});
    expect(stripe.paymentIntents.get(big.reference)).toMatchObject({setup_future_usage: 'off_session'});
    expect((await post(setup.handler, '/gifts/upgrade', ask(big, {amount: 833_00}))).body.reason).toBe(
      'amount: no monthly gift is offered for this gift (its suggestion is over the monthly maximum)',
    );
    // A campaign whose monthly maximum was lowered after the gift offers none for it either.
    const kept = await firstGift();
    const lowered = makeHandler(stripe, {
      campaigns: parseCampaigns([{...CAMPAIGN_CONFIGS[0], amounts: {monthly: {handles: [{amount: 10}, {amount: 20}], min: 5, max: 20}}}]),
    });
    expect((await post(lowered.handler, '/gifts/upgrade', ask(kept, {amount: 2000}))).body.reason).toBe(
      'amount: no monthly gift is offered for this gift (its suggestion is over the monthly maximum)',
    );
    expect(stripe.subscriptions.size).toBe(0);
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

const IN_FLIGHT = {status: 'error', outcome: 'unknown', retryable: true, detail: expect.stringContaining('send it again')};

describe.each(DATABASES)('one monthly gift per first gift, on $name', ({create}) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await create();
    setup = makeHandler(stripe, {store: createPgStore(test.db)});
  });
  afterEach(() => test.drop());

  const subscriptionCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');

  it('makes one subscription for ten taps at once, each with its own key, and answers each with it', async () => {
    const first = await firstGift();
    const taps = await Promise.all(Array.from({length: 10}, () => post(setup.handler, '/gifts/upgrade', ask(first))));
    const made = taps.find((tap) => tap.status === 200);
    expect(made?.body).toEqual({status: 'approved', reference: expect.stringMatching(/^sub_/), kind: 'subscription'});
    for (const tap of taps) {
      // A tap that met the first one still calling Stripe is told to send it again, which then answers the same gift.
      expect([200, 409]).toContain(tap.status);
      const answer: Answered = tap.status === 409 ? await post(setup.handler, '/gifts/upgrade', ask(first)) : tap;
      if (tap.status === 409) expect(tap.body).toEqual(IN_FLIGHT);
      expect(answer).toMatchObject({status: 200, body: made!.body});
    }
    expect(stripe.subscriptions.size).toBe(1);
    expect(subscriptionCalls()).toHaveLength(1);
    expect(subscriptionCalls()[0]?.idempotencyKey).toBe(`coral-upgrade:${first.reference}:1:upgrade`);
  });

  it('makes none on one more tap after a restart, when the first tap’s answer was lost after Stripe acted', async () => {
    const first = await firstGift();
    stripe.failNext('drop-after-acting', {path: /subscriptions/});
    stripe.failNext('drop', {path: /subscriptions/});
    const lost = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect(lost).toMatchObject({status: 503, body: {status: 'error', outcome: 'unknown', retryable: true}});
    expect(stripe.subscriptions.size).toBe(1);

    const restarted = makeHandler(stripe, {store: createPgStore(await test.reopen())});
    const again = await post(restarted.handler, '/gifts/upgrade', ask(first));
    expect(again).toMatchObject({status: 200, body: {status: 'approved', reference: [...stripe.subscriptions.keys()][0]}});
    expect(stripe.subscriptions.size).toBe(1);
    const onceMore = await post(makeHandler(stripe, {store: createPgStore(test.db)}).handler, '/gifts/upgrade', ask(first));
    expect(onceMore.body).toEqual(again.body);
    expect(stripe.subscriptions.size).toBe(1);
  });

  it('lets the supporter try again after Stripe answered 500, which Stripe keeps under its key for a day', async () => {
    const first = await firstGift();
    const key = newKey();
    stripe.failNext('server-error', {path: /^\/v1\/subscriptions$/});
    const failed = await post(setup.handler, '/gifts/upgrade', ask(first), {key});
    expect(failed).toMatchObject({status: 503, body: {status: 'error', outcome: 'unknown', retryable: true}});
    const retried = await post(setup.handler, '/gifts/upgrade', ask(first), {key});
    expect(retried).toMatchObject({status: 200, body: {status: 'approved', kind: 'subscription'}});
    expect(stripe.subscriptions.size).toBe(1);
    expect(subscriptionCalls().map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [`coral-upgrade:${first.reference}:1:upgrade`, false],
      [`coral-upgrade:${first.reference}:2:upgrade`, false],
    ]);
  });

  it('makes no second monthly gift when Stripe made the first and still answered 500', async () => {
    const first = await firstGift();
    stripe.failNext('server-error-after-acting', {path: /^\/v1\/subscriptions$/});
    expect((await post(setup.handler, '/gifts/upgrade', ask(first))).status).toBe(503);
    const [made] = [...stripe.subscriptions.keys()];
    expect(made).toMatch(/^sub_/);
    // The next attempt looks for what the last one made, on the first gift's own Customer, before making anything.
    const again = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect(again).toMatchObject({status: 200, body: {status: 'approved', reference: made}});
    expect(stripe.subscriptions.size).toBe(1);
    expect(subscriptionCalls()).toHaveLength(1);
    const customer = String(stripe.paymentIntents.get(first.reference)?.customer);
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/subscriptions').map((r) => r.params)).toEqual([
      {customer, status: 'all', limit: '100'},
    ]);
    expect(await test.db.query('select via, reference from gifts where via = $1', ['upgrade'])).toEqual([
      {via: 'upgrade', reference: made},
    ]);
    expect((await post(setup.handler, '/gifts/upgrade', ask(first))).body).toEqual(again.body);
  });

  it('lets the supporter try again after a decline, under the same key or a new one', async () => {
    const first = await firstGift();
    const key = newKey();
    stripe.failNext('decline', {path: /subscriptions/});
    expect((await post(setup.handler, '/gifts/upgrade', ask(first), {key})).status).toBe(402);
    const retried = await post(setup.handler, '/gifts/upgrade', ask(first), {key});
    expect(retried).toMatchObject({status: 200, body: {status: 'approved', kind: 'subscription'}});
    expect(stripe.subscriptions.size).toBe(1);
    // The declined attempt's key would answer its decline again, so the retry is Stripe's next attempt for this gift.
    expect(subscriptionCalls().map((r) => r.idempotencyKey)).toEqual([
      `coral-upgrade:${first.reference}:1:upgrade`,
      `coral-upgrade:${first.reference}:2:upgrade`,
    ]);
    expect((await post(setup.handler, '/gifts/upgrade', ask(first))).body).toEqual(retried.body);
  });

  it('takes over a claim whose holder never came back, once its lease has run out', async () => {
    const first = await firstGift();
    // Another instance claimed the upgrade and stopped before calling Stripe.
    expect(await createPgStore(test.db).claimUpgrade(first.reference, NOW_MS / 1000)).toEqual({status: 'claimed', attempt: 1});
    const held = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect(held).toMatchObject({status: 409, body: IN_FLIGHT});
    expect(stripe.subscriptions.size).toBe(0);
    const later = makeHandler(stripe, {store: createPgStore(test.db), now: () => NOW_MS + 3 * 60_000});
    expect((await post(later.handler, '/gifts/upgrade', ask(first))).status).toBe(200);
    expect(stripe.subscriptions.size).toBe(1);
  });

  it('answers a gift upgraded before the claims were kept with its subscription, once migrated', async () => {
    const first = await firstGift();
    await test.db.script("drop table upgrade_claims; delete from coral_migrations where name = '0002_upgrade_claims'");
    await createPgStore(test.db).recordOnce(`upgraded:${first.reference}`, {
      outcome: 'upgraded',
      reference: 'sub_before',
      stripeId: 'sub_before',
      campaign: 'save-the-reef',
      frequency: 'monthly',
      amount: 3000,
      currency: 'AUD',
      eventId: null,
      eventCreated: null,
      recordedAt: NOW_MS / 1000,
    });
    expect(await migrate(test.db)).toEqual(['0002_upgrade_claims']);
    const again = await post(setup.handler, '/gifts/upgrade', ask(first));
    expect(again).toMatchObject({status: 200, body: {status: 'approved', reference: 'sub_before'}});
    expect(stripe.subscriptions.size).toBe(0);
  });

  it('refuses an amount other than the one offered, 400, and claims nothing', async () => {
    const first = await firstGift();
    const other = await post(setup.handler, '/gifts/upgrade', ask(first, {amount: 2500}));
    expect(other).toMatchObject({status: 400, body: {reason: 'amount: expected $30 a month, the monthly gift offered for this gift'}});
    expect(await test.db.query('select 1 from upgrade_claims')).toEqual([]);
    expect(stripe.subscriptions.size).toBe(0);
  });
});
