/**
 * GET /results/<form>, with the admin token or the results page's session: a published form's figures by version and variant (visitors, starts,
 * gifts and signatures, what was raised, revenue per visitor), its experiment's comparison with the control and the
 * evidence in a sentence, its days, the amounts chosen and the sources, from the events' daily counts, and for a
 * powerform its campaign's signatures by country. Visitors' rows
 * older than the results need are folded first (deleted, their counts kept), so no visitor id is kept longer.
 */
import {FORM_ID, FORM_PARAM, ROUTES, type Experiment, type FormComponent} from '../../src/coral/contract';
import type {Database} from '../db';
import {type Logger, rejected, type Reply, type SessionCookie, answerFailures, pathPattern} from '../http';
import {planOf, resultsOf} from './compute';
import {foldBefore, foldEvents} from './events';
import {HISTORY_DAYS, planSentence} from './plan';
import {readCountries, readFigures, readHistory, type FormHistory} from './read';
import {admitted} from '../forms';

/** `cookie`: the results page's session cookie, which admits as the token does (http/session.ts). */
export type ResultsDeps = {db: Database | null; token: string | null; cookie: SessionCookie; now: () => number; log: Logger};

/** A form's results path, with its id in its one group. */
export const RESULTS_PATH = pathPattern(ROUTES.results.path, FORM_PARAM);

export async function answerResults(deps: ResultsDeps, request: Request, id: string): Promise<Reply> {
  const {db, now, log} = deps;
  // The session is looked up in the records, so a database that does not answer is a 503 from here on.
  return answerFailures(log, async () => {
    const refused = await admitted(deps, request, deps);
    if (refused !== null) return refused;
    if (request.method !== ROUTES.results.method) return {...rejected('use GET', 405), headers: {allow: 'GET'}};
    if (!FORM_ID.test(id)) return rejected('no such form', 404);
    const [form] = await db!.query<{form: string; component: FormComponent; campaign: string}>(
      'select id as form, component, campaign from forms where id = $1',
      [id],
    );
    if (form === undefined) return rejected('no such form', 404);
    await foldEvents(db!, foldBefore(now()));
    const figures = await readFigures(db!, id);
    if (form.component === 'powerform') figures.countries = await readCountries(db!, form.campaign);
    // Of each version's config, only what the results read: its experiment, currency and gateway, not the whole config.
    const versions = await db!.query<{version: number; config: Record<string, unknown>; published_at: Date}>(
      `select version, published_at, jsonb_strip_nulls(jsonb_build_object('experiment', config->'experiment',
         'currency', config->'currency', 'gateway', config->'gateway')) as config
       from form_versions where form = $1 order by version`,
      [id],
    );
    // An experiment's plan is made from the form's history before its version was published, never from its own figures.
    const histories = new Map<number, FormHistory>();
    for (const version of versions) {
      if (version.config.experiment !== undefined)
        histories.set(version.version, await readHistory(db!, id, version.published_at, HISTORY_DAYS));
    }
    return {status: 200, body: resultsOf(form, versions, figures, histories, now()), headers: {'cache-control': 'no-store'}};
  });
}

/**
 * The plan of version `version` of form `form` in words, as its results will give it, for whoever has just published
 * it; null where the version has no experiment.
 */
export async function publishedPlan(db: Database, form: string, version: number): Promise<string | null> {
  const [found] = await db.query<{component: FormComponent; experiment: Experiment | null; published_at: Date}>(
    `select f.component, v.config->'experiment' as experiment, v.published_at from form_versions v join forms f on f.id = v.form
     where v.form = $1 and v.version = $2`,
    [form, version],
  );
  if (found === undefined || found.experiment === null) return null;
  const history = await readHistory(db, form, found.published_at, HISTORY_DAYS);
  return planSentence(planOf(found.component, found.experiment, history));
}
