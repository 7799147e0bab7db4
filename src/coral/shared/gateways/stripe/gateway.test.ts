/**
 * The order the stripe gateway keeps: the Element's check (started by the
 * supporter's click, for the gift the Elements hold then) first, then the
 * endpoint, then Stripe's confirmation; and what a confirmation's answer
 * says about the gift. Stripe.js is a small stand-in here that refuses what
 * Stripe.js refuses on that path; the browser tests (tests/e2e/payments.spec.ts)
 * run the whole flow against a fuller one.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {FieldsSetup} from '../gateway';
import {intent, stripeJsStandIn, type StripeJsStandIn} from '../../testing';

let stand: StripeJsStandIn;

vi.mock('@stripe/stripe-js/pure', () => ({loadStripe: async () => stand.stripe()}));

const LOOK = {dark: false, accent: '#000', surface: '#fff', text: '#000', muted: '#444', error: '#c00', radius: '4px', font: 'serif'};
const setup = (amount: number, frequency: FieldsSetup['frequency'] = 'one-off'): FieldsSetup => ({
  amount,
  currency: 'AUD',
  frequency,
  methods: ['card'],
  saveCard: false,
  locale: 'en-AU',
  look: LOOK,
});

/** Lets every settled promise run its callbacks, and a timer's turn pass. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stand = stripeJsStandIn();
  vi.stubGlobal('fetch', vi.fn(stand.endpoint(({amount}) => stand.calls.push(`post ${amount}`))));
});
afterEach(() => vi.unstubAllGlobals());

async function mountedGateway({wallets = true, endpoint = 'https://pay.example.org'} = {}) {
  const {createStripeGateway} = await import('./gateway');
  const gateway = createStripeGateway({
    publishableKey: 'pk_test_coralunit',
    endpoint,
    wallets,
    saveCardForUpgrade: false,
    timeoutMs: 5000,
  });
  const fields = gateway.fields.mount({} as HTMLElement, setup(6000), () => undefined);
  await settle();
  return {gateway, fields};
}

const THANKS = {returnUrl: 'https://example.org/thanks'};

describe('stripe gateway', () => {
  it('checks the fields with the check the click started, before anything else', async () => {
    const {gateway} = await mountedGateway();
    stand.click(() => gateway.fields.submit());
    const result = await gateway.charge({...intent(), amount: 6000}, {idempotencyKey: 'k1', ...THANKS});
    expect(result).toEqual({status: 'approved', reference: 'pi_standin1'});
    expect(stand.calls).toEqual(['submit', 'post 6000', 'confirm']);
  });

  it('starts no check in a click while a change to the gift is still on its way to the Elements: a wallet would show the old gift', async () => {
    const {gateway, fields} = await mountedGateway();
    fields.update(setup(12000));
    stand.click(() => gateway.fields.submit());
    expect(stand.calls).toEqual(['update 12000']);
    const charged = gateway.charge({...intent(), amount: 12000}, {idempotencyKey: 'k2', ...THANKS});
    stand.applyUpdate();
    // Checked once the Elements hold the gift, outside the click: where Apple Pay may be offered, Stripe.js refuses, and nothing is made.
    expect(await charged).toMatchObject({status: 'error', outcome: 'not-charged', retryable: true});
    expect(stand.calls).toEqual(['update 12000', 'submit']);
    expect(stand.submitted).toEqual([]);
  });

  it('without wallets, checks a gift changed just before the click once the Elements hold it, and sends it', async () => {
    const {gateway, fields} = await mountedGateway({wallets: false});
    fields.update(setup(12000));
    stand.click(() => gateway.fields.submit());
    const charged = gateway.charge({...intent(), amount: 12000}, {idempotencyKey: 'k3', ...THANKS});
    await settle();
    expect(stand.calls).toEqual(['update 12000']);
    stand.applyUpdate();
    expect(await charged).toEqual({status: 'approved', reference: 'pi_standin1'});
    expect(stand.calls).toEqual(['update 12000', 'submit', 'post 12000', 'confirm']);
    expect(stand.submitted).toMatchObject([{mode: 'payment', amount: 12000}]);
  });

  it('does not send a gift changed after the click’s check on that check: what the wallet approved is not what would be charged', async () => {
    const {gateway, fields} = await mountedGateway({wallets: false});
    stand.click(() => gateway.fields.submit());
    // The click's own answer changes the gift: A$60 once becomes A$20 a month.
    fields.update(setup(2000, 'monthly'));
    const charged = gateway.charge({...intent(), amount: 2000, frequency: 'monthly'}, {idempotencyKey: 'k4', ...THANKS});
    stand.applyUpdate();
    expect(await charged).toEqual({status: 'approved', reference: 'sub_standin1'});
    expect(stand.submitted).toMatchObject([
      {mode: 'payment', amount: 6000},
      {mode: 'subscription', amount: 2000},
    ]);
    expect(stand.calls).toEqual(['submit', 'update 2000', 'submit', 'post 2000', 'confirm']);
  });

  it('reads a confirmation Stripe.js refused before trying any payment as nothing charged, not as a decline', async () => {
    const {gateway} = await mountedGateway();
    stand.click(() => gateway.fields.submit());
    // The Elements held A$60 when checked: Stripe.js refuses to confirm an intent for A$70 with them, and the intent is untouched.
    const result = await gateway.charge({...intent(), amount: 7000}, {idempotencyKey: 'k5', ...THANKS});
    expect(result).toMatchObject({status: 'error', outcome: 'not-charged', retryable: true});
    expect(stand.calls).toEqual(['submit', 'post 7000', 'confirm']);
  });

  it('hands on a kept card’s one-tap monthly gift as the endpoint named it, and none where the endpoint named none', async () => {
    const {createStripeGateway} = await import('./gateway');
    const options = {publishableKey: 'pk_test_coralunit', endpoint: 'https://pay.example.org', wallets: false, timeoutMs: 5000};
    const gateway = createStripeGateway({...options, saveCardForUpgrade: true});
    gateway.fields.mount({} as HTMLElement, {...setup(6000), saveCard: true}, () => undefined);
    await settle();
    for (const named of [2500, undefined]) {
      const clientSecret = stand.intent('payment', 6000, {setupFutureUsage: 'off_session'});
      const reference = clientSecret.split('_secret_')[0]!;
      const answer = {status: 'requires_confirmation', clientSecret, reference, kind: 'payment', oneTapMonthly: named};
      vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify(answer), {status: 200}));
      stand.click(() => gateway.fields.submit());
      const result = await gateway.charge({...intent(), amount: 6000, savePaymentMethod: true}, {idempotencyKey: `k-${named}`, ...THANKS});
      expect(result).toEqual(
        named === undefined
          ? {status: 'approved', reference}
          : {status: 'approved', reference, oneTap: {token: clientSecret, amount: named}},
      );
    }
  });

  describe('a payment the endpoint cancelled (its card-testing guard, after repeated declines)', () => {
    /** The endpoint answers the next gift with `clientSecret`: the intent an earlier try under the same key made. */
    const endpointAnswers = (clientSecret: string) =>
      vi.mocked(fetch).mockResolvedValueOnce(
        new Response(JSON.stringify({status: 'requires_confirmation', clientSecret, reference: clientSecret.split('_secret_')[0]}), {
          status: 200,
        }),
      );
    const CANCELLED = {status: 'error', outcome: 'not-charged', retryable: true, detail: 'payment canceled', ended: true};

    it('is nothing charged, to be tried again under a fresh key, when Stripe.js answers the confirmation with it', async () => {
      const {gateway} = await mountedGateway();
      const secret = stand.intent('payment', 6000);
      stand.cancel(secret);
      endpointAnswers(secret);
      stand.click(() => gateway.fields.submit());
      expect(await gateway.charge({...intent(), amount: 6000}, {idempotencyKey: 'k6', ...THANKS})).toEqual(CANCELLED);
    });

    it('is nothing charged, to be tried again under a fresh key, when Stripe is asked after a lost confirmation', async () => {
      const {gateway} = await mountedGateway();
      const secret = stand.intent('payment', 6000);
      stand.cancel(secret);
      endpointAnswers(secret);
      stand.loseNextConfirmation();
      stand.click(() => gateway.fields.submit());
      expect(await gateway.charge({...intent(), amount: 6000}, {idempotencyKey: 'k7', ...THANKS})).toEqual(CANCELLED);
    });
  });

  describe("its endpoint, the base URL of Coral's endpoint", () => {
    const UPGRADE = {reference: 'pi_standin1', token: 'pi_standin1_secret_standin', amount: 2000, currency: 'AUD'};
    /** The addresses the gateway posted a gift and then a monthly upgrade to. */
    async function postedTo(endpoint: string): Promise<string[]> {
      const {gateway} = await mountedGateway({endpoint});
      stand.click(() => gateway.fields.submit());
      expect(await gateway.charge({...intent(), amount: 6000}, {idempotencyKey: 'k8', ...THANKS})).toMatchObject({status: 'approved'});
      vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify({status: 'approved', reference: 'sub_standin9'}), {status: 200}));
      expect(await gateway.upgrade(UPGRADE, {idempotencyKey: 'k9'})).toEqual({status: 'approved', reference: 'sub_standin9'});
      return vi.mocked(fetch).mock.calls.map(([url]) => url as string);
    }

    it.each([
      ['https://pay.example.org', 'https://pay.example.org'],
      ['https://example.org/coral', 'https://example.org/coral'],
      ['https://example.org/coral/', 'https://example.org/coral'],
    ])('under %s, posts gifts to /gifts and upgrades to /gifts/upgrade, and warns of nothing', async (endpoint, base) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(await postedTo(endpoint)).toEqual([`${base}/gifts`, `${base}/gifts/upgrade`]);
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    });

    it('reads an endpoint ending in /gifts as the base URL, with one warning naming the base to use', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(await postedTo('https://example.org/coral/gifts')).toEqual([
        'https://example.org/coral/gifts',
        'https://example.org/coral/gifts/upgrade',
      ]);
      expect(warn).toHaveBeenCalledTimes(1);
      const [message] = warn.mock.calls[0] as [string];
      expect(message).toContain('"https://example.org/coral/gifts"');
      expect(message).toContain('"https://example.org/coral"');
      warn.mockRestore();
    });
  });
});
