/**
 * Coral's reference endpoint: one function from a web-platform Request to a Response, so the same code serves Node
 * (server/node.ts), Cloudflare Workers (server/worker.ts), Vercel, Netlify and AWS Lambda through their
 * Request/Response adapters. This file holds the table of routes (one module each, in routes/) and the doorway: what
 * is checked of a request before its route is asked, by who sends it.
 */
import {GIFT_ANSWER_MS, ROUTES, type RoutePath} from '../src/coral/contract';
import type {PowerformConfig} from '../src/coral/contract/library';
import {readJson} from './body';
import {isUnavailable} from './db/database';
import {newestPowerforms, publishedConfigs} from './forms/versions';
import {createGuard, type RequestContext} from './guard/guard';
import {consoleLogger, type Logger} from './log';
import type {CoralHandler, CoralHandlerOptions} from './options';
import {rejected, respond, type Reply} from './reply';
import {answerCheckout} from './routes/checkout';
import {answerCount, COUNT_PATH, sharedCounts} from './routes/count';
import {answerExport} from './routes/export';
import {answerForm, answerFormList, answerPublish, FORM_PATH} from './routes/forms';
import {answerGift} from './routes/gifts';
import {answerEvent, type EventRequestContext} from './routes/events';
import {answerHealth} from './routes/health';
import {answerResultsPage, answerResultsScript} from './routes/resultsPage';
import {answerSignIn, answerSignOut} from './routes/signIn';
import {answerResults, RESULTS_PATH} from './routes/results';
import {publishedVariants} from './results/events';
import {UNAVAILABLE, type PageRequest} from './routes/shared';
import {stripeDeadline} from './routes/giftParts';
import {answerSignature} from './routes/signatures';
import {answerSupporterRoute, SUPPORTER_ROUTE_NAMES, type SupporterRoute} from './routes/supporters';
import {answerUpgrade} from './routes/upgrade';
import {answerWebhook} from './routes/webhook';
import {sessionCookie} from './results/session';
import {screenBody, type PostedRoute} from './screen';
import {campaignProducts} from './stripeGifts';

export {STRIPE_CALL_LIMITS, type CoralHandler, type CoralHandlerOptions} from './options';

// Long enough that two browsers never pick the same one; only characters safe to pass on to Stripe.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,200}$/;

/** An event is a few hundred bytes: a form, a kind, a visitor id and the utm values. */
const MAX_EVENT_BODY_BYTES = 2048;

/**
 * A route of the contract's table (src/coral/contract/paths.ts), by who sends it, which decides its doorway:
 * - `page`: a form on an allowed origin. CORS and its preflight, a JSON body screened for card data, an Idempotency-Key.
 * - `reader`: a page reading, from an allowed origin or this endpoint's own; `pattern`'s part in brackets is the route's.
 *   A reply with an ETag is answered 304 to a request that already has it.
 * - `stripe`: Stripe's signed events; the route reads the raw body itself.
 * - `beacon`: a page's events, from an allowed origin: JSON sent as text/plain (a beacon's, which needs no preflight),
 *   with no Idempotency-Key, since an event kept twice is kept once.
 * - `server`: a monitor or the organisation's own tools; the route checks method and token itself, after replying
 *   404 while it is off, so an endpoint without it never shows it is there. One with `adminPages` may also be called by
 *   a browser on one of CORAL_ADMIN_ORIGINS (CORS and its preflight; any other origin is refused), the token still
 *   sent as a bearer header, never as a cookie.
 */
type Route =
  | {method: 'POST'; path: PostedRoute; from: 'page'; answer: (request: PageRequest) => Promise<Reply>}
  | {
      method: 'GET';
      path: RoutePath<'count' | 'form'>;
      pattern: RegExp;
      from: 'reader';
      answer: (param: string, request: Request, log: Logger) => Promise<Reply>;
    }
  | {method: 'POST'; path: RoutePath<'stripeWebhook'>; from: 'stripe'; answer: (request: Request, log: Logger) => Promise<Reply>}
  | {method: 'POST'; path: RoutePath<'events'>; from: 'beacon'; answer: (request: EventRequestContext) => Promise<Reply>}
  | {
      method: 'GET' | 'POST' | 'PUT' | 'any';
      path: RoutePath<'export' | 'health' | 'formPublish' | 'forms' | 'results' | ResultsPageRoute> | SupporterRoute;
      /** For a path with a part of its own, as for `reader`. */
      pattern?: RegExp;
      from: 'server';
      adminPages?: true;
      answer: (request: Request, log: Logger, param: string, context?: RequestContext) => Promise<Reply | Response>;
    };

