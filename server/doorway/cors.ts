/** CORS, as every door that a browser on another origin calls answers it. */

export const corsHeaders = (origin: string): Headers => new Headers({'access-control-allow-origin': origin, vary: 'Origin'});

/** The answer to a browser's preflight: the route's method and the headers its page sends, for ten minutes. */
export function preflight(cors: Headers, method: string, headers: string): Response {
  cors.set('access-control-allow-methods', method);
  cors.set('access-control-allow-headers', headers);
  cors.set('access-control-max-age', '600');
  return new Response(null, {status: 204, headers: cors});
}
