/**
 * Stripe, offline, for the browser tests: a page's requests to js.stripe.com,
 * api.stripe.com and the organisation's endpoint are answered here through
 * Playwright routes.
 *
 * - js.stripe.com serves the Stripe.js stand-in (stripe.js) and its payment frame (frame.html);
 * - api.stripe.com answers what that frame sends: it makes a payment method from the typed card or
 *   account, confirms a PaymentIntent with it, and runs the bank's check for a card that asks for one;
 * - checkout.stripe.com serves a hosted payment page for a Checkout Session: paying there settles the
 *   session at the API stand-in and returns to the session's success_url, as Stripe's page does;
 * - the organisation's endpoint is Coral's reference endpoint itself (server/doorway/handler.ts), whose Stripe
 *   client talks to the API stand-in of the endpoint's own tests (server/testing/stripeStandIn.ts), so
 *   both halves meet the same PaymentIntents.
 *
 * Card numbers follow Stripe's documented test cards and BECS test accounts; the behaviour copies
 * Stripe's documentation, not its code.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page, Request as PlaywrightRequest, Route} from '@playwright/test';
import {parseCampaigns} from '../../../server/gifts';
import {createCoralHandler} from '../../../server/doorway';
import {memoryLogger} from '../../../server/http';
import {createMemoryGiftStore} from '../../../server/testing/memoryStore';
import {deliver, TEST_GUARD, WEBHOOK_SECRET} from '../../../server/testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../../../server/testing/stripeStandIn';

export const STRIPE_JS = 'https://js.stripe.com';
export const STRIPE_CHECKOUT = 'https://checkout.stripe.com';
export const STRIPE_API = 'https://api.stripe.com';
/** Where the organisation's endpoint lives in these tests. */
export const ENDPOINT = 'https://pay.example.org';
/** Obviously not a real key: the stand-in takes any pk_test_ key. */
export const PUBLISHABLE_KEY = 'pk_test_coralstandin';

const here = join(process.cwd(), 'tests/e2e/stripe');
const STRIPE_JS_SOURCE = readFileSync(join(here, 'stripe.js'), 'utf8');
const FRAME_SOURCE = readFileSync(join(here, 'frame.html'), 'utf8');

/** Stripe's test payment methods, by what is typed: card numbers, or BSB and account number. */
const PAYMENT_METHODS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_authenticationRequired',
  '000000/000123456': 'pm_auBecsDebit',
};
/** Payment methods that debit a bank account: Stripe keeps their payments `processing` until the bank settles, days later. */
const BANK_DEBITS = new Set(['pm_auBecsDebit']);
/** Cards whose bank asks for a check (3-D Secure) on every payment the supporter makes in the form. */
const CHALLENGED = new Set(['pm_card_authenticationRequired']);
/** Stripe's decline for pm_card_chargeDeclined, as the confirm call answers it. */
const DECLINES: Record<string, {code: string; decline_code: string; message: string}> = {
  pm_card_chargeDeclined: {code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.'},
};

export type CampaignConfig = Record<string, unknown> & {campaign: string};

export type Stand = {
  api: StripeStandIn;
  /** Every request the page made, with its body, in order. */
  requests: {url: string; method: string; body: string; frame: 'page' | 'stripe'}[];
  /** Calls to the organisation's endpoint, by path. */
  endpointCalls: () => string[];
  /** The next call to the endpoint's path fails: dropped before it reaches the endpoint, or after it answered. */
  dropNext: (path: string, when: 'before' | 'after') => void;
  /** The next confirmation at api.stripe.com is dropped after Stripe acted: the answer is lost on its way back. */
  loseNextConfirmation: () => void;
  /** A PaymentIntent as Stripe.js reads it now, by id. */
  paymentIntent: (id: string) => Record<string, unknown> | null;
  close: () => Promise<void>;
};

const json = (route: Route, status: number, body: unknown, headers: Record<string, string> = {}) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
    headers: {'access-control-allow-origin': '*', ...headers},
  });

