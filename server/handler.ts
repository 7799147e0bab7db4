/**
 * Coral's reference endpoint: one function from a web-platform Request to a
 * Response, so the same code serves Node (server/node.ts), Cloudflare
 * Workers (server/worker.ts), Vercel, Netlify and AWS Lambda through their
 * Request/Response adapters.
 *
 *   POST /gifts                    check a gift, create its PaymentIntent or Subscription, answer its client secret
 *   POST /gifts/upgrade            the thank-you page's one-tap monthly gift, on the payment method saved with consent
 *   POST /checkout                 check a gift, create a Stripe Checkout Session, answer the address of Stripe's payment page
 *   POST /webhooks/stripe          Stripe's signed events: each payment recorded once
 *   POST /signatures               a powerform's signature, lead or daisychain signup: one per email and campaign
 *   GET  /campaigns/<id>/count     a petition's live count
 *   GET  /export                   the records as CSV, for the bearer of the export token
 *   POST /supporters/…             a supporter's records, erasure and correction, for the bearer of the privacy token
 *   GET  /health                   200 while the database answers
 */
import type Stripe from 'stripe';
import {GIFT_ANSWER_MS, type SignatureAnswer} from '../src/coral/contract';
import {type DonateFormConfig, type PowerformConfig} from '../src/coral/contract/library';
import {fromStripeError, logLine, rejected, type Answer} from './answers';
import {MAX_EVENT_BYTES, readCapped, readJson} from './body';
import {checkCheckout, createCheckout} from './checkout';
import {type Database, isUnavailable} from './db/database';
import {answerExport} from './export';
import {checkGift, consentOf, type CheckedGift} from './gift';
import type {Address} from './guard/address';
import {createGuard, type RequestContext} from './guard/guard';
import type {GuardSettings} from './guard/settings';
import {consoleLogger, type Logger} from './log';
import {answerSupporterRoute, isSupporterRoute} from './routes/supporters';
import {screenBody} from './screen';
import {checkSignature} from './signature';
import {termsOf, type GiftStore} from './store';
import {campaignProducts, createGift} from './stripeGifts';
import {upgradeGift} from './upgrade';
import {checkEvent, MalformedEvent, recordEvent, WEBHOOK_API_VERSION} from './webhooks';

export type CoralHandlerOptions = {
  /** A Stripe client made with the secret key from the environment; null when this endpoint takes signatures only. */
  stripe: Stripe | null;
  /** The webhook endpoint's signing secret (whsec_…), from the environment. */
  webhookSecret: string | null;
  /** Origins of the pages whose forms may post here, e.g. https://www.example.org. Any other origin is refused. */
  allowedOrigins: readonly string[];
  /** The donate form campaigns this endpoint takes gifts for, by id. */
  campaigns: ReadonlyMap<string, DonateFormConfig>;
  /** The powerform campaigns this endpoint takes signatures for, by id. */
  powerforms?: ReadonlyMap<string, PowerformConfig>;
  store: GiftStore;
  /** The database behind the store, for export; without one, export is off. */
  db?: Database;
  /** The bearer token GET /export asks for; null or absent turns export off. */
  exportToken?: string | null;
  /** The bearer token the /supporters/ routes ask for (routes/supporters.ts); null or absent turns them off. */
  privacyToken?: string | null;
  /** Whether the store queues records for a CRM: an erasure or a correction is then sent on too. */
  forwarding?: boolean;
  /** Milliseconds since the epoch; a test sets the clock. */
  now?: () => number;
  /** Where the routes live, when a host mounts the handler under a path, e.g. "/api/coral". */
  basePath?: string;
  /** The operator's log; each request's entries carry its request id. */
  logger?: Logger;
  /** How long a gift route may take before it answers that the outcome is not yet known; a test shortens it. */
  answerWithinMs?: number;
  /** The card-testing guard's limits, proxies, bot check and secret (server/guard/settings.ts); its secret is required with `stripe`. */
  guard?: GuardSettings;
  /** Tests only: where the bot check's siteverify is asked, instead of Cloudflare. */
  siteverify?: {url?: string; fetch?: typeof fetch};
};

