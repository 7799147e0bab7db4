/** The door of a server route an admin page on one of CORAL_ADMIN_ORIGINS may call: publishing a form, and listing them. */
import {rejected, respond, type Logger} from '../http';
import {corsHeaders, preflight} from './cors';
import type {Doors, Route} from './route';

/** A server route an admin page may call: requests without an Origin (tools) as ever, and CORS for admin origins. */
export async function adminDoor(
  {adminOrigins}: Doors,
  route: Route & {from: 'server'},
  param: string,
  request: Request,
  log: Logger,
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !adminOrigins.has(origin))
    return respond(rejected('this origin may not publish or list forms here: it is not in CORAL_ADMIN_ORIGINS', 403));
  const cors = origin === null ? new Headers({vary: 'Origin'}) : corsHeaders(origin);
  if (request.method === 'OPTIONS' && origin !== null)
    return preflight(cors, route.method, 'authorization, content-type, coral-published-by');
  if (request.method !== route.method) return respond({...rejected(`use ${route.method}`, 405), headers: {allow: route.method}}, cors);
  const reply = await route.answer(request, log, param);
  if (!(reply instanceof Response)) return respond(reply, cors);
  for (const [name, value] of cors) reply.headers.set(name, value);
  return reply;
}
