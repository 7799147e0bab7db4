/**
 * A published form's whole shape as the Customise tab takes it: the component's own config, and beside it what only
 * publishing reads (`experiment`, `visitor`), kept aside from the component's check and sent with the config. The
 * experiment is checked by the endpoint's rule (server/forms/experiment.ts), built from the same parts of the contract.
 */
import {
  formAnswerSchema,
  FORM_COMPONENTS,
  publishedKeyProblems,
  type Experiment,
  type FormComponent,
  type VisitorStore,
} from '../../coral/contract';
import type {ParseResult} from '../../coral/shared/config';
import {describeError} from '../../coral/shared/configErrors';
import {isRecord, type Config} from './model';

/** What a published form keeps beside its component's config. */
export type Kept = {experiment?: Experiment; visitor?: VisitorStore};

/** The component's problems with a config, one line each ("size: got …; expected …"); none when it takes it. */
export type Check = (config: Config) => readonly string[];

/** A component's parse as a Check: its errors in the words of the config's error box. */
export const checkOf =
  (parse: (input: unknown) => ParseResult<unknown>): Check =>
  (config) => {
    const parsed = parse(config);
    return parsed.ok ? [] : parsed.errors.map(describeError);
  };

export type Pasted = {ok: true; config: Config; kept: Kept} | {ok: false; problems: string[]};

/**
 * A pasted config as a published form holds it: with `component` (which must be this tab's), `experiment` and
 * `visitor` beside the component's options, as `npm run forms -- publish` takes it; or a version as `GET /forms/<id>`
 * answers it, whose `config` is taken, to publish an older version again.
 */
export function readPasted(component: FormComponent, value: unknown, check: Check): Pasted {
  const answer = formAnswerSchema.safeParse(value);
  const given = answer.success ? {...answer.data.config, component: answer.data.component} : value;
  if (!isRecord(given)) return {ok: false, problems: ['expected a config: a JSON object of options']};
  const {component: named, experiment, visitor, ...config} = given;
  if (named !== undefined && named !== component) {
    const another = FORM_COMPONENTS.find((candidate) => candidate === named);
    const what = another ? `this is a ${component} demo: paste it on a ${another} demo` : `expected "${component}", this demo’s`;
    return {ok: false, problems: [`component: got ${JSON.stringify(named)}; ${what}`]};
  }
  const own = check(config);
  // A config the component refuses would fail every variant the same way: its own lines say it once.
  if (own.length > 0) return {ok: false, problems: [...own]};
  const problems = publishedKeyProblems(component, config, {experiment, visitor}, check);
  if (problems.length > 0) return {ok: false, problems};
  return {
    ok: true,
    config,
    kept: {
      ...(experiment === undefined ? {} : {experiment: experiment as Experiment}),
      ...(visitor === undefined ? {} : {visitor: visitor as VisitorStore}),
    },
  };
}