/** Serves Stripe and the endpoint to `page` for the campaigns given; `origin` is the page's own, the one the endpoint allows. */
export async function standInStripe(page: Page, campaigns: CampaignConfig[], origin: string): Promise<Stand> {
  const api = await startStripeStandIn({clock: () => Math.floor(Date.now() / 1000)});
  const handler = createCoralHandler({
    stripe: api.client(),
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: [origin],
    campaigns: parseCampaigns(campaigns),
    store: createMemoryGiftStore(),
    logger: memoryLogger(),
    guard: TEST_GUARD,
  });
  const requests: Stand['requests'] = [];
  const calls: string[] = [];
  const drops = new Map<string, 'before' | 'after'>();
  let loseConfirmation = false;
  /** Payment intents whose bank check has been passed, and the payment method waiting on one. */
  const waiting = new Map<string, string>();
  /** Payment intents confirmed with a bank debit, by id, and the payment method: processing until the bank settles. */
  const processing = new Map<string, string>();

  page.on('request', (request: PlaywrightRequest) => {
    const fromStripe = request.frame().url().startsWith(STRIPE_JS);
    requests.push({url: request.url(), method: request.method(), body: request.postData() ?? '', frame: fromStripe ? 'stripe' : 'page'});
  });

  await page.route(`${STRIPE_JS}/**`, (route) => {
    const {pathname} = new URL(route.request().url());
    if (pathname === '/stand-in/payment-frame.html') return route.fulfill({contentType: 'text/html', body: FRAME_SOURCE});
    if (/^\/[a-z0-9]+\/stripe\.js$|^\/v3\/?$/.test(pathname))
      return route.fulfill({contentType: 'text/javascript', body: STRIPE_JS_SOURCE});
    return route.fulfill({status: 404, body: ''});
  });

  const intentFor = (clientSecret: string) => {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const reply = api.retrievePaymentIntent(id);
    const intent = reply.body as Record<string, unknown>;
    if (reply.status !== 200 || intent.client_secret !== clientSecret) return null;
    const debit = processing.get(id);
    return debit ? {...intent, status: 'processing', payment_method: debit} : intent;
  };

  /** What Stripe does once a payment is confirmed: sends its events, signed, to the endpoint's webhook. */
  const confirm = async (clientSecret: string, paymentMethod: string) => {
    for (const event of api.confirm(clientSecret, paymentMethod)) {
      await deliver(handler, event, {secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000)});
    }
  };

  /** Stripe's answer to a confirmation: the intent, or the decline as an error that carries it. */
  const settle = async (route: Route, clientSecret: string, paymentMethod: string) => {
    await confirm(clientSecret, paymentMethod);
    const intent = intentFor(clientSecret)!;
    const decline = DECLINES[paymentMethod];
    if (intent.status === 'requires_payment_method' && decline) {
      return json(route, 402, {error: {type: 'card_error', ...decline, payment_intent: intent}});
    }
    return json(route, 200, intent);
  };

  await page.route(`${STRIPE_API}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const params = new URLSearchParams(request.method() === 'GET' ? url.search : (request.postData() ?? ''));
    if (!/^pk_test_/.test(params.get('key') ?? '')) {
      return json(route, 401, {error: {type: 'invalid_request_error', message: 'Invalid API Key provided.'}});
    }
    if (url.pathname === '/v1/payment_methods') {
      const typed =
        params.get('type') === 'card'
          ? (params.get('card[number]') ?? '')
          : `${params.get('au_becs_debit[bsb_number]')}/${params.get('au_becs_debit[account_number]')}`;
      const id = PAYMENT_METHODS[typed];
      if (!id) return json(route, 402, {error: {type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.'}});
      return json(route, 200, {id, object: 'payment_method', type: params.get('type')});
    }
    const confirming = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (confirming) {
      const clientSecret = params.get('client_secret') ?? '';
      const intent = intentFor(clientSecret);
      if (!intent)
        return json(route, 404, {error: {type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.'}});
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        const message =
          intent.status === 'succeeded'
            ? 'You cannot confirm this PaymentIntent because it has already succeeded.'
            : 'You cannot confirm this PaymentIntent because it has a status of processing.';
        return json(route, 400, {
          error: {type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: intent},
        });
      }
      const paymentMethod = params.get('payment_method') ?? '';
      if (CHALLENGED.has(paymentMethod)) {
        waiting.set(String(intent.id), paymentMethod);
        return json(route, 200, {...intent, status: 'requires_action', next_action: {type: 'use_stripe_sdk'}});
      }
      if (BANK_DEBITS.has(paymentMethod)) {
        // The debit is under way: Stripe answers `processing`, and only the bank's answer, days later, settles it.
        processing.set(String(intent.id), paymentMethod);
        return json(route, 200, intentFor(clientSecret));
      }
      if (loseConfirmation) {
        loseConfirmation = false;
        await confirm(clientSecret, paymentMethod);
        return route.abort('connectionreset');
      }
      return settle(route, clientSecret, paymentMethod);
    }
    if (url.pathname === '/v1/3ds2/authenticate') {
      const clientSecret = params.get('client_secret') ?? '';
      const paymentMethod = waiting.get(params.get('payment_intent') ?? '');
      if (!paymentMethod || !intentFor(clientSecret))
        return json(route, 400, {error: {type: 'invalid_request_error', message: 'Nothing to check.'}});
      waiting.delete(params.get('payment_intent') ?? '');
      if (params.get('outcome') === 'succeeded') return settle(route, clientSecret, paymentMethod);
      const intent = intentFor(clientSecret)!;
      const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      return json(route, 400, {
        error: {type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message, payment_intent: intent},
      });
    }
    const reading = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (reading && request.method() === 'GET') {
      const intent = intentFor(params.get('client_secret') ?? '');
      return intent ? json(route, 200, intent) : json(route, 404, {error: {type: 'invalid_request_error', code: 'resource_missing'}});
    }
    return json(route, 404, {error: {type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname}).`}});
  });

  await page.route(`${STRIPE_CHECKOUT}/**`, (route) => {
    const {pathname} = new URL(route.request().url());
    const [, id = '', action] = /^\/c\/pay\/([^/]+)(?:\/(pay))?$/.exec(pathname) ?? [];
    const session = api.checkoutSessions.get(id);
    if (!session) return route.fulfill({status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>'});
    if (action === 'pay') {
      api.completeCheckout(id);
      const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id);
      // Stripe's page sends the supporter back from the page itself once the payment is made.
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${back}"><title>Paid</title></head><body><a href="${back}">Return</a></body></html>`,
      });
    }
    const amount = ((session.amount_total as number | undefined) ?? 0) / 100;
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head><body><h1>Pay ${String(session.currency).toUpperCase()} ${amount}</h1><a href="/c/pay/${id}/pay">Pay now</a> <a href="${String(session.cancel_url)}">Back</a></body></html>`,
    });
  });

  await page.route(`${ENDPOINT}/**`, async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST') calls.push(path);
    const drop = request.method() === 'POST' ? drops.get(path) : undefined;
    if (drop) drops.delete(path);
    if (drop === 'before') return route.abort('connectionreset');
    const raw = request.method() === 'GET' || request.method() === 'HEAD' ? null : request.postDataBuffer();
    const body = raw ? new Uint8Array(raw) : undefined;
    const answer = await handler(new Request(request.url(), {method: request.method(), headers: await request.allHeaders(), body}));
    if (drop === 'after') return route.abort('connectionreset');
    return route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });

  return {
    api,
    requests,
    endpointCalls: () => [...calls],
    dropNext: (path, when) => drops.set(path, when),
    loseNextConfirmation: () => {
      loseConfirmation = true;
    },
    paymentIntent: (id) => {
      const secret = (api.retrievePaymentIntent(id).body as Record<string, unknown>).client_secret;
      return typeof secret === 'string' ? intentFor(secret) : null;
    },
    close: () => api.close(),
  };
}
