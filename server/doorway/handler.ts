/**
 * Coral's reference endpoint: one function from a web-platform Request to a Response, so the same code serves Node
 * (server/node/), Cloudflare Workers (server/workers/), Vercel, Netlify and AWS Lambda through their Request/Response
 * adapters. This file holds the table of routes (each route's module is in the room of its capability) and the order
 * of the doorway: which door a request goes through (route.ts says which, each door is a module of its own), its
 * request id and its log line.
 */
import {GIFT_ANSWER_MS, ROUTES} from '../../src/coral/contract';
import type {PowerformConfig} from '../../src/coral/contract/library';
import {newestPowerforms, publishedConfigs, answerForm, answerFormList, answerPublish, FORM_PATH, HOUR_MS} from '../forms';
import {answerCheckout, answerGift, stripeDeadline, answerUpgrade, answerWebhook, campaignProducts} from '../gifts';
import {createGuard, type RequestContext} from '../guard';
import {consoleLogger, rejected, respond, sessionCookie, type Logger, type Reply} from '../http';
import {answerExport} from '../records';
import {
  answerEvent,
  answerResultsPage,
  answerResultsScript,
  answerSignIn,
  answerSignOut,
  answerResults,
  RESULTS_PATH,
  publishedPlan,
  publishedVariants,
} from '../results';
import {SETTINGS} from '../settings';
import {answerCount, COUNT_PATH, sharedCounts, answerSignature} from '../signatures';
import {answerSupporterRoute, SUPPORTER_ROUTE_NAMES} from '../supporters';
import {
  answerMeDetails,
  answerMeDocument,
  answerMeForget,
  answerMeForgetPage,
  answerMeGift,
  answerMeLink,
  answerMeOpen,
  answerMePage,
  answerMeRecords,
  answerMeSignIn,
  answerMeSignOut,
  supporterCookie,
  type SupporterPageDeps,
} from '../supporterPage';
import {adminDoor} from './adminDoor';
import {beaconDoor} from './beaconDoor';
import {answerHealth} from './healthRoute';
import type {CoralHandler, CoralHandlerOptions} from './options';
import {pageDoor} from './pageDoor';
import {readerDoor} from './readerDoor';
import {routeFor, type Doors, type Route} from './route';

export {STRIPE_CALL_LIMITS, type CoralHandler, type CoralHandlerOptions} from './options';

/** The part of `/me/documents/<name>` and `/me/gifts/<reference>` that is the route's. */
const ME_DOCUMENT = /^\/me\/documents\/([A-Za-z0-9.-]{1,40})$/;
const ME_GIFT = /^\/me\/gifts\/([A-Za-z0-9_]{1,255})$/;

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
  const versions = options.versions ?? {oldVersionMs: Number(SETTINGS.CORAL_OLD_VERSION_HOURS.fallback) * HOUR_MS, listed: null};
  const published = publishedConfigs(db ?? null, versions, now);
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
  const forms = {
    db: db ?? null,
    token: db ? (options.adminToken ?? null) : null,
    cookie,
    now,
    listed: versions.listed,
    takesGifts: Boolean(stripe),
  };
  const resultsPage = {...forms, basePath, script: options.resultsScript ?? (async () => null)};
  const events = {db: db ?? null, published: db ? publishedVariants(db) : async () => false, limit: guard.limitEvents, now};

  // Work a route leaves running after its answer (a supporter's link queued), waited for by `settled`.
  const running = new Set<Promise<void>>();
  const later = (work: () => Promise<void>) => {
    const done: Promise<void> = work()
      .catch((error: unknown) => rootLog.error({error: error instanceof Error ? error.name : 'error'}, 'work after an answer failed'))
      .finally(() => running.delete(done));
    running.add(done);
  };
  const me = (log: Logger): SupporterPageDeps => ({
    db: db ?? null,
    stripe,
    secret: options.guard?.secret ?? null,
    mail: options.supporterPage ?? null,
    basePath,
    cookie: supporterCookie(basePath),
    now,
    log,
    guard,
    campaigns: options.campaigns,
    outbox: options.forwarding ?? false,
    later,
  });

  const doors: Doors = {allowed, adminOrigins, store, seconds, guard};

  /** A version just published, with its experiment's plan in words for whoever published it: never failing the publish. */
  const withPlan = async (reply: Reply, log: Logger): Promise<Reply> => {
    if (reply.status !== 201 || !db) return reply;
    const {form, version} = reply.body as {form: string; version: number};
    try {
      const plan = await publishedPlan(db, form, version);
      return plan === null ? reply : {...reply, body: {...reply.body, plan}};
    } catch (error) {
      log.warn({form, version, err: error}, 'the plan of a version just published could not be made');
      return reply;
    }
  };

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
      answer: async (request, log, id) => withPlan(await answerPublish({...forms, log}, request, id), log),
    },
    // The Customise tab lists the forms first, so a wrong token is refused before anything is shown or sent.
    {...ROUTES.forms, from: 'server', adminPages: true, answer: (request, log) => answerFormList({...forms, log}, request)},
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
    {...ROUTES.mePage, from: 'server', answer: (request, log) => answerMePage(me(log), request)},
    {
      ...ROUTES.meLink,
      from: 'server',
      answer: (request, log, _, context) => answerMeLink(me(log), request, guard.addressOf(request, context)),
    },
    {...ROUTES.meOpen, from: 'server', answer: (request, log) => answerMeOpen(me(log), request)},
    {...ROUTES.meSignIn, from: 'server', answer: (request, log) => answerMeSignIn(me(log), request)},
    {...ROUTES.meSignOut, from: 'server', answer: (request, log) => answerMeSignOut(me(log), request)},
    {...ROUTES.meDocument, pattern: ME_DOCUMENT, from: 'server', answer: (request, log, name) => answerMeDocument(me(log), request, name)},
    {...ROUTES.meRecords, from: 'server', answer: (request, log) => answerMeRecords(me(log), request)},
    {...ROUTES.meDetails, from: 'server', answer: (request, log) => answerMeDetails(me(log), request)},
    {...ROUTES.meGift, pattern: ME_GIFT, from: 'server', answer: (request, log, gift) => answerMeGift(me(log), request, gift)},
    {...ROUTES.meForgetPage, from: 'server', answer: (request, log) => answerMeForgetPage(me(log), request)},
    {...ROUTES.meForget, from: 'server', answer: (request, log) => answerMeForget(me(log), request)},
  ];

  async function answer(request: Request, path: string, log: Logger, context?: RequestContext): Promise<Response> {
    const found = routeFor(routes, request.method, path);
    if (found === null) return respond(rejected('not found', 404));
    const {route, param} = found;
    if (route.from === 'reader') return readerDoor(doors, route, param, request, log);
    if (route.from === 'page') return pageDoor(doors, route, request, log, context);
    if (route.from === 'beacon') return beaconDoor(doors, route, request, log, context);
    if (route.from === 'stripe') {
      return respond(request.method === route.method ? await route.answer(request, log) : rejected(`use ${route.method}`, 405));
    }
    if (route.adminPages) return adminDoor(doors, route, param, request, log);
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
    const route = routePath === null ? null : (routeFor(routes, request.method, routePath)?.route.path ?? null);
    log.info({method: request.method, route, status: response.status, ms: now() - started}, 'request');
    return response;
  };
  const settled = async () => {
    await deadline.settled();
    while (running.size > 0) await Promise.all(running);
  };
  return Object.assign(handle, {settled});
}
