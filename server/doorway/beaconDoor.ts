/** The door of a page's events, sent as beacons. */
import type {RequestContext} from '../guard';
import {readJson, respond, type Logger} from '../http';
import {fromAllowedPage} from './cors';
import type {Doors, Route} from './route';

/** An event is a few hundred bytes: a form, a kind, a visitor id and the utm values. */
const MAX_EVENT_BODY_BYTES = 2048;

/** A page's beacon: from an allowed origin, its JSON read whatever type it is sent as, at most a small event's size. */
export async function beaconDoor(
  {allowed, guard}: Doors,
  route: Route & {from: 'beacon'},
  request: Request,
  log: Logger,
  context?: RequestContext,
): Promise<Response> {
  const cors = fromAllowedPage(allowed, request, route.method, 'content-type');
  if (cors instanceof Response) return cors;
  const read = await readJson(request, MAX_EVENT_BODY_BYTES, true);
  if (!read.ok) return respond(read.answer, cors);
  const reply = await route.answer({
    body: read.value,
    address: guard.addressOf(request, context),
    userAgent: request.headers.get('user-agent'),
    log,
  });
  return respond(reply, cors);
}
