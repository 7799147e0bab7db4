/** The door of a page's events, sent as beacons. */
import type {RequestContext} from '../guard';
import {readJson, rejected, respond, type Logger} from '../http';
import {corsHeaders, preflight} from './cors';
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
  const origin = request.headers.get('origin');
  if (origin === null || !allowed.has(origin)) return respond(rejected('this origin may not send here', 403));
  const cors = corsHeaders(origin);
  if (request.method === 'OPTIONS') return preflight(cors, route.method, 'content-type');
  if (request.method !== route.method) return respond(rejected(`use ${route.method}`, 405), cors);
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
