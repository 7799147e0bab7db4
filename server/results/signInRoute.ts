/**
 * The results page's sign-in, `POST /results`: the admin token typed into its form, compared in constant time and
 * exchanged for a session cookie, then back to the page (303); and `POST /results/sign-out`, which ends the session.
 * Both refuse a post from another site's page, and the sign-in is counted per client address.
 */
import type {Guard} from '../guard';
import {
  endSession,
  fromOwnPages,
  knownDevice,
  newDevice,
  readCapped,
  rejected,
  respond,
  sameToken,
  setCookie,
  startSession,
  type Address,
} from '../http';
import {signInPage} from './page';
import {chosenForm, htmlPage, NOT_FOUND, pageOn, withRecords, type ResultsPageDeps} from './resultsPageRoute';

/** Sign-in attempts per client address in the guard's window (CORAL_GIFT_WINDOW_SECONDS, an hour by default). */
export const SIGN_INS_PER_ADDRESS = 10;

/** A form's fields are a token and its name: far under this. */
const MAX_FORM_BYTES = 4 * 1024;

export type SignInDeps = ResultsPageDeps & {guard: Pick<Guard, 'countAddress' | 'countNamed'>};

/** Back to the page, on the form it was opened on, with the cookies given: the session's first. */
function backToPage(basePath: string, form: string | null, ...cookies: string[]): Response {
  const on = form === null ? '' : `?form=${encodeURIComponent(form)}`;
  const headers = new Headers({location: `${basePath}/results${on}`, 'cache-control': 'no-store'});
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, {status: 303, headers});
}

/** The form's fields; null for a body that is no such form; `too-large` for one bigger than any such form. */
async function typedFields(request: Request): Promise<URLSearchParams | null | 'too-large'> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) return null;
  const read = await readCapped(request, MAX_FORM_BYTES);
  if (!read.ok) return read.answer.status === 413 ? 'too-large' : null;
  return new URLSearchParams(new TextDecoder().decode(read.bytes));
}

/** POST /results: a session for the admin token. */
export async function answerSignIn(deps: SignInDeps, request: Request, address: Address | null): Promise<Response> {
  if (!pageOn(deps)) return NOT_FOUND();
  const {basePath, log} = deps;
  if (!fromOwnPages(request)) return htmlPage(403, signInPage(basePath, 'This sign-in came from another site’s page, so it was refused.'));
  return withRecords(deps, async () => {
    // A browser the token was typed in before is counted by itself: wrong tries from its address, or from anyone where
    // the host gives no address, never lock it out, and no one can forge its cookie without the token.
    const device = await knownDevice(request, deps.cookie, deps.token);
    const limited =
      device === null
        ? await deps.guard.countAddress('sign-in', address, SIGN_INS_PER_ADDRESS, deps.token)
        : await deps.guard.countNamed('sign-in-device', device, SIGN_INS_PER_ADDRESS, deps.token);
    if (limited !== null) {
      const retryAfter = String(limited.body.retryAfter);
      log.warn({limit: device === null ? 'sign-in' : 'sign-in-device'}, 'results sign-in over its rate limit');
      const minutes = Math.ceil(Number(retryAfter) / 60);
      const from = device === null ? 'your address' : 'this browser';
      const message = `Too many sign-in attempts from ${from}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      return htmlPage(429, signInPage(basePath, message), {'retry-after': retryAfter});
    }
    const fields = await typedFields(request);
    if (fields === 'too-large') return htmlPage(413, signInPage(basePath, 'That sign-in was too large to be the admin token.'));
    const token = fields?.get('token') ?? null;
    const form = fields === null ? null : chosenForm(fields);
    if (token === null || !(await sameToken(token, deps.token))) {
      log.info({}, 'results sign-in refused');
      return htmlPage(401, signInPage(basePath, 'That is not the admin token. Check it and try again.', form));
    }
    const cookie = await startSession(deps.db, deps.cookie, deps.now());
    log.info({}, 'results sign-in');
    return backToPage(basePath, form, cookie, await newDevice(deps.cookie, deps.token));
  });
}

/** POST /results/sign-out: the session deleted and its cookie cleared. */
export async function answerSignOut(deps: ResultsPageDeps, request: Request): Promise<Response> {
  if (!pageOn(deps)) return NOT_FOUND();
  if (request.method !== 'POST') return respond({...rejected('use POST', 405), headers: {allow: 'POST'}});
  if (!fromOwnPages(request)) return respond(rejected('this origin may not sign out here', 403));
  return withRecords(deps, async () => {
    await endSession(deps.db, deps.cookie, request);
    return backToPage(deps.basePath, null, setCookie(deps.cookie, '', 0));
  });
}
