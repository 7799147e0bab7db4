/**
 * A form's results from its figures: each version's variants with their rates, the experiment's comparison with the
 * control (the first variant), the chance each is best, the sample-ratio check and the sentence of what it says.
 * A donate form's variants are compared by revenue per visitor, a powerform's by signatures per visitor.
 */
import type {Experiment, FormComponent, ResultMetric, ResultsAnswer, VariantResult, VersionResult} from '../../src/coral/contract';
import type {FormFigures, VariantFigures} from './read';
import type {Moments} from './stats';
import {analyse} from './verdict';

type Form = {form: string; component: FormComponent; campaign: string};
type Version = {version: number; config: Record<string, unknown>};

type Figures = Omit<VariantFigures, 'version' | 'variant'>;

const NONE: Figures = {
  events: {view: 0, start: 0, submit: 0, done: 0, failed: 0},
  gifts: 0,
  signatures: 0,
  raised: 0,
  capped: 0,
  cappedSquares: 0,
  regularGifts: 0,
  regularMonthly: 0,
};

const per = (count: number, visitors: number): number | null => (visitors > 0 ? count / visitors : null);

/** What a variant's visitors did, as the statistics take it: per visitor, a capped gift's value, or 1 for a signature. */
function momentsOf(metric: ResultMetric, figures: Figures): Moments {
  const n = figures.events.view;
  if (metric === 'signatures-per-visitor') return {n, sum: figures.signatures, sumSquares: figures.signatures};
  return {n, sum: figures.capped, sumSquares: figures.cappedSquares};
}

function versionResult(metric: ResultMetric, version: Version, figures: FormFigures, currency: string | null): VersionResult {
  const experiment = version.config.experiment as Experiment | undefined;
  const arms = experiment?.variants.map(({id, weight}) => ({id, weight})) ?? [{id: '', weight: null}];
  const found = arms.map(({id}) => figures.variants.find((each) => each.version === version.version && each.variant === id) ?? NONE);
  const conversions = (each: Figures) => (metric === 'signatures-per-visitor' ? each.signatures : each.gifts);
  const judged = experiment
    ? analyse(
        metric,
        arms.map(({id, weight}, i) => ({id, weight: weight!, moments: momentsOf(metric, found[i]!), conversions: conversions(found[i]!)})),
        {locale: 'en-AU', currency},
      )
    : null;
  const variants = arms.map(({id, weight}, i): VariantResult => {
    const each = found[i]!;
    const visitors = each.events.view;
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
      vsControl: judged?.arms[i]?.vsControl ?? null,
      chanceBest: judged?.arms[i]?.chanceBest ?? null,
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
  };
}

export function resultsOf(form: Form, versions: readonly Version[], figures: FormFigures): ResultsAnswer {
  const metric: ResultMetric = form.component === 'powerform' ? 'signatures-per-visitor' : 'revenue-per-visitor';
  const currency =
    figures.currency ?? (typeof versions.at(-1)?.config.currency === 'string' ? String(versions.at(-1)!.config.currency) : null);
  return {
    form: form.form,
    component: form.component,
    campaign: form.campaign,
    currency: form.component === 'powerform' ? null : currency,
    versions: versions.map((version) => versionResult(metric, version, figures, currency)),
    days: figures.days,
    amounts: figures.amounts,
    sources: figures.sources,
  };
}