/** The results page's own routes: the page, its sign-in and sign-out, and its script. */
type ResultsPageRoute = 'resultsPage' | 'resultsSignIn' | 'resultsSignOut' | 'resultsScript';

/** The paths the handler routes: every one of the contract's, and no other. */
export type RoutedPath = Route['path'];

/** Whether an If-None-Match header names `etag` (weak or strong, as a cache may send either), or is `*`. */
const hasTag = (header: string | null, etag: string): boolean =>
  header !== null && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

const corsHeaders = (origin: string): Headers => new Headers({'access-control-allow-origin': origin, vary: 'Origin'});

/** The answer to a browser's preflight: the route's method and the headers its page sends, for ten minutes. */
function preflight(cors: Headers, method: string, headers: string): Response {
  cors.set('access-control-allow-methods', method);
  cors.set('access-control-allow-headers', headers);
  cors.set('access-control-max-age', '600');
  return new Response(null, {status: 204, headers: cors});
}

export function createCoralHandler(options: CoralHandlerOptions): CoralHandler {
  const {stripe, store, db} = options;
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const rootLog = options.logger ?? consoleLogger();
  const allowed = new Set(options.allowedOrigins);
  const adminOrigins = new Set(options.adminOrigins ?? []);
  const powerforms = options.powerforms ?? new Map<string, PowerformConfig>();
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  // The gift routes count requests under keyed hashes: no gift is taken without the key.
  if (stripe && !options.guard?.secret) throw new Error('createCoralHandler: taking gifts needs guard.secret (CORAL_GUARD_SECRET)');
  const guard = createGuard({settings: options.guard, store, stripe, seconds, siteverify: options.siteverify});
  const deadline = stripeDeadline(options.answerWithinMs ?? GIFT_ANSWER_MS);
  const published = publishedConfigs(db ?? null);
  const newestPowerform = newestPowerforms(db ?? null, now);
  const gifts = stripe && {
    stripe,
    productFor: campaignProducts(stripe),
    campaigns: options.campaigns,
    published: published.donateForm,
    store,
    guard,
    deadline,
    seconds,
  };
  const webhook = stripe && options.webhookSecret ? {stripe, secret: options.webhookSecret, store, guard, now} : null;
  const checkout = gifts && {...gifts, allowedOrigins: allowed};
  // Without a database the tokens are null, and the export and privacy routes reply 404 before they read any record.
  const exportDeps = {db: db!, token: db ? (options.exportToken ?? null) : null, now};
  const privacy = {db: db!, stripe, guardSecret: options.guard?.secret ?? null, outbox: options.forwarding ?? false, now};
  const privacyToken = db ? (options.privacyToken ?? null) : null;
  const counts = sharedCounts(store);
  const cookie = sessionCookie(basePath);
  const forms = {db: db ?? null, token: db ? (options.adminToken ?? null) : null, cookie, now};
  const resultsPage = {...forms, basePath, script: options.resultsScript ?? (async () => null)};
  const events = {db: db ?? null, published: db ? publishedVariants(db) : async () => false, limit: guard.limitEvents, now};

  const routes: readonly Route[] = [
    {...ROUTES.gifts, from: 'page', answer: (request) => answerGift(gifts, request)},
    {...ROUTES.giftsUpgrade, from: 'page', answer: (request) => answerUpgrade(gifts, request)},
    {...ROUTES.checkout, from: 'page', answer: (request) => answerCheckout(checkout, request)},
    {
      ...ROUTES.signatures,
      from: 'page',
      answer: (request) => answerSignature({powerforms, published: published.powerform, store, seconds, counted: counts.signed}, request),
    },
    {
      ...ROUTES.count,
      pattern: COUNT_PATH,
      from: 'reader',
      answer: (campaign, _, log) => answerCount({powerforms, published: newestPowerform, counts}, campaign, log),
    },
    {...ROUTES.form, pattern: FORM_PATH, from: 'reader', answer: (id, request, log) => answerForm({...forms, log}, id, request)},
    {
      ...ROUTES.formPublish,
      pattern: FORM_PATH,
      from: 'server',
      adminPages: true,
      answer: (request, log, id) => answerPublish({...forms, log}, request, id),
    },
    {...ROUTES.forms, from: 'server', answer: (request, log) => answerFormList({...forms, log}, request)},
    {...ROUTES.resultsPage, from: 'server', answer: (request, log) => answerResultsPage({...resultsPage, log}, request)},
    {
      ...ROUTES.resultsSignIn,
      from: 'server',
      answer: (request, log, _, context) => answerSignIn({...resultsPage, guard, log}, request, guard.addressOf(request, context)),
    },
    // Before any route of a form's results, whose id can be "sign-out" (a GET) but never "app.js".
    {...ROUTES.resultsSignOut, from: 'server', answer: (request, log) => answerSignOut({...resultsPage, log}, request)},
    {...ROUTES.resultsScript, from: 'server', answer: (request, log) => answerResultsScript({...resultsPage, log}, request)},
    {...ROUTES.events, from: 'beacon', answer: (request) => answerEvent(events, request)},
    {
      ...ROUTES.results,
      pattern: RESULTS_PATH,
      from: 'server',
      answer: (request, log, id) => answerResults({...forms, db: db ?? null, log}, request, id),
    },
    {...ROUTES.stripeWebhook, from: 'stripe', answer: (request, log) => answerWebhook(webhook, request, log)},
    {...ROUTES.export, from: 'server', answer: (request) => answerExport(exportDeps, request)},
    ...SUPPORTER_ROUTE_NAMES.map((name): Route => {
      const {path} = ROUTES[name];
      const answer = (request: Request, log: Logger) => answerSupporterRoute({...privacy, token: privacyToken, log}, request, path);
      return {...ROUTES[name], from: 'server', answer};
    }),
    {...ROUTES.health, from: 'server', answer: () => answerHealth(store)},
  ];

  /** Origins, preflights, the body and the idempotency key, for every route a page posts to. */
  async function pageDoor(route: Route & {from: 'page'}, request: Request, log: Logger, context?: RequestContext): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send here', 403));
    const cors = corsHeaders(origin);
    if (request.method === 'OPTIONS') return preflight(cors, route.method, 'content-type, idempotency-key');
    if (request.method !== route.method) return respond(rejected(`use ${route.method}`, 405), cors);

    // Refused before anything else reads the body or anything is kept, and a value is never echoed: only where it was.
    const read = await readJson(request, undefined, false, (body) => screenBody(route.path, body));
    if (!read.ok) return respond(read.answer, cors);
    const key = request.headers.get('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return respond(rejected('expected an Idempotency-Key header of 16 to 200 letters, digits, dashes or underscores'), cors);
    }
    // A key always meets the objects its first request made, so the same key on another route starts nothing new.
    let first: string;
    try {
      first = await store.claimKey(key, route.path, seconds());
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      log.error({error: (error as Error).name}, 'the database did not answer');
      return respond(UNAVAILABLE, cors);
    }
    if (first !== route.path) {
      return respond(rejected(`this Idempotency-Key was first sent to ${first}: a new request needs a new key`, 422), cors);
    }
    const reply = await route.answer({body: read.value, key, log, address: guard.addressOf(request, context)});
    // A rate limit says when to come back, in the header too, which the page's script may read.
    if (typeof reply.body.retryAfter === 'number') {
      cors.set('retry-after', String(reply.body.retryAfter));
      cors.set('access-control-expose-headers', 'retry-after');
    }
    return respond(reply, cors);
  }

  /** A page's beacon: from an allowed origin, its JSON read whatever type it is sent as, at most a small event's size. */
  async function beaconDoor(route: Route & {from: 'beacon'}, request: Request, log: Logger, context?: RequestContext): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send here', 403));
    const cors = corsHeaders(origin);
    if (request.method === 'OPTIONS') return preflight(cors, route.method, 'content-type');
    if (request.method !== route.method) return respond(rejected(`use ${route.method}`, 405), cors);
    const read = await readJson(request, MAX_EVENT_BODY_BYTES, true);
    if (!read.ok) return respond(read.answer, cors);
    const reply = await route.answer({
      body: read.value,
      address: guard.addressOf(request, context),
      userAgent: request.headers.get('user-agent'),
      log,
    });
    return respond(reply, cors);
  }

  /** A page reads through CORS from another origin; one on this endpoint's own origin sends no Origin. */
  async function readerDoor(route: Route & {from: 'reader'}, param: string, request: Request, log: Logger): Promise<Response> {
    if (request.method !== route.method && request.method !== 'HEAD') return respond(rejected(`use ${route.method}`, 405));
    const origin = request.headers.get('origin');
    // An admin page reads what is published to show what a publish would change.
    if (origin !== null && !allowed.has(origin) && !adminOrigins.has(origin))
      return respond(rejected('this origin may not read here', 403));
    const headers = origin === null ? new Headers({vary: 'Origin'}) : corsHeaders(origin);
    const reply = await route.answer(param, request, log);
    const etag = reply.headers?.etag;
    if (reply.status === 200 && etag !== undefined && hasTag(request.headers.get('if-none-match'), etag)) {
      for (const [name, value] of Object.entries(reply.headers ?? {})) headers.set(name, value);
      return new Response(null, {status: 304, headers});
    }
    return respond(reply, headers);
  }

  /** A server route an admin page may call: requests without an Origin (tools) as ever, and CORS for admin origins. */
  async function adminDoor(route: Route & {from: 'server'}, param: string, request: Request, log: Logger): Promise<Response> {
    const origin = request.headers.get('origin');
    if (origin !== null && !adminOrigins.has(origin)) return respond(rejected('this origin may not publish here', 403));
    const cors = origin === null ? new Headers({vary: 'Origin'}) : corsHeaders(origin);
    if (request.method === 'OPTIONS' && origin !== null)
      return preflight(cors, route.method, 'authorization, content-type, coral-published-by');
    if (request.method !== route.method) return respond(rejected(`use ${route.method}`, 405), cors);
    const reply = await route.answer(request, log, param);
    if (!(reply instanceof Response)) return respond(reply, cors);
    for (const [name, value] of cors) reply.headers.set(name, value);
    return reply;
  }

  /** The route for a path: the one of its method when several share it, else the first, which says which method to use. */
  function routeFor(method: string, path: string): {route: Route; param: string} | null {
    const found = routes.flatMap((route) => {
      const param = 'pattern' in route && route.pattern ? route.pattern.exec(path)?.[1] : route.path === path ? '' : undefined;
      return param === undefined ? [] : [{route, param}];
    });
    const wanted = method === 'HEAD' ? 'GET' : method;
    // A browser's preflight on a path an admin page may call is that route's.
    const preflight = method === 'OPTIONS' ? found.find(({route}) => route.from === 'server' && route.adminPages) : undefined;
    return preflight ?? found.find(({route}) => route.method === wanted) ?? found[0] ?? null;
  }

  async function answer(request: Request, path: string, log: Logger, context?: RequestContext): Promise<Response> {
    const found = routeFor(request.method, path);
    if (found === null) return respond(rejected('not found', 404));
    const {route, param} = found;
    if (route.from === 'reader') return readerDoor(route, param, request, log);
    if (route.from === 'page') return pageDoor(route, request, log, context);
    if (route.from === 'beacon') return beaconDoor(route, request, log, context);
    if (route.from === 'stripe') {
      return respond(request.method === route.method ? await route.answer(request, log) : rejected(`use ${route.method}`, 405));
    }
    if (route.adminPages) return adminDoor(route, param, request, log);
    const reply = await route.answer(request, log, param, context);
    return reply instanceof Response ? reply : respond(reply);
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
      response = routePath === null ? respond(rejected('not found', 404)) : await answer(request, routePath, log, context);
    } catch (error) {
      log.error({error: error instanceof Error ? error.name : 'error'}, 'the request failed');
      response = respond({status: 500, body: {status: 'error', outcome: 'unknown', retryable: false, detail: 'the endpoint failed'}});
    }
    response.headers.set('x-request-id', requestId);
    // The route's own path, never the one sent: a path is typed by whoever sends it, and a part of it may be anything.
    const route = routePath === null ? null : (routeFor(request.method, routePath)?.route.path ?? null);
    log.info({method: request.method, route, status: response.status, ms: now() - started}, 'request');
    return response;
  };
  return Object.assign(handle, {settled: deadline.settled});
}
