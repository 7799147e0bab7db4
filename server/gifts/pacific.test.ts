/**
 * Gifts in the Pacific's currencies, end to end on every database: a donate form in Fiji dollars (cents, as in
 * Australia) and one in CFP francs (New Caledonia, French Polynesia), which Stripe takes in whole francs. Each gift
 * reaches the Stripe stand-in in Stripe's units for its currency, in every call the endpoint makes, and comes back
 * from Stripe's events as Coral's cents; a gift under Stripe's smallest charge is refused before Stripe is called.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import type {Json} from '../testing/stripeValues';
import {parseCampaigns} from './gift';

const FIJI = {
  campaign: 'fiji-reef',
  currency: 'FJD',
  locale: 'en-FJ',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': {handles: [{amount: 25}, {amount: 50}], min: 5}, monthly: {handles: [{amount: 10}, {amount: 20}], min: 5}},
  coverFees: {enabled: true, percent: 3},
};
const NOUMEA = {
  campaign: 'noumea-lagoon',
  currency: 'XPF',
  locale: 'fr-NC',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 1000}, {amount: 5000}], min: 500, max: 500_000},
    monthly: {handles: [{amount: 1000}, {amount: 2000}], min: 500, max: 100_000},
  },
  coverFees: {enabled: true, percent: 3},
};

/** A giver in Suva, whose address has no postcode, and one in Nouméa, whose has five digits. */
const GIVERS = {
  'fiji-reef': {firstName: 'Litia', lastName: 'Qionibaravi', email: 'litia@example.org', consent: false},
  'noumea-lagoon': {firstName: 'Maïa', lastName: 'Wamytan', email: 'maia@example.org', postcode: '98800', consent: false},
};

/** A gift to the Fiji or Nouméa campaign as its form sends it, in Coral's cents, from a giver there. */
const pacificGift = (campaign: typeof FIJI | typeof NOUMEA, change: Record<string, unknown>) =>
  giftBody({
    campaign: campaign.campaign,
    currency: campaign.currency,
    supporter: GIVERS[campaign.campaign as keyof typeof GIVERS],
    ...change,
  });

const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');

describe.each(DATABASES)('gifts in Pacific currencies on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let handler: ReturnType<typeof makeHandler>['handler'];

  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
    handler = makeHandler(stripe, {store: createPgStore(test.db), campaigns: parseCampaigns([FIJI, NOUMEA])}).handler;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  /** Delivers each event, as Stripe sends it, to the webhook route. */
  async function deliverAll(events: Json[]) {
    for (const event of events) expect((await deliver(handler, event)).status, String(event.type)).toBe(200);
  }

  const payments = () =>
    test.db.query<{outcome: string; amount: number; currency: string}>('select outcome, amount, currency from payments');
  const gifts = () => test.db.query<{amount: number; fee: number; currency: string}>('select amount, fee, currency from gifts');
  const stripeCalls = () => stripe.requests.filter((request) => request.method === 'POST');

  it('FJD: a one-off gift of $25.50 and its cover fee go to Stripe in cents, and come back as cents', async () => {
    const {status, body} = await post(handler, '/gifts', pacificGift(FIJI, {amount: 2550, fee: 77}));
    expect(status).toBe(200);
    const intent = stripe.paymentIntents.get(String(body.reference))!;
    expect(intent).toMatchObject({amount: 2627, currency: 'fjd'});
    await deliverAll(stripe.confirm(String(body.clientSecret), 'pm_card_visa'));
    expect(await gifts()).toEqual([{amount: 2550, fee: 77, currency: 'FJD'}]);
    expect(await payments()).toEqual([{outcome: 'paid', amount: 2627, currency: 'FJD'}]);
  });

  it('XPF: a one-off gift of 1000 francs and its fee go to Stripe in whole francs, and come back, refund too, as cents', async () => {
    // 3 % of 1000 francs is 30 francs: 3000 of Coral's cents.
    const {status, body} = await post(handler, '/gifts', pacificGift(NOUMEA, {amount: 100_000, fee: 3000}));
    expect(status).toBe(200);
    const intent = stripe.paymentIntents.get(String(body.reference))!;
    expect(intent).toMatchObject({amount: 1030, currency: 'xpf'});
    await deliverAll(stripe.confirm(String(body.clientSecret), 'pm_card_visa'));
    await deliverAll(stripe.refund(String(intent.id), 30));
    expect(await gifts()).toEqual([{amount: 100_000, fee: 3000, currency: 'XPF'}]);
    expect(await payments()).toEqual(
      expect.arrayContaining([
        {outcome: 'paid', amount: 103_000, currency: 'XPF'},
        {outcome: 'refunded', amount: 3000, currency: 'XPF'},
      ]),
    );
  });

  it('XPF: a monthly gift’s price is whole francs, and its first invoice is recorded in cents', async () => {
    const {status, body} = await post(handler, '/gifts', pacificGift(NOUMEA, {frequency: 'monthly', amount: 200_000}));
    expect(status).toBe(200);
    const subscription = stripe.subscriptions.get(String(body.reference))!;
    expect(stripe.prices.get(String((subscription.items as {data: Array<{price: {id: string}}>}).data[0]?.price.id))).toMatchObject({
      unit_amount: 2000,
      currency: 'xpf',
    });
    await deliverAll(stripe.confirm(String(body.clientSecret), 'pm_card_visa'));
    expect(await payments()).toEqual([{outcome: 'paid', amount: 200_000, currency: 'XPF'}]);
  });

  it('XPF: a hosted checkout’s line item is whole francs, and its session is recorded in cents', async () => {
    const {method: _method, ...gift} = pacificGift(NOUMEA, {amount: 500_000});
    const checkout = {...gift, returnUrl: `${ORIGIN}/merci`, cancelUrl: `${ORIGIN}/don`};
    const {status, body} = await post(handler, '/checkout', checkout);
    expect(status).toBe(200);
    const request = stripeCalls().find((call) => call.path === '/v1/checkout/sessions');
    expect(request?.params).toMatchObject({line_items: [{price_data: {currency: 'xpf', unit_amount: '5000'}}]});
    expect(stripe.checkoutSessions.get(String(body.reference))?.success_url).toContain('amount=5000&');
    await deliverAll(stripe.completeCheckout(String(body.reference)));
    expect(await payments()).toEqual([{outcome: 'paid', amount: 500_000, currency: 'XPF'}]);
  });

  it.each([
    ['XPF under Stripe’s 110 francs', NOUMEA, 10_000, 'amount: expected at least 110 FCFP, the smallest charge Stripe takes in XPF'],
    ['FJD under Stripe’s $3 by Coral’s rule', FIJI, 250, 'amount: expected at least $3, the smallest charge Stripe takes in FJD'],
    ['FJD under the form’s own $5', FIJI, 400, 'amount: expected at least $5 for a one-off gift'],
    ['XPF with cents', NOUMEA, 100_050, 'amount: expected whole XPF, which Stripe takes without cents (a multiple of 100 cents)'],
  ] as const)('refuses a gift %s, before calling Stripe', async (_, campaign, amount, reason) => {
    const {status, body} = await post(handler, '/gifts', pacificGift(campaign, {amount}));
    expect({status, reason: plain(body.reason)}).toEqual({status: 400, reason});
    expect(stripeCalls()).toEqual([]);
    expect(await gifts()).toEqual([]);
  });

  it('refuses an XPF cover fee with cents: the fee the endpoint adds is whole francs', async () => {
    // 3 % of 1234 francs is 37.02 francs; the form and the endpoint both round it to 37.
    const {status, body} = await post(handler, '/gifts', pacificGift(NOUMEA, {amount: 123_400, fee: 3702}));
    expect({status, reason: body.reason}).toEqual({status: 400, reason: 'fee: expected 0 or 3700 cents'});
    expect((await post(handler, '/gifts', pacificGift(NOUMEA, {amount: 123_400, fee: 3700}))).status).toBe(200);
  });
});

