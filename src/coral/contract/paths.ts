/**
 * The routes of Coral's endpoint: each one's method and path under the endpoint's base URL. The browser's gateways
 * build their addresses from it at run time, so it imports nothing but the form's path (./formPath.ts): no schema reaches a bundle. ./routes.ts pairs
 * each route with its request and answer schemas.
 */
import {EVENTS_PATH} from './eventsPath';
import {FORM_PATH} from './formPath';

export {FORM_PARAM, FORM_PATH} from './formPath';

type Route = {method: 'GET' | 'POST' | 'PUT' | 'any'; path: `/${string}`};

/** The paths a page posts to (POST), through a gateway: all the browser's bundles carry of the table. */
export const PAGE_PATHS = {
  /** The stripe gateway's gift. */
  gifts: '/gifts',
  /** The thank-you page's one-tap monthly gift on a kept card. */
  giftsUpgrade: '/gifts/upgrade',
  /** The http gateway's gift, answered with a hosted checkout page's address. */
  checkout: '/checkout',
  signatures: '/signatures',
} as const satisfies Record<string, Route['path']>;

/** Each path as a POST route of the table. */
const posted = <P extends Record<string, Route['path']>>(paths: P) =>
  Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, {method: 'POST', path}])) as {
    readonly [K in keyof P]: {readonly method: 'POST'; readonly path: P[K]};
  };

/** The route a page reads (at the address its config gives), and those only Stripe and the organisation's tools call. */
const OTHER_ROUTES = {
  /** A petition's live count; `{campaign}` stands for its id. */
  count: {method: 'GET', path: '/campaigns/{campaign}/count'},
  stripeWebhook: {method: 'POST', path: '/webhooks/stripe'},
  export: {method: 'GET', path: '/export'},
  /** Any method: a load balancer's or a monitor's. */
  health: {method: 'any', path: '/health'},
  supporterRecords: {method: 'POST', path: '/supporters/records'},
  supporterForget: {method: 'POST', path: '/supporters/forget'},
  supporterCorrect: {method: 'POST', path: '/supporters/correct'},
  /** A published form's config, which a page reads. */
  form: {method: 'GET', path: FORM_PATH},
  /** A new version of a form, with the admin token. */
  formPublish: {method: 'PUT', path: FORM_PATH},
  /** Every form and its versions, with the admin token. */
  forms: {method: 'GET', path: '/forms'},
  /** What a visitor did on a published form, sent by its page as a beacon. */
  events: {method: 'POST', path: EVENTS_PATH},
  /** A published form's results, with the admin token; `{form}` stands for its id. */
  results: {method: 'GET', path: '/results/{form}'},
  /** The results page for staff: its sign-in form, or the results once signed in. */
  resultsPage: {method: 'GET', path: '/results'},
  /** The results page's sign-in: the admin token exchanged for a session cookie. */
  resultsSignIn: {method: 'POST', path: '/results'},
  resultsSignOut: {method: 'POST', path: '/results/sign-out'},
  /** The results page's script (a name no form id can take: ids have no dot). */
  resultsScript: {method: 'GET', path: '/results/app.js'},
  /** A supporter's own page: the form that asks for a link by email, or, in a session, their gifts and details. */
  mePage: {method: 'GET', path: '/me'},
  /** A link to the page asked for, by email (a form's post). */
  meLink: {method: 'POST', path: '/me/link'},
  /** The page a link opens, with the button that starts a session; and the session started. */
  meOpen: {method: 'GET', path: '/me/open'},
  meSignIn: {method: 'POST', path: '/me/open'},
  meSignOut: {method: 'POST', path: '/me/sign-out'},
  /** A receipt's or a statement's PDF; `{document}` stands for its file name: receipt-000123.pdf, statement-2026.pdf. */
  meDocument: {method: 'GET', path: '/me/documents/{document}'},
  /** Everything held for the supporter, as `npm run records` gives it. */
  meRecords: {method: 'GET', path: '/me/records.json'},
  /** The supporter's details corrected. */
  meDetails: {method: 'POST', path: '/me/details'},
  /** A regular gift's amount changed, its card changed at Stripe, or the gift stopped; `{gift}` stands for its reference. */
  meGift: {method: 'POST', path: '/me/gifts/{gift}'},
  /** What forgetting the supporter does, and the confirmation that does it. */
  meForgetPage: {method: 'GET', path: '/me/forget'},
  meForget: {method: 'POST', path: '/me/forget'},
} as const satisfies Record<string, Route>;

/** Every route of the endpoint, by name; pure, so a bundle that reads only PAGE_PATHS leaves the rest out. */
export const ROUTES = /* @__PURE__ */ Object.assign(/* @__PURE__ */ posted(PAGE_PATHS), OTHER_ROUTES);

export type RouteName = keyof typeof ROUTES;
export type RoutePath<K extends RouteName = RouteName> = (typeof ROUTES)[K]['path'];

/** The routes a page posts to, through a gateway. */
export type PostedRouteName = keyof typeof PAGE_PATHS;

/** The part of the count's path that stands for the campaign's id. */
export const CAMPAIGN_PARAM = '{campaign}';
