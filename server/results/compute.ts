/**
 * A form's results from its figures: each version's variants with their rates, the experiment's plan, its
 * comparison with the control (the first variant), the sample-ratio check and the sentence of what it says.
 * A donate form's variants are compared by revenue per visitor (or gifts per visitor, when the experiment says),
 * each gift valued as read.ts says and capped as the table shows it; a powerform's by signatures per visitor.
 */
import {
  COMPONENT_METRICS,
  type Experiment,
  type ExperimentPlan,
  type FormComponent,
  type ResultMetric,
  type ResultsAnswer,
  type VariantResult,
  type VersionResult,
} from '../../src/coral/contract';
import {DECISION, makePlan, type History} from './plan';
import {NO_FIGURES, type FormFigures, type FormHistory, type VariantFigures} from './read';
import type {Moments} from './stats';
import {analyse} from './verdict';

type Form = {form: string; component: FormComponent; campaign: string};
export type Version = {version: number; config: Record<string, unknown>};

type Figures = Omit<VariantFigures, 'version' | 'variant'>;

const per = (count: number, visitors: number): number | null => (visitors > 0 ? count / visitors : null);

/** What a variant's visitors did, as the statistics take it: per visitor, a capped gift's value, a gift, or a signature. */
function momentsOf(metric: ResultMetric, figures: Figures): Moments {
  const n = figures.events.view;
  if (metric === 'signatures-per-visitor') return {n, sum: figures.signatures, sumSquares: figures.signatures};
  if (metric === 'gifts-per-visitor') return {n, sum: figures.gifts, sumSquares: figures.gifts};
  return {n, sum: figures.capped, sumSquares: figures.cappedSquares};
}

/** The metric an experiment is decided on: its own, or its component's first. */
export function experimentMetric(component: FormComponent, experiment: Experiment | undefined): ResultMetric {
  const allowed = COMPONENT_METRICS[component] ?? ['revenue-per-visitor'];
  return allowed.find((metric) => metric === experiment?.metric) ?? allowed[0]!;
}

/** The form's history as a plan takes it, for the metric. */
export function historyFor(metric: ResultMetric, history: FormHistory | null): History | null {
  if (history === null) return null;
  const {visitors, days} = history;
  const sum = metric === 'signatures-per-visitor' ? history.signatures : metric === 'gifts-per-visitor' ? history.gifts : history.valued;
  const sumSquares = metric === 'revenue-per-visitor' ? history.valuedSquares : sum;
  return {visitors, days, moments: {n: visitors, sum, sumSquares}};
}

/** An experiment's plan, from the form's history before its version was published (null: none kept). */
export function planOf(component: FormComponent, experiment: Experiment, history: FormHistory | null): ExperimentPlan {
  const metric = experimentMetric(component, experiment);
  return makePlan(metric, experiment.variants, experiment.smallestLiftPercent ?? DECISION.liftPercent, historyFor(metric, history));
}

const DAY_MS = 86_400_000;

/** Whole days from `first` (a UTC date) to `now`: 0 on the first day. */
const daysSince = (first: string, now: number): number => Math.max(0, Math.floor((now - Date.parse(`${first}T00:00:00Z`)) / DAY_MS));

/** Whether a version's gifts or signatures go to the in-browser sandbox: its gateway, or none (the default). */
const onSandbox = (config: Record<string, unknown>): boolean => {
  const gateway = config.gateway as {type?: unknown} | undefined;
  return gateway === undefined || gateway.type === 'sandbox';
};

type Context = {component: FormComponent; figures: FormFigures; currency: string | null; now: number};

function versionResult(version: Version, history: FormHistory | null, {component, figures, currency, now}: Context): VersionResult {
  const experiment = version.config.experiment as Experiment | undefined;
  const metric = experimentMetric(component, experiment);
  const arms = experiment?.variants.map(({id, weight}) => ({id, weight})) ?? [{id: '', weight: null}];
  const found = arms.map(({id}) => figures.variants.find((each) => each.version === version.version && each.variant === id) ?? NO_FIGURES);
  const conversions = (each: Figures) => (metric === 'signatures-per-visitor' ? each.signatures : each.gifts);
  const first = figures.versionDays.find((each) => each.version === version.version)?.first;
  const days = first === undefined ? null : daysSince(first, now);
  const capCents = metric === 'revenue-per-visitor' ? (found.find((each) => each.cap !== null)?.cap ?? null) : null;
  const plan = experiment ? planOf(component, experiment, history) : null;
  const judged =
    experiment && plan
      ? analyse(
          {
            metric,
            plan,
            days,
            arms: arms.map(({id, weight}, i) => ({
              id,
              weight: weight!,
              moments: momentsOf(metric, found[i]!),
              conversions: conversions(found[i]!),
            })),
          },
          {locale: 'en-AU', currency, capCents},
        )
      : null;
  const variants = arms.map(({id, weight}, i): VariantResult => {
    const each = found[i]!;
    const visitors = each.events.view;
    const moments = momentsOf(metric, each);
    return {
      variant: id,
      weight,
      visitors,
      starts: each.events.start,
      submits: each.events.submit,
      gifts: each.gifts,
      signatures: each.signatures,
      raisedCents: each.raised,
      regularGifts: each.regularGifts,
      regularMonthlyCents: each.regularMonthly,
      meanGiftCents: each.gifts > 0 ? each.raised / each.gifts : null,
      revenuePerVisitorCents: per(each.raised, visitors),
      conversion: per(conversions(each), visitors),
      metricValue: per(moments.sum, visitors),
      vsControl: judged?.arms[i]?.vsControl ?? null,
    };
  });
  return {
    version: version.version,
    experiment: experiment?.id ?? null,
    metric,
    variants,
    srm: judged?.srm ?? null,
    verdict: judged?.verdict ?? null,
    enoughToStop: judged?.enoughToStop ?? null,
    decision: judged?.decision ?? null,
    plan,
    days,
    capCents,
    sandbox: component !== 'thank-you' && onSandbox(version.config),
  };
}

/**
 * The results of `form` from its `versions`, their figures, each version's history before it was published
 * (`histories`, by version) and the time of reading.
 */
export function resultsOf(
  form: Form,
  versions: readonly Version[],
  figures: FormFigures,
  histories: ReadonlyMap<number, FormHistory> = new Map(),
  now = Date.now(),
): ResultsAnswer {
  // A donate form with no gift yet is in its config's currency, which is AUD unless it says.
  const configured = versions.at(-1)?.config.currency;
  const currency = figures.currency ?? (typeof configured === 'string' ? configured : form.component === 'donate-form' ? 'AUD' : null);
  const context = {component: form.component, figures, currency, now};
  return {
    form: form.form,
    component: form.component,
    campaign: form.campaign,
    currency: form.component === 'powerform' ? null : currency,
    versions: versions.map((version) => versionResult(version, histories.get(version.version) ?? null, context)),
    days: figures.days,
    amounts: figures.amounts,
    sources: figures.sources,
    countries: form.component === 'powerform' ? (figures.countries ?? []) : null,
  };
}
