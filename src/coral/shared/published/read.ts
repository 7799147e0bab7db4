/**
 * A form published on the endpoint, fetched by its id and read: the config to
 * render with the version it came from, a problem with what the page gave (the
 * endpoint, a form of another kind) to show in the config box, or why it
 * could not be had, for the load-failed box with its "Try again".
 */
import type {FormAnswer, FormComponent, PublishedSend} from '../../contract';
import {FORM_PARAM, FORM_PATH} from '../../contract/formPath';
import {safeUrl, type ConfigError} from '../config';
import * as zod from 'zod/mini';
import type * as Visits from './visits';

export type PublishedRead =
  | {
      status: 'ready';
      config: Record<string, unknown>;
      /** The form and the page's utm values, which its events, gifts and signatures all carry. */
      published: PublishedSend;
      /** Sends the form's events from what happens inside `wrapper`, until the clean-up it answers is called. */
      track: (wrapper: HTMLElement) => () => void;
    }
  | {status: 'wrong'; problem: ConfigError[]}
  | {status: 'failed'; why?: string};

/** Each kind of form as the boxes name it, by its id in the endpoint's answer. */
const NAMES: Record<FormComponent, string> = {'donate-form': 'donate form', powerform: 'powerform', 'thank-you': 'thank-you page'};

const isAnswer = (body: unknown, id: string): body is FormAnswer => {
  const answer = body as Partial<FormAnswer> | null;
  return (
    answer?.form === id &&
    Number.isInteger(answer.version) &&
    typeof answer.component === 'string' &&
    answer.component in NAMES &&
    typeof answer.config === 'object' &&
    answer.config !== null
  );
};

/**
 * Reads form `id` from the endpoint at `endpoint` (its base URL, as `gateway.endpoint` takes it) for the component
 * named `component` ("donate form", "powerform", "thank-you"). Never throws: every way it can go is an answer.
 */
export async function readPublished(endpoint: string | null | undefined, id: string, component: string): Promise<PublishedRead> {
  const given = zod.safeParse(safeUrl, endpoint ?? '');
  if (!endpoint || !given.success) {
    const message = given.error?.issues[0]?.message ?? 'expected the endpoint’s base URL, e.g. "https://give.example.org"';
    return {
      status: 'wrong',
      problem: [{path: 'endpoint', value: endpoint ? JSON.stringify(endpoint) : '(missing)', message: `${message}, to read form "${id}"`}],
    };
  }
  // The visitor's variant and events come in a chunk of their own, fetched beside the form; a failed load of it is a failed read.
  const loading = import('./visits');
  loading.catch(() => {});
  const base = given.data.replace(/\/+$/, '');
  const url = base + FORM_PATH.replace(FORM_PARAM, encodeURIComponent(id));
  let response: Response;
  let body: unknown = null;
  try {
    response = await fetch(url, {headers: {accept: 'application/json'}});
    if (response.ok) body = await response.json();
  } catch (error) {
    console.error(`Coral: could not read form "${id}" from ${url}: ${String(error)}`);
    return {status: 'failed'};
  }
  if (response.status === 404) {
    // Which form and where are for the page's developer; the supporter is told only that it is not there.
    console.error(`Coral: form "${id}" is not on ${given.data}.`);
    return {status: 'failed', why: `This ${component} is not available.`};
  }
  if (!isAnswer(body, id)) {
    console.error(`Coral: ${url} answered ${response.status} with no form "${id}".`);
    return {status: 'failed'};
  }
  if (body.component !== component.replace(' ', '-')) {
    return {status: 'wrong', problem: [{path: 'form', value: JSON.stringify(id), message: `form "${id}" is a ${NAMES[body.component]}`}]};
  }
  let visits: typeof Visits;
  let visit: ReturnType<typeof Visits.visit>;
  try {
    visits = await loading;
    visit = visits.visit(body.config as Record<string, unknown>);
  } catch (error) {
    console.error(`Coral: could not load what form "${id}" shows its visitor: ${String(error)}`);
    return {status: 'failed'};
  }
  const {config, visitor, variant} = visit;
  const published = {form: variant ? {id, version: body.version, variant} : {id, version: body.version}, utm: visits.pageUtm()};
  const beacons = {base, published, visitor, source: config.sourceCode};
  return {status: 'ready', config, published, track: (wrapper) => visits.track(wrapper, beacons, component === 'thank-you')};
}