/** The handler, and a promise of the moment every gift still being made after its answer has been kept. */
export type CoralHandler = ((request: Request, context?: RequestContext) => Promise<Response>) & {settled: () => Promise<void>};

/**
 * One Stripe call: 4 s for an answer, tried once more after a network failure, so one call ends within about 9 s,
 * inside GIFT_ANSWER_MS, which the handler keeps anyway, and well inside the form's wait.
 */
export const STRIPE_CALL_LIMITS = {timeout: 4_000, maxNetworkRetries: 1};

// Long enough that two browsers never pick the same one; only characters safe to pass on to Stripe.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,200}$/;

const COUNT_ROUTE = /^\/campaigns\/([A-Za-z0-9_-]{1,64})\/count$/;

/** What a request is answered when the records cannot be reached: nothing was kept, and the same request may be sent again. */
const UNAVAILABLE: Answer = {
  status: 503,
  body: {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the records could not be reached; send the same request again'},
};

function respond({status, body}: Answer, headers: Headers = new Headers()): Response {
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), {status, headers});
}

function corsHeaders(origin: string): Headers {
  return new Headers({'access-control-allow-origin': origin, vary: 'Origin'});
}

const POSTED_ROUTES = new Set(['/gifts', '/gifts/upgrade', '/checkout', '/signatures']);

