/**
 * The routes of Coral's endpoint: each one's method and path under the endpoint's base URL. The browser's gateways
 * build their addresses from it at run time, so it imports nothing: no schema reaches a bundle. ./routes.ts pairs
 * each route with its request and answer schemas.
 */
export const ROUTES = {
  /** The stripe gateway's gift. */
  gifts: {method: 'POST', path: '/gifts'},
  /** The thank-you page's one-tap monthly gift on a kept card. */
  giftsUpgrade: {method: 'POST', path: '/gifts/upgrade'},
  /** The http gateway's gift, answered with a hosted checkout page's address. */
  checkout: {method: 'POST', path: '/checkout'},
  signatures: {method: 'POST', path: '/signatures'},
  /** A petition's live count; `{campaign}` stands for its id. */
  count: {method: 'GET', path: '/campaigns/{campaign}/count'},
  stripeWebhook: {method: 'POST', path: '/webhooks/stripe'},
  export: {method: 'GET', path: '/export'},
  /** Any method: a load balancer's or a monitor's. */
  health: {method: 'any', path: '/health'},
  supporterRecords: {method: 'POST', path: '/supporters/records'},
  supporterForget: {method: 'POST', path: '/supporters/forget'},
  supporterCorrect: {method: 'POST', path: '/supporters/correct'},
} as const satisfies Record<string, {method: 'GET' | 'POST' | 'any'; path: `/${string}`}>;

export type RouteName = keyof typeof ROUTES;
export type RoutePath<K extends RouteName = RouteName> = (typeof ROUTES)[K]['path'];

/** Names of the table's routes, checked as they are written. */
type Named<K extends RouteName> = K;

/** The routes a page posts to, through a gateway. */
export type PostedRouteName = Named<'gifts' | 'giftsUpgrade' | 'checkout' | 'signatures'>;

/** The part of the count's path that stands for the campaign's id. */
export const CAMPAIGN_PARAM = '{campaign}';

/** A route's address under `base`, an endpoint's base URL (`https://pay.example.org`, or with a path, `/coral`). */
export const routeUrl = (base: string, name: Exclude<RouteName, 'count'>): string => `${base.replace(/\/+$/, '')}${ROUTES[name].path}`;
