/** Where a gateway posts: the contract's routes under the base URL of the organisation's endpoint. */
import {ROUTES, routeUrl, type RouteName} from '../../contract/paths';

type PostedRoute = Exclude<RouteName, 'count'>;

/**
 * The addresses of `routes` under a gateway's `endpoint`, the endpoint's base URL. A page written when `endpoint`
 * was the full route (`…/checkout`) keeps working: an endpoint ending in one of the gateway's routes is read without
 * it, and the console says once, for the page's developer, what to write instead.
 */
export function routesUnder<R extends PostedRoute>(endpoint: string, gateway: string, routes: readonly R[]): Record<R, string> {
  const given = endpoint.trim().replace(/\/+$/, '');
  const route = routes.map((name) => ROUTES[name].path).find((path) => given.endsWith(path));
  const base = route === undefined ? given : given.slice(0, -route.length);
  if (route !== undefined) {
    console.warn(
      `Coral: the ${gateway} gateway's endpoint "${endpoint}" ends in its route ${route}; endpoint is the base URL of ` +
        `your endpoint, under which each route is found. Read as "${base || '/'}": write that instead.`,
    );
  }
  return Object.fromEntries(routes.map((name) => [name, routeUrl(base, name)])) as Record<R, string>;
}
