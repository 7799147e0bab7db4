/**
 * The order the stripe gateway keeps: the Element's check (started by the
 * supporter's click) first, then every change to the gift applied to the
 * Elements, then the endpoint, then Stripe's confirmation. Stripe.js is a small
 * stand-in here that refuses what Stripe.js refuses on that path; the browser
 * tests (tests/e2e/payments.spec.ts) run the whole flow against a fuller one.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {FieldsSetup} from '../gateway';
import {intent} from '../../testing';

type Options = {amount: number; currency: string; mode: string};

/** What happened, in order: Stripe.js calls and the endpoint's POST. */
let calls: string[] = [];
/** Updates sent to the Elements, each applied when the test lets it. */
let pendingUpdates: Array<() => void> = [];

function standInStripe() {
  let applied: Options | null = null;
  let submitted = false;
  const element = {on: () => element, mount: () => undefined, destroy: () => undefined, focus: () => undefined};
  const elements = {
    create: () => element,
    update: (next: Partial<Options>) => {
      calls.push(`update ${next.amount}`);
      // Stripe.js resolves once the fields have taken the change; until then the Elements keep the old options.
      return new Promise<void>((resolve) =>
        pendingUpdates.push(() => {
          applied = {...applied!, ...next};
          resolve();
        }),
      );
    },
    submit: async () => {
      calls.push('submit');
      submitted = true;
      return {selectedPaymentMethod: 'card'};
    },
  };
  return {
    elements: (options: Options) => {
      applied = {...options};
      return elements;
    },
    confirmPayment: async ({clientSecret}: {clientSecret: string}) => {
      calls.push('confirm');
      if (!submitted) throw new Error('IntegrationError: elements.submit() must be called before stripe.confirmPayment().');
      const amount = Number(/amount(\d+)/.exec(clientSecret)?.[1]);
      if (applied!.amount !== amount) {
        const message = `The provided amount (${amount}) does not match the expected amount (${applied!.amount}).`;
        return {error: {type: 'invalid_request_error', message}};
      }
      return {paymentIntent: {id: 'pi_standin', status: 'succeeded'}};
    },
    retrievePaymentIntent: async () => ({paymentIntent: {id: 'pi_standin', status: 'requires_payment_method', last_payment_error: null}}),
  };
}

vi.mock('@stripe/stripe-js/pure', () => ({loadStripe: async () => standInStripe()}));

const LOOK = {dark: false, accent: '#000', surface: '#fff', text: '#000', muted: '#444', error: '#c00', radius: '4px', font: 'serif'};
const setup = (amount: number): FieldsSetup => ({
  amount,
  currency: 'AUD',
  frequency: 'one-off',
  methods: ['card'],
  saveCard: false,
  locale: 'en-AU',
  look: LOOK,
});

/** Lets every settled promise run its callbacks, and a timer's turn pass. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  calls = [];
  pendingUpdates = [];
  // The endpoint: it makes the intent for the gift's amount, which the client secret carries here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const {amount} = JSON.parse(init.body as string) as {amount: number};
      calls.push(`post ${amount}`);
      const body = {status: 'requires_confirmation', clientSecret: `pi_standin_secret_amount${amount}`, reference: 'pi_standin'};
      return new Response(JSON.stringify(body), {status: 200, headers: {'content-type': 'application/json'}});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function mountedGateway() {
  const {createStripeGateway} = await import('./gateway');
  const gateway = createStripeGateway({
    publishableKey: 'pk_test_coralunit',
    endpoint: 'https://pay.example.org',
    wallets: true,
    saveCardForUpgrade: false,
    timeoutMs: 5000,
  });
  const fields = gateway.fields.mount({} as HTMLElement, setup(6000), () => undefined);
  await settle();
  return {gateway, fields};
}

describe('stripe gateway', () => {
  it('checks the fields with the check the click started, before anything else', async () => {
    const {gateway} = await mountedGateway();
    gateway.fields.submit();
    const result = await gateway.charge({...intent(), amount: 6000}, {idempotencyKey: 'k1', returnUrl: 'https://example.org/thanks'});
    expect(result).toEqual({status: 'approved', reference: 'pi_standin'});
    expect(calls).toEqual(['submit', 'post 6000', 'confirm']);
  });

  it('sends the gift only once the Elements hold it, so the intent and the Elements agree', async () => {
    const {gateway, fields} = await mountedGateway();
    fields.update(setup(12000));
    gateway.fields.submit();
    const charged = gateway.charge({...intent(), amount: 12000}, {idempotencyKey: 'k2', returnUrl: 'https://example.org/thanks'});
    await settle();
    expect(calls).toEqual(['update 12000', 'submit']);
    pendingUpdates.shift()!();
    expect(await charged).toEqual({status: 'approved', reference: 'pi_standin'});
    expect(calls).toEqual(['update 12000', 'submit', 'post 12000', 'confirm']);
  });

  it('reads a confirmation Stripe.js refused before trying any payment as nothing charged, not as a decline', async () => {
    const {gateway} = await mountedGateway();
    gateway.fields.submit();
    // The Elements still hold A$60: Stripe.js refuses to confirm an intent for A$70 with them, and the intent is untouched.
    const result = await gateway.charge({...intent(), amount: 7000}, {idempotencyKey: 'k3', returnUrl: 'https://example.org/thanks'});
    expect(result).toMatchObject({status: 'error', outcome: 'not-charged', retryable: true});
    expect(calls).toEqual(['submit', 'post 7000', 'confirm']);
  });
});
