/**
 * Coral's reference payment endpoint: one function from a web-platform
 * Request to a Response, so the same code serves Node (server/node.ts),
 * Cloudflare Workers (server/worker.ts), Vercel, Netlify and AWS Lambda
 * through their Request/Response adapters.
 *
 *   POST /gifts             check a gift, create its PaymentIntent or Subscription, answer its client secret
 *   POST /gifts/upgrade     the thank-you page's one-tap monthly gift, on the payment method saved with consent
 *   POST /checkout          check a gift, create a Stripe Checkout Session, answer the address of Stripe's payment page
 *   POST /webhooks/stripe   Stripe's signed events: each gift recorded once
 */
import type Stripe from 'stripe';
import type {DonateFormConfig} from '../src/coral/donate-form/schema';
import {fromStripeError, logLine, rejected, type Answer} from './answers';
import {findCardData} from './cardData';
import {checkCheckout, createCheckout, settleCheckout} from './checkout';
import {checkGift} from './gift';
import {campaignProducts, createGift} from './stripeGifts';
import type {GiftStore} from './store';
import {upgradeGift} from './upgrade';
import {recordEvent} from './webhooks';

export type CoralHandlerOptions = {
  /** A Stripe client made with the secret key from the environment. */
  stripe: Stripe;
  /** The webhook endpoint's signing secret (whsec_…), from the environment. */
  webhookSecret: string;
  /** Origins of the pages whose forms may post gifts, e.g. https://www.example.org. Any other origin is refused. */
  allowedOrigins: readonly string[];
  /** The campaigns this endpoint takes gifts for, by id: see parseCampaigns in ./gift. */
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  store: GiftStore;
  /** Milliseconds since the epoch; a test sets the clock. */
  now?: () => number;
  /** Where the routes live, when a host mounts the handler under a path, e.g. "/api/coral". */
  basePath?: string;
  /** The operator's log: one line per unexpected error, never a request body. */
  log?: (line: string) => void;
};

/** A gift's JSON is small; anything bigger is not a gift. */
const MAX_BODY_BYTES = 16 * 1024;

// Long enough that two browsers never pick the same one; only characters safe to pass on to Stripe.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,200}$/;

function respond({status, body}: Answer, headers: Headers = new Headers()): Response {
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), {status, headers});
}

function corsHeaders(origin: string): Headers {
  return new Headers({'access-control-allow-origin': origin, vary: 'Origin'});
}

async function readJson(request: Request): Promise<{ok: true; value: unknown} | {ok: false; answer: Answer}> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return {ok: false, answer: rejected('expected a JSON body (Content-Type: application/json)', 415)};
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return {ok: false, answer: rejected('the body is too large for a gift', 413)};
  try {
    return {ok: true, value: JSON.parse(new TextDecoder().decode(bytes))};
  } catch {
    return {ok: false, answer: rejected('the body is not valid JSON')};
  }
}

export function createCoralHandler(options: CoralHandlerOptions): (request: Request) => Promise<Response> {
  const {stripe, store} = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const allowed = new Set(options.allowedOrigins);
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const productFor = campaignProducts(stripe);

  /** Runs a Stripe step, turning its errors into the answers the form understands. */
  async function withStripe(step: () => Promise<Answer>): Promise<Answer> {
    try {
      return await step();
    } catch (error) {
      const answer = fromStripeError(error);
      if (answer.status >= 500) log(logLine(error));
      return answer;
    }
  }

  async function gifts(body: unknown, key: string): Promise<Answer> {
    const checked = checkGift(body, options.campaigns);
    if (!checked.ok) return rejected(checked.reason);
    const gift = checked.value;
    return withStripe(async () => {
      const pending = await createGift(stripe, productFor, gift, key);
      return {status: 200, body: {status: 'requires_confirmation', ...pending}};
    });
  }

  async function checkout(body: unknown, key: string): Promise<Answer> {
    const checked = checkCheckout(body, options.campaigns, allowed);
    if (!checked.ok) return rejected(checked.reason);
    const {gift, urls} = checked.value;
    return withStripe(async () => {
      const session = await createCheckout(stripe, productFor, gift, urls, key);
      return {status: 200, body: {status: 'redirect', ...session}};
    });
  }

  async function webhook(request: Request): Promise<Answer> {
    const signature = request.headers.get('stripe-signature');
    if (!signature) return rejected('missing Stripe-Signature header');
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const payload = await request.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, options.webhookSecret, undefined, undefined, now());
    } catch {
      return rejected('the signature does not match this endpoint’s webhook secret');
    }
    try {
      // A daily gift's term first: should Stripe fail here, the 500 brings the event back, and nothing was recorded yet.
      await settleCheckout(event, stripe);
      const recorded = await recordEvent(event, store, Math.floor(now() / 1000));
      return {status: 200, body: {received: true, recorded}};
    } catch (error) {
      // A 5xx makes Stripe deliver the event again later, which the keyed store makes safe.
      log(logLine(error));
      return {status: 500, body: {received: false}};
    }
  }

  return async (request) => {
    const path = new URL(request.url).pathname;
    const route = path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : null;
    if (route === '/webhooks/stripe') {
      return request.method === 'POST' ? respond(await webhook(request)) : respond(rejected('use POST', 405));
    }
    if (route !== '/gifts' && route !== '/gifts/upgrade' && route !== '/checkout') return respond(rejected('not found', 404));

    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send gifts here', 403));
    const cors = corsHeaders(origin);
    if (request.method === 'OPTIONS') {
      cors.set('access-control-allow-methods', 'POST');
      cors.set('access-control-allow-headers', 'content-type, idempotency-key');
      cors.set('access-control-max-age', '600');
      return new Response(null, {status: 204, headers: cors});
    }
    if (request.method !== 'POST') return respond(rejected('use POST', 405), cors);

    const read = await readJson(request);
    if (!read.ok) return respond(read.answer, cors);
    // Refused before anything else reads the body, and the value is never echoed: only where it was.
    const cardAt = findCardData(read.value);
    if (cardAt !== null) {
      return respond(rejected(`card details are never sent here (found at ${cardAt}): Stripe.js sends them to Stripe`), cors);
    }
    const key = request.headers.get('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return respond(rejected('expected an Idempotency-Key header of 16 to 200 letters, digits, dashes or underscores'), cors);
    }
    // Namespaced so Coral's keys never meet another integration's on the same Stripe account.
    const stripeKey = `coral:${key}`;
    if (route === '/gifts') return respond(await gifts(read.value, stripeKey), cors);
    if (route === '/checkout') return respond(await checkout(read.value, stripeKey), cors);
    const answer = await withStripe(() =>
      upgradeGift({stripe, campaigns: options.campaigns, store, productFor, nowSeconds: Math.floor(now() / 1000)}, read.value, stripeKey),
    );
    return respond(answer, cors);
  };
}
