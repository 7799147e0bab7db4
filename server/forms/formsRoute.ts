/**
 * The forms published on the endpoint: `GET /forms/<id>[?version=N]` for any page (through the reader doorway, with
 * CORS), and for the admin token's bearer `PUT /forms/<id>`, which publishes a new version, and `GET /forms`.
 */
import {FORM_ID, FORM_ID_RULE, FORM_PARAM, ROUTES} from '../../src/coral/contract';
import {
  readJson,
  type Logger,
  rejected,
  type Reply,
  admitsStaff,
  type SessionCookie,
  bearsToken,
  answerFailures,
  pathPattern,
} from '../http';
import type {Database} from '../db';
import {checkForm, headerText, publishedBy, type CheckedForm} from './check';
import {campaignRefusal} from './standing';
import {listForms, publishForm, readForm, refusal} from './store';

/**
 * Why a donate form or powerform of a campaign CORAL_CAMPAIGNS does not list is not published (it would take
 * nothing), or null. A thank-you page takes nothing itself, so it is published for any campaign.
 */
export function unlistedForm(form: CheckedForm, listed: ReadonlySet<string> | null): string | null {
  const why = form.component === 'thank-you' ? null : campaignRefusal(form.campaign, listed);
  if (why === null) return null;
  return `${why}, so the form would take nothing: list the campaign there first, or leave CORAL_CAMPAIGNS unset to publish every form here`;
}

/**
 * Why a donate form that takes real gifts is not published on an endpoint without Stripe's keys (every gift on it
 * would be refused), or null. A form on the sandbox gateway takes no real gift, and a powerform or thank-you page none.
 */
export function giftlessForm(form: CheckedForm, takesGifts: boolean): string | null {
  if (takesGifts || form.component !== 'donate-form') return null;
  const gateway = form.config.gateway as {type?: unknown} | undefined;
  if (gateway === undefined || gateway.type === 'sandbox') return null;
  return `this endpoint takes no gifts (STRIPE_SECRET_KEY is not set), so every gift on the form would be refused: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on it first, or publish the form on the endpoint that takes its gifts`;
}

/** A form's path, whatever stands for its id in its one group: the route says what is wrong with a bad id. */
export const FORM_PATH = pathPattern(ROUTES.form.path, FORM_PARAM);

/** A config is a few kilobytes; a thank-you page's copy in several languages still well under this. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * `db`: null where the endpoint keeps no records. `token`: CORAL_ADMIN_TOKEN, null when the admin routes are off.
 * `cookie`: the results page's session cookie, which lists the forms too.
 */
export type FormRouteDeps = {
  db: Database | null;
  token: string | null;
  cookie: SessionCookie;
  now: () => number;
  log: Logger;
  /** The campaigns CORAL_CAMPAIGNS lists, null when it is unset: a form of any other campaign would take nothing. */
  listed?: ReadonlySet<string> | null;
  /** Whether the endpoint has Stripe's keys: without them, a donate form that takes real gifts is not published. */
  takesGifts: boolean;
};

// The newest version changes when one is published: a browser asks again each time (and gets a 304 while it has
// the newest), a shared cache (a CDN) answers from its copy for a minute, so a busy page costs a read a minute and a
// publish shows everywhere within one. A version asked for by number never changes, so any cache keeps it.
const NEWEST = 'public, max-age=0, s-maxage=60';
const PINNED = 'public, max-age=31536000, immutable';

/** GET /forms/<id>[?version=N]: 404 for a form or version there is not, 400 for a version that is no number. */
export async function answerForm(deps: Omit<FormRouteDeps, 'token'>, id: string, request: Request): Promise<Reply> {
  const asked = new URL(request.url).searchParams.get('version');
  if (asked !== null && !/^[1-9]\d{0,8}$/.test(asked))
    return rejected(`version: got "${asked.slice(0, 20)}"; expected a whole number from 1`);
  const {db} = deps;
  if (db === null || !FORM_ID.test(id)) return rejected('no such form', 404);
  return answerFailures(deps.log, async () => {
    const form = await readForm(db, id, asked === null ? undefined : Number(asked));
    if (form === null)
      return rejected(asked === null ? 'no such form, or every version of it is withdrawn' : 'no such version of this form', 404);
    return {status: 200, body: form, headers: {etag: `"${form.form}-${form.version}"`, 'cache-control': asked === null ? NEWEST : PINNED}};
  });
}

/**
 * What every admin route checks first: 404 while the token is not set (as if there were no route), 401 without it.
 * `session`: for a read the results page makes, its session cookie admits too; never for a publish.
 */
export async function admitted(
  deps: Pick<FormRouteDeps, 'db' | 'token'>,
  request: Request,
  session?: Pick<FormRouteDeps, 'cookie' | 'now'>,
): Promise<Reply | null> {
  const {db, token} = deps;
  if (token === null || db === null) return rejected('not found', 404);
  const admits = session ? await admitsStaff({db, token, ...session}, request) : await bearsToken(request, token);
  if (!admits) return {...rejected('unauthorised', 401), headers: {'www-authenticate': 'Bearer'}};
  return null;
}

/** PUT /forms/<id>: the config, with its `component`, checked by the component's own parse and kept as the next version. */
export async function answerPublish(deps: FormRouteDeps, request: Request, id: string): Promise<Reply> {
  const refused = await admitted(deps, request);
  if (refused !== null) return refused;
  if (!FORM_ID.test(id)) return rejected(`form: got "${id.slice(0, 80)}"; ${FORM_ID_RULE}`);
  const header = request.headers.get('coral-published-by');
  const name = header === null ? null : headerText(header);
  if (name === null && header !== null) return rejected(`Coral-Published-By: UTF-8'' and then a name in percent-encoded UTF-8`);
  const by = publishedBy(name);
  if (!by.ok) return rejected(`Coral-Published-By: ${by.problem}`);
  const read = await readJson(request, MAX_CONFIG_BYTES);
  if (!read.ok) return read.answer;
  const checked = checkForm(read.value);
  if (!checked.ok) return {status: 422, body: {status: 'rejected', reason: checked.problems.join('; '), problems: checked.problems}};
  const unlisted = unlistedForm(checked.form, deps.listed ?? null) ?? giftlessForm(checked.form, deps.takesGifts);
  if (unlisted !== null) return rejected(unlisted, 409);
  const {db, now, log} = deps;
  return answerFailures(log, async () => {
    const published = await publishForm(db!, id, checked.form, by.by, new Date(now()));
    if (!published.ok) return rejected(refusal(id, published, checked.form.component), 409);
    log.info({form: id, version: published.version}, 'form published');
    return {status: 201, body: {form: id, version: published.version}};
  });
}

/** GET /forms: every form with its versions, for the admin token or the results page's session. */
export async function answerFormList(deps: FormRouteDeps, request: Request): Promise<Reply> {
  // The session is looked up in the records, so a database that does not answer is a 503 from here on.
  return answerFailures(deps.log, async () => {
    const refused = await admitted(deps, request, deps);
    if (refused !== null) return refused;
    if (request.method !== ROUTES.forms.method) return {...rejected('use GET', 405), headers: {allow: 'GET'}};
    return {status: 200, body: {forms: await listForms(deps.db!)}};
  });
}