describe('the Stripe stand-in, as Stripe refuses', () => {
  let stripe: StripeStandIn;
  beforeEach(async () => {
    stripe = await startStripeStandIn();
  });
  afterEach(() => stripe.close());

  /** What the stand-in answers a PaymentIntent of `amount` in `currency`, as the SDK reports Stripe's error. */
  async function intentOf(amount: number, currency: string): Promise<Record<string, unknown>> {
    try {
      const intent = await stripe.client().paymentIntents.create({amount, currency});
      return {amount: intent.amount, currency: intent.currency};
    } catch (error) {
      const {statusCode, type, code, param, message} = error as Record<string, unknown>;
      return {statusCode, type, code, param, message};
    }
  }

  it('takes a charge at Stripe’s smallest in the currency, in its units: whole francs, cents of a dollar', async () => {
    expect(await intentOf(110, 'xpf')).toEqual({amount: 110, currency: 'xpf'});
    expect(await intentOf(120, 'vuv')).toEqual({amount: 120, currency: 'vuv'});
    expect(await intentOf(300, 'fjd')).toEqual({amount: 300, currency: 'fjd'});
    expect(await intentOf(50, 'aud')).toEqual({amount: 50, currency: 'aud'});
  });

  it.each([
    [109, 'xpf', 'Amount must be at least 110 xpf'],
    [299, 'fjd', 'Amount must be at least 3.00 fjd'],
    [49, 'aud', 'Amount must be at least 0.50 aud'],
    // A currency outside the table: Stripe's USD 0.50, 50 of the minor unit.
    [49, 'idr', 'Amount must be at least 0.50 idr'],
  ])('refuses %i %s as too small, with Stripe’s error', async (amount, currency, message) => {
    expect(await intentOf(amount, currency)).toEqual({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      param: 'amount',
      message,
    });
  });

  it('refuses an amount over eight digits, and a zero-decimal amount with a fraction', async () => {
    expect(await intentOf(100_000_000, 'xpf')).toMatchObject({statusCode: 400, code: 'amount_too_large', param: 'amount'});
    expect(await intentOf(99_999_999, 'xpf')).toEqual({amount: 99_999_999, currency: 'xpf'});
    expect(await intentOf(1000.5, 'xpf')).toMatchObject({statusCode: 400, param: 'amount'});
  });
});