export function createCoralHandler(options: CoralHandlerOptions): CoralHandler {
  const {stripe, store} = options;
  const now = options.now ?? Date.now;
  const rootLog = options.logger ?? consoleLogger();
  const allowed = new Set(options.allowedOrigins);
  const powerforms = options.powerforms ?? new Map<string, PowerformConfig>();
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const productFor = stripe ? campaignProducts(stripe) : null;
  const seconds = () => Math.floor(now() / 1000);
  const answerWithinMs = options.answerWithinMs ?? GIFT_ANSWER_MS;
  /** Gift routes whose answer went out before Stripe's did: each still keeps its gift when Stripe answers. */
  const late = new Set<Promise<unknown>>();
  // The gift routes count requests under keyed hashes: no gift is taken without the key.
  if (stripe && !options.guard?.secret) throw new Error('createCoralHandler: taking gifts needs guard.secret (CORAL_GUARD_SECRET)');
  const guard = createGuard({settings: options.guard, store, stripe, seconds, siteverify: options.siteverify});

  /** Runs a step that calls Stripe or the database, turning their errors into the answers the form understands. */
  async function guarded(log: Logger, step: () => Promise<Answer>): Promise<Answer> {
    try {
      return await step();
    } catch (error) {
      if (isUnavailable(error)) {
        log.error({error: (error as Error).name, code: (error as {code?: unknown}).code}, 'the database did not answer');
        return UNAVAILABLE;
      }
      const answer = fromStripeError(error);
      if (answer.status >= 500) log.error({error: logLine(error)}, 'a Stripe call failed');
      return answer;
    }
  }

  /**
   * Runs a gift route's Stripe calls within the form's patience: the answer goes out by `answerWithinMs` whatever
   * Stripe does. If Stripe has not answered by then, the supporter is told the outcome is unknown and may send the
   * same request again, which meets the same objects; the calls run on and keep what they make.
   */
  async function inTime(log: Logger, step: () => Promise<Answer>): Promise<Answer> {
    const work = guarded(log, step);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), answerWithinMs)));
    const answer = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (answer !== null) return answer;
    log.warn({withinMs: answerWithinMs}, 'Stripe did not answer in time: the supporter may send the same request again');
    const running = work.finally(() => late.delete(running));
    late.add(running);
    return {
      status: 503,
      body: {
        status: 'error',
        outcome: 'unknown',
        retryable: true,
        detail: 'the payment service is slow to answer; send the same request again',
      },
    };
  }

  /** Keeps a gift Stripe has made, with the supporter's details and the consent wording the campaign showed. */
  async function keep(gift: CheckedGift, reference: string, key: string, via: 'gifts' | 'checkout' | 'upgrade'): Promise<void> {
    const {firstName, lastName, email, phone, postcode, address, consent} = gift.supporter;
    await store.keepGift({
      reference,
      idempotencyKey: key,
      via,
      campaign: gift.campaign,
      sourceCode: gift.sourceCode ?? null,
      ...termsOf(gift),
      supporter: {firstName, lastName, email, phone, postcode, address},
      consent: {given: consent, ...(await consentOf(gift.config))},
      utm: gift.utm,
      upgradeFrom: gift.upgrade ? gift.upgrade.from : null,
      createdAt: seconds(),
    });
  }

  const payments = (): {stripe: Stripe; productFor: (campaign: string) => Promise<string>} | null =>
    stripe && productFor ? {stripe, productFor} : null;

  /** Counts a gift request and checks its bot check before anything is made at Stripe: null to go on. */
  const admit = (gift: CheckedGift, address: Address | null, log: Logger) =>
    guard.admit({address, email: gift.supporter.email ?? null, botCheck: gift.botCheck ?? null}, log);

  async function gifts(body: unknown, key: string, log: Logger, address: Address | null): Promise<Answer> {
    const ready = payments();
    if (!ready) return rejected('this endpoint takes no gifts', 404);
    const checked = checkGift(body, options.campaigns);
    if (!checked.ok) return rejected(checked.reason);
    const gift = checked.value;
    return inTime(log, async () => {
      const refused = await admit(gift, address, log);
      if (refused) return refused;
      const pending = await createGift(ready.stripe, ready.productFor, gift, key);
      await keep(gift, pending.reference, key, 'gifts');
      return {status: 200, body: {status: 'requires_confirmation', ...pending}};
    });
  }

  async function checkout(body: unknown, key: string, log: Logger, address: Address | null): Promise<Answer> {
    const ready = payments();
    if (!ready) return rejected('this endpoint takes no gifts', 404);
    const checked = checkCheckout(body, options.campaigns, allowed);
    if (!checked.ok) return rejected(checked.reason);
    const {gift, urls} = checked.value;
    return inTime(log, async () => {
      const refused = await admit(gift, address, log);
      if (refused) return refused;
      const session = await createCheckout(ready.stripe, ready.productFor, gift, urls, key);
      await keep(gift, session.reference, key, 'checkout');
      return {status: 200, body: {status: 'redirect', ...session}};
    });
  }

  async function upgrade(body: unknown, key: string, log: Logger, address: Address | null): Promise<Answer> {
    const ready = payments();
    if (!ready) return rejected('this endpoint takes no gifts', 404);
    const keepUpgrade = (gift: CheckedGift, reference: string) => keep(gift, reference, key, 'upgrade');
    // Stripe's key comes from the first gift, not from `key`: every tap, whatever its key, asks for the same monthly gift.
    return inTime(
      log,
      async () =>
        (await guard.admit({address, email: null, botCheck: null, upgrade: true}, log)) ??
        upgradeGift({...ready, campaigns: options.campaigns, store, nowSeconds: seconds(), keep: keepUpgrade}, body),
    );
  }

  async function signatures(body: unknown, key: string, log: Logger): Promise<Answer> {
    const checked = await checkSignature(body, powerforms);
    // 422: the browser's gateway reads it as the endpoint's considered refusal, not a fault to retry.
    if (!checked.ok) return rejected(checked.reason, 422);
    const signature = checked.value;
    return guarded(log, async () => {
      const signed = await store.sign({
        idempotencyKey: key,
        campaign: signature.campaign,
        kind: signature.kind,
        sourceCode: signature.sourceCode ?? null,
        supporter: signature.supporter,
        answer: signature.answer ?? null,
        consent: signature.consent,
        utm: signature.utm,
        createdAt: seconds(),
      });
      log.info({campaign: signature.campaign, kind: signature.kind, created: signed.created}, 'signature');
      const answer: SignatureAnswer = {status: 'accepted', reference: signed.reference, ...(signed.created ? {} : {alreadySigned: true})};
      return {status: 200, body: answer};
    });
  }

  async function count(campaign: string, log: Logger): Promise<Answer> {
    const config = powerforms.get(campaign);
    if (!config) return rejected('not a petition this endpoint counts', 404);
    // The campaign's configured count is what was gathered before this endpoint; every signature kept here adds to it.
    return guarded(log, async () => ({status: 200, body: {campaign, count: config.counter.count + (await store.count(campaign))}}));
  }

  async function webhook(request: Request, log: Logger): Promise<Answer> {
    if (!stripe || !options.webhookSecret) return rejected('this endpoint takes no gifts', 404);
    const signature = request.headers.get('stripe-signature');
    if (!signature) return rejected('missing Stripe-Signature header');
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const read = await readCapped(request, MAX_EVENT_BYTES);
    if (!read.ok) return read.answer;
    const payload = new TextDecoder().decode(read.bytes);
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, options.webhookSecret, undefined, undefined, now());
    } catch {
      return rejected('the signature does not match this endpoint’s webhook secret');
    }
    try {
      checkEvent(event);
    } catch (error) {
      if (error instanceof MalformedEvent) return malformed(error, event, log);
      throw error;
    }
    if (event.api_version !== WEBHOOK_API_VERSION) {
      // In another version's shape the event would be misread and answered 200, and Stripe would never send it again:
      // a 5xx keeps it coming back until the webhook endpoint is made with the version this endpoint reads.
      log.error(
        {event: event.id, type: event.type, apiVersion: event.api_version, expected: WEBHOOK_API_VERSION},
        `the event is in Stripe API version ${event.api_version ?? '(none)'}, this endpoint reads ${WEBHOOK_API_VERSION}: create the webhook endpoint with API version ${WEBHOOK_API_VERSION}`,
      );
      return {status: 500, body: {received: false}};
    }
    try {
      const recorded = await recordEvent(event, store, seconds(), stripe);
      await guard.afterEvent(event, log);
      log.info({event: event.id, type: event.type, recorded}, 'stripe event');
      return {status: 200, body: {received: true, recorded}};
    } catch (error) {
      if (error instanceof MalformedEvent) return malformed(error, event, log);
      // A 5xx makes Stripe deliver the event again later, which the keyed store makes safe.
      log.error({event: event.id, error: logLine(error)}, 'a Stripe event could not be recorded');
      return {status: 500, body: {received: false}};
    }
  }

  /** A signed event without a field Stripe always sends: one line naming the field (never the payload), and a 400 Stripe shows. */
  function malformed(error: MalformedEvent, event: unknown, log: Logger): Answer {
    const {id, type} = (typeof event === 'object' && event !== null ? event : {}) as {id?: unknown; type?: unknown};
    const named = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null);
    log.error({event: named(id), type: named(type), missing: error.field}, 'a signed event lacks a field Stripe always sends');
    return rejected(error.message);
  }

  async function health(): Promise<Answer> {
    try {
      await store.ping();
      return {status: 200, body: {status: 'ok'}};
    } catch {
      return {status: 503, body: {status: 'error', retryable: true, detail: 'the database does not answer'}};
    }
  }

  /** Origins, preflights, the body and the idempotency key, for every route a page posts to. */
  async function posted(request: Request, route: string, log: Logger, context?: RequestContext): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send here', 403));
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
    // Refused before anything else reads the body or anything is kept, and a value is never echoed: only where it was.
    const refused = screenBody(route, read.value);
    if (refused !== null) return respond(refused, cors);
    const key = request.headers.get('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return respond(rejected('expected an Idempotency-Key header of 16 to 200 letters, digits, dashes or underscores'), cors);
    }
    // A key always meets the objects its first request made, so the same key on another route starts nothing new.
    let first: string;
    try {
      first = await store.claimKey(key, route, seconds());
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      log.error({error: (error as Error).name}, 'the database did not answer');
      return respond(UNAVAILABLE, cors);
    }
    if (first !== route)
      return respond(rejected(`this Idempotency-Key was first sent to ${first}: a new request needs a new key`, 422), cors);
    // Namespaced so Coral's keys never meet another integration's on the same Stripe account.
    const stripeKey = `coral:${key}`;
    const address = guard.addressOf(request, context);
    const answer =
      route === '/gifts'
        ? await gifts(read.value, stripeKey, log, address)
        : route === '/checkout'
          ? await checkout(read.value, stripeKey, log, address)
          : route === '/gifts/upgrade'
            ? await upgrade(read.value, stripeKey, log, address)
            : await signatures(read.value, key, log);
    // A rate limit says when to come back, in the header too, which the page's script may read.
    if (typeof answer.body.retryAfter === 'number') {
      cors.set('retry-after', String(answer.body.retryAfter));
      cors.set('access-control-expose-headers', 'retry-after');
    }
    return respond(answer, cors);
  }

  async function route(request: Request, path: string | null, log: Logger, context?: RequestContext): Promise<Response> {
    if (path === '/webhooks/stripe') {
      return request.method === 'POST' ? respond(await webhook(request, log)) : respond(rejected('use POST', 405));
    }
    if (path !== null && POSTED_ROUTES.has(path)) return posted(request, path, log, context);
    if (path === '/health') return respond(await health());
    if (path === '/export') {
      return options.db
        ? answerExport(request, {db: options.db, token: options.exportToken ?? null, now})
        : respond(rejected('not found', 404));
    }
    if (path !== null && isSupporterRoute(path)) {
      const {db} = options;
      const deps = {db: db!, stripe, guardSecret: options.guard?.secret ?? null, outbox: options.forwarding ?? false, now, log};
      return respond(await answerSupporterRoute(request, path, {...deps, token: db ? (options.privacyToken ?? null) : null}));
    }
    const counted = path === null ? null : COUNT_ROUTE.exec(path);
    if (counted) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return respond(rejected('use GET', 405));
      // A page on another origin reads the count through CORS; one on this endpoint's own origin sends no Origin.
      const origin = request.headers.get('origin');
      if (origin !== null && !allowed.has(origin)) return respond(rejected('this origin may not read the count', 403));
      const headers = origin === null ? new Headers({vary: 'Origin'}) : corsHeaders(origin);
      const answer = await count(counted[1]!, log);
      // A shared cache (a CDN) may serve one count to a busy page's visitors for a few seconds; a browser asks
      // afresh each time, so a signer who reloads never sees the count from before their signature.
      if (answer.status === 200) headers.set('cache-control', 'public, max-age=0, s-maxage=5');
      return respond(answer, headers);
    }
    return respond(rejected('not found', 404));
  }

  /** `context`: what the host knows beyond the request, e.g. the peer's address (node.ts, worker.ts). */
  const handle = async (request: Request, context?: RequestContext): Promise<Response> => {
    const started = now();
    const requestId = crypto.randomUUID();
    const path = new URL(request.url).pathname;
    const routePath = path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : null;
    const log = rootLog.child({requestId});
    let response: Response;
    try {
      response = await route(request, routePath, log, context);
    } catch (error) {
      log.error({error: error instanceof Error ? error.name : 'error'}, 'the request failed');
      response = respond({status: 500, body: {status: 'error', outcome: 'unknown', retryable: false, detail: 'the endpoint failed'}});
    }
    response.headers.set('x-request-id', requestId);
    log.info({method: request.method, route: routePath ?? path, status: response.status, ms: now() - started}, 'request');
    return response;
  };
  return Object.assign(handle, {
    settled: async () => {
      while (late.size > 0) await Promise.allSettled([...late]);
    },
  });
}
