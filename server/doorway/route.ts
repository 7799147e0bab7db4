/**
 * The routes as the doorway holds them: each of the contract's, by who sends it, which picks its door; what the doors
 * share; and which route a request's method and path are for.
 */
import type {RoutePath} from '../../src/coral/contract';
import type {Guard, RequestContext} from '../guard';
import type {Logger, PageRequest, PostedRoute, Reply, Seconds} from '../http';
import type {GiftStore} from '../records';
import type {EventRequestContext} from '../results';
import type {SupporterRoute} from '../supporters';

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
export type Route =
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
      path: RoutePath<'export' | 'health' | 'formPublish' | 'forms' | 'results' | ResultsPageRoute | MeRoute> | SupporterRoute;
      /** For a path with a part of its own, as for `reader`. */
      pattern?: RegExp;
      from: 'server';
      adminPages?: true;
      answer: (request: Request, log: Logger, param: string, context?: RequestContext) => Promise<Reply | Response>;
    };

/** The results page's own routes: the page, its sign-in and sign-out, and its script. */
type ResultsPageRoute = 'resultsPage' | 'resultsSignIn' | 'resultsSignOut' | 'resultsScript';

/** The supporter's page's routes. */
type MeRoute =
  | 'mePage'
  | 'meLink'
  | 'meOpen'
  | 'meSignIn'
  | 'meSignOut'
  | 'meDocument'
  | 'meRecords'
  | 'meDetails'
  | 'meGift'
  | 'meForgetPage'
  | 'meForget';

/** The paths the handler routes: every one of the contract's, and no other. */
export type RoutedPath = Route['path'];

/** What the doors are given: the origins whose pages may send, the admin pages' origins, the store, the clock, the guard. */
export type Doors = {
  allowed: ReadonlySet<string>;
  adminOrigins: ReadonlySet<string>;
  store: GiftStore;
  seconds: Seconds;
  guard: Guard;
};

/** The route for a path: the one of its method when several share it, else the first, which says which method to use. */
export function routeFor(routes: readonly Route[], method: string, path: string): {route: Route; param: string} | null {
  const found = routes.flatMap((route) => {
    const param = 'pattern' in route && route.pattern ? route.pattern.exec(path)?.[1] : route.path === path ? '' : undefined;
    return param === undefined ? [] : [{route, param}];
  });
  const wanted = method === 'HEAD' ? 'GET' : method;
  // A browser's preflight on a path an admin page may call is that route's.
  const preflight = method === 'OPTIONS' ? found.find(({route}) => route.from === 'server' && route.adminPages) : undefined;
  return preflight ?? found.find(({route}) => route.method === wanted) ?? found[0] ?? null;
}
