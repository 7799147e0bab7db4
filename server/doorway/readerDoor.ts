/** The door of what a page reads: the live count and a published form. */
import {rejected, respond, type Logger} from '../http';
import {corsHeaders} from './cors';
import type {Doors, Route} from './route';

/** Whether an If-None-Match header names `etag` (weak or strong, as a cache may send either), or is `*`. */
const hasTag = (header: string | null, etag: string): boolean =>
  header !== null && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/** A page reads through CORS from another origin; one on this endpoint's own origin sends no Origin. */
export async function readerDoor(
  {allowed, adminOrigins}: Doors,
  route: Route & {from: 'reader'},
  param: string,
  request: Request,
  log: Logger,
): Promise<Response> {
  if (request.method !== route.method && request.method !== 'HEAD') return respond(rejected(`use ${route.method}`, 405));
  const origin = request.headers.get('origin');
  // An admin page reads what is published to show what a publish would change.
  if (origin !== null && !allowed.has(origin) && !adminOrigins.has(origin)) return respond(rejected('this origin may not read here', 403));
  const headers = origin === null ? new Headers({vary: 'Origin'}) : corsHeaders(origin);
  const reply = await route.answer(param, request, log);
  const etag = reply.headers?.etag;
  if (reply.status === 200 && etag !== undefined && hasTag(request.headers.get('if-none-match'), etag)) {
    for (const [name, value] of Object.entries(reply.headers ?? {})) headers.set(name, value);
    return new Response(null, {status: 304, headers});
  }
  return respond(reply, headers);
}
