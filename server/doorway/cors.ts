/** CORS, as every door that a browser on another origin calls answers it. */
import {rejected, respond} from '../http';

export const corsHeaders = (origin: string): Headers => new Headers({'access-control-allow-origin': origin, vary: 'Origin'});

/** The answer to a browser's preflight: the route's method and the headers its page sends, for ten minutes. */
export function preflight(cors: Headers, method: string, headers: string): Response {
  cors.set('access-control-allow-methods', method);
  cors.set('access-control-allow-headers', headers);
  cors.set('access-control-max-age', '600');
  return new Response(null, {status: 204, headers: cors});
}

/**
 * How a page's post and its beacon begin alike: refused unless it comes from an allowed origin, its preflight
 * answered with the headers the page sends, another method refused. Else the CORS headers its answer carries.
 */
export function fromAllowedPage(allowed: ReadonlySet<string>, request: Request, method: string, headers: string): Headers | Response {
  const origin = request.headers.get('origin');
  if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send here', 403));
  const cors = corsHeaders(origin);
  if (request.method === 'OPTIONS') return preflight(cors, method, headers);
  if (request.method !== method) return respond(rejected(`use ${method}`, 405), cors);
  return cors;
}
