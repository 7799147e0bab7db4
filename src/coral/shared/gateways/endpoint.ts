/** Where a gateway posts: the contract's routes under the base URL of the organisation's endpoint. */
import {PAGE_PATHS} from '../../contract/paths';

/**
 * The address of each of a gateway's routes `R` under its `endpoint`, the endpoint's base URL. A page written when
 * `endpoint` was the full route (`…/checkout`) keeps working: an endpoint ending in a route a page posts to is read
 * without it, and the console says once, for the page's developer, what to write instead.
 */
export function routesUnder<R extends keyof typeof PAGE_PATHS>(endpoint: string): (route: R) => string {
  const given = endpoint.replace(/\/+$/, '');
  const route = Object.values(PAGE_PATHS).find((path) => given.endsWith(path));
  const base = route === undefined ? given : given.slice(0, -route.length);
  if (route !== undefined) console.warn(`Coral: endpoint "${endpoint}" is a route; give its base URL, "${base || '/'}".`);
  return (name) => base + PAGE_PATHS[name];
}
