/**
 * A supporter's rights, for the bearer of the privacy token (CORAL_PRIVACY_TOKEN): a CRM that receives a
 * supporter's request, or a privacy officer's own tools. The email travels in the body, never in an address.
 *
 *   POST /supporters/records   {email}                          everything held for the email (supporters/held.ts)
 *   POST /supporters/forget    {email, cancelSubscriptions?}   erase it (supporters/forget.ts)
 *   POST /supporters/correct   {email, changes}                correct it (supporters/correct.ts)
 *
 * No page calls them, so no browser may: a request with an Origin header is refused. A forget or a correction sent
 * with an Idempotency-Key is carried out once: the same key again answers what the first did.
 */
import type * as zod from 'zod/mini';
import {ROUTE_TABLE, ROUTES, type RoutePath} from '../../src/coral/contract';
import {describeError, parseConfig} from '../../src/coral/contract/library';
import {IDEMPOTENCY_KEY, logLine, rejected, type Reply, readJson, type Logger, bearsToken} from '../http';
import {isUnavailable, type Database} from '../db';
import {correctSupporter} from './correct';
import {emailKeyOf, forgetSupporter, type SupporterDeps} from './forget';
import {heldFor, isEmail} from './held';

/** The contract's supporter routes (src/coral/contract/paths.ts), by name. */
export const SUPPORTER_ROUTE_NAMES = ['supporterRecords', 'supporterForget', 'supporterCorrect'] as const;
export type SupporterRoute = RoutePath<(typeof SUPPORTER_ROUTE_NAMES)[number]>;

export type SupporterRouteDeps = SupporterDeps & {token: string | null; log: Logger};

/** Parses the body with `schema`, and checks its email can be looked up. */
function parsed<T extends {email: string}>(schema: zod.ZodMiniType<T>, body: unknown): {ok: true; value: T} | {ok: false; answer: Reply} {
  const result = parseConfig(schema, body);
  if (!result.ok) return {ok: false, answer: rejected(result.errors.map(describeError).join('; '), 422)};
  if (!isEmail(result.config.email)) return {ok: false, answer: rejected('email: expected an email address like ada@example.org', 422)};
  return {ok: true, value: result.config};
}

async function answer(route: SupporterRoute, body: unknown, deps: SupporterRouteDeps): Promise<Reply> {
  if (route === ROUTES.supporterRecords.path) {
    const request = parsed(ROUTE_TABLE.supporterRecords.request, body);
    if (!request.ok) return request.answer;
    const {email} = request.value;
    return {status: 200, body: {status: 'ok', ...(await heldFor(deps.db, email, await emailKeyOf(deps.guardSecret, email)))}};
  }
  if (route === ROUTES.supporterForget.path) {
    const request = parsed(ROUTE_TABLE.supporterForget.request, body);
    if (!request.ok) return request.answer;
    const {email, cancelSubscriptions} = request.value;
    const report = await forgetSupporter(deps, email, {cancelSubscriptions: cancelSubscriptions ?? false, by: 'route'});
    deps.log.info(
      {gifts: report.gifts.erased.length, signatures: report.signatures.length, kept: report.gifts.kept.length},
      'supporter erased',
    );
    return {status: 200, body: {status: 'ok', ...report}};
  }
  const request = parsed(ROUTE_TABLE.supporterCorrect.request, body);
  if (!request.ok) return request.answer;
  const corrected = await correctSupporter(deps, request.value.email, request.value.changes, {by: 'route'});
  if (!corrected.ok) return rejected(corrected.reason, 422);
  deps.log.info({gifts: corrected.value.gifts.length, signatures: corrected.value.signatures.length}, 'supporter corrected');
  return {status: 200, body: {status: 'ok', ...corrected.value}};
}

/**
 * Runs `carryOut` once for `key` on `route`, keeping its answer: a request under a key already answered gets that
 * answer, one under a key still being carried out is told to send it again, and one that failed frees the key.
 */
async function once(db: Database, key: string, route: SupporterRoute, nowSeconds: number, carryOut: () => Promise<Reply>): Promise<Reply> {
  const [claimed] = await db.query(
    `insert into idempotency_keys (key, route, created_at) values ($1, $2, to_timestamp($3)) on conflict (key) do nothing returning 1`,
    [key, route, nowSeconds],
  );
  if (!claimed) {
    const [first] = await db.query<{route: string; answer: Reply | null}>('select route, answer from idempotency_keys where key = $1', [
      key,
    ]);
    if (first && first.route !== route)
      return rejected(`this Idempotency-Key was first sent to ${first.route}: a new request needs a new key`, 422);
    return first?.answer ?? rejected('a request under this Idempotency-Key is still being carried out: send it again in a moment', 409);
  }
  let reply: Reply;
  try {
    reply = await carryOut();
  } catch (error) {
    await db.query('delete from idempotency_keys where key = $1', [key]).catch(() => {});
    throw error;
  }
  // A refusal changed nothing, so the key may be sent again with the request put right.
  if (reply.status >= 400) await db.query('delete from idempotency_keys where key = $1', [key]);
  else await db.query('update idempotency_keys set answer = $2::text::jsonb where key = $1', [key, JSON.stringify(reply)]);
  return reply;
}

/** Answers one of the supporter routes: 404 while no privacy token is set, 401 without it. */
export async function answerSupporterRoute(deps: SupporterRouteDeps, request: Request, route: SupporterRoute): Promise<Reply> {
  if (deps.token === null) return rejected('not found', 404);
  if (request.headers.get('origin') !== null) return rejected('this route is not for pages: call it from a server', 403);
  if (request.method !== 'POST') return rejected('use POST', 405);
  if (!(await bearsToken(request, deps.token))) return rejected('unauthorised', 401);
  const key = request.headers.get('idempotency-key');
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return rejected('expected an Idempotency-Key header of 16 to 200 letters, digits, dashes or underscores');
  }
  const read = await readJson(request);
  if (!read.ok) return read.answer;
  try {
    if (key === null || route === ROUTES.supporterRecords.path) return await answer(route, read.value, deps);
    return await once(deps.db, key, route, Math.floor(deps.now() / 1000), () => answer(route, read.value, deps));
  } catch (error) {
    if (isUnavailable(error))
      return {status: 503, body: {status: 'error', retryable: true, detail: 'the records could not be reached; try again'}};
    // Stripe is asked before anything is erased, and the records change in one transaction: a failure changes nothing.
    deps.log.error({error: logLine(error)}, 'a supporter request failed');
    const atStripe = /^Stripe/.test((error as {type?: unknown} | null)?.type?.toString() ?? '');
    const detail = atStripe
      ? 'Stripe could not be asked: no record was changed (a Customer already deleted stays deleted); send the request again'
      : 'the request failed: no record was changed';
    return {status: atStripe ? 502 : 500, body: {status: 'error', retryable: atStripe, detail}};
  }
}
