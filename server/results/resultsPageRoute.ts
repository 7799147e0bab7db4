/**
 * The results page for staff: `GET /results`, the sign-in form or, with a session, the shell its script fills; and
 * `GET /results/app.js`, that script. Both answer 404 while the admin token is unset or no records are kept.
 */
import {FORM_ID} from '../../src/coral/contract';
import {isUnavailable, type Database} from '../db';
import {type Logger, rejected, respond, hasSession, type SessionCookie, UNAVAILABLE} from '../http';
import {PAGE_POLICY, resultsShell, signInPage} from './page';

/** What the page's routes need: `token` CORAL_ADMIN_TOKEN (null: off); `script` the page's built script, if any. */
export type ResultsPageDeps = {
  db: Database | null;
  token: string | null;
  basePath: string;
  cookie: SessionCookie;
  now: () => number;
  log: Logger;
  script: () => Promise<string | null>;
};

export const NOT_FOUND = () => respond(rejected('not found', 404));

/** An HTML page as the results page sends each: never cached, never framed, never sniffed, no referrer. */
export function htmlPage(status: number, html: string, own: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_POLICY,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      ...own,
    },
  });
}

/** Runs a step on the database, answering 503 when it cannot be reached. */
export async function withRecords(deps: ResultsPageDeps, step: () => Promise<Response>): Promise<Response> {
  try {
    return await step();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    deps.log.error({error: (error as Error).name}, 'the database did not answer');
    return respond(UNAVAILABLE);
  }
}

/** The form the page was opened on (`?form=`, as the page keeps it), when it is a form's id: the sign-in goes back to it. */
export function chosenForm(params: URLSearchParams): string | null {
  const form = params.get('form');
  return form !== null && FORM_ID.test(form) ? form : null;
}

/** Whether the page is on; its routes reply 404 otherwise, as if there were none. */
export const pageOn = (deps: ResultsPageDeps): deps is ResultsPageDeps & {db: Database; token: string} =>
  deps.token !== null && deps.db !== null;

/** GET /results: the results with a session, the sign-in form without. */
export async function answerResultsPage(deps: ResultsPageDeps, request: Request): Promise<Response> {
  if (!pageOn(deps)) return NOT_FOUND();
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return respond({...rejected('use GET or POST', 405), headers: {allow: 'GET, POST'}});
  return withRecords(deps, async () => {
    const signedIn = await hasSession(deps.db, deps.cookie, request, deps.now());
    return htmlPage(
      200,
      signedIn ? resultsShell(deps.basePath) : signInPage(deps.basePath, null, chosenForm(new URL(request.url).searchParams)),
    );
  });
}

/** GET /results/app.js: the page's script, built beside the endpoint (`npm run server:build`). */
export async function answerResultsScript(deps: ResultsPageDeps, request: Request): Promise<Response> {
  if (!pageOn(deps)) return NOT_FOUND();
  if (request.method !== 'GET' && request.method !== 'HEAD') return respond({...rejected('use GET', 405), headers: {allow: 'GET'}});
  const script = await deps.script();
  if (script === null) {
    deps.log.error({}, 'the results page has no script: run npm run server:build');
    return NOT_FOUND();
  }
  return new Response(script, {
    headers: {'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff'},
  });
}
