/** The door of every route a form posts to: its origin, the preflight, the body screened, and the Idempotency-Key claimed. */
import type {RequestContext} from '../guard';
import {IDEMPOTENCY_KEY, readJson, rejected, respond, screenBody, UNAVAILABLE, type Logger} from '../http';
import {isUnavailable} from '../db';
import {fromAllowedPage} from './cors';
import type {Doors, Route} from './route';

/** Origins, preflights, the body and the idempotency key, for every route a page posts to. */
export async function pageDoor(
  {allowed, store, seconds, guard}: Doors,
  route: Route & {from: 'page'},
  request: Request,
  log: Logger,
  context?: RequestContext,
): Promise<Response> {
  const cors = fromAllowedPage(allowed, request, route.method, 'content-type, idempotency-key');
  if (cors instanceof Response) return cors;

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
