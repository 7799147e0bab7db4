/**
 * An experiment's plan, made before it starts: what it is decided on, the smallest lift worth finding, the visitors
 * each variant needs for the sequence (./sequential.ts) to find that lift with 80 % power, and how many days that
 * takes at the form's own traffic. Made from the form's visitors and gifts in the four weeks before the version was
 * published, so the same plan comes out when publishing and on every reading of the results after, and nothing the
 * experiment itself shows can move it; a form with too little of its own history is planned on a stated assumption.
 */
import type {ExperimentPlan, ResultMetric} from '../../src/coral/contract';
import {visitorsNeeded, type Baseline} from './sequential';
import type {Moments} from './stats';

/** The decision's error and power: the chance of naming a variant better or worse when none is, across all comparisons. */
export const DECISION = {
  /** The chance, across every comparison with the control and every day it is read, of a false winner. */
  alpha: 0.05,
  /** The chance of finding the smallest lift worth finding, at the planned visitors. */
  power: 0.8,
  /** Whole days before a decision is offered, so every day of the week is in it. */
  days: 7,
  /** Gifts (or signatures) on every variant before a decision, so no mean rests on a handful. */
  conversions: 30,
  /** The smallest lift worth finding, in percent, when the experiment does not say. */
  liftPercent: 10,
  /** Above this many days the plan says plainly that the experiment is long, and what would be faster. */
  longDays: 56,
} as const;

/** The payments of a regular gift an experiment values it by: its first twelve months' (read.ts sums them so). */
export const REGULAR_VALUE = {monthly: 12, weekly: 52, dailyMost: 365} as const;

/** How far back the plan looks for the form's own visitors and gifts. */
export const HISTORY_DAYS = 28;

/** The fewest visitors, and days with visitors, of the form's own history a plan is made from; fewer, and it assumes. */
export const HISTORY_ENOUGH = {visitors: 500, days: 7} as const;

/**
 * What a plan assumes of a form with too little history of its own: visitors a day, and per visitor, the chance of
 * giving (or signing) and, for money, a gift's mean and its coefficient of variation (a long tail: most give $20 to
 * $100, a few give $1,000 and more).
 */
export const ASSUMED = {
  visitorsPerDay: 500,
  giving: 0.025,
  signing: 0.25,
  meanGiftCents: 6000,
  giftCv: 1.5,
} as const;

/** The form's own recent history: its visitors, the days that had any, and the metric's moments per visitor. */
export type History = {visitors: number; days: number; moments: Moments};

/** The alpha of one comparison with the control: Bonferroni's share of the whole. */
export const comparisonAlpha = (variants: number): number => DECISION.alpha / Math.max(1, variants - 1);

/** The assumed baseline per visitor for a metric: the mean and variance of a 0/1 outcome, or of a gift or nothing. */
function assumedBaseline(metric: ResultMetric): Baseline {
  if (metric === 'signatures-per-visitor') return {mean: ASSUMED.signing, variance: ASSUMED.signing * (1 - ASSUMED.signing)};
  if (metric === 'gifts-per-visitor') return {mean: ASSUMED.giving, variance: ASSUMED.giving * (1 - ASSUMED.giving)};
  const mean = ASSUMED.giving * ASSUMED.meanGiftCents;
  const secondMoment = ASSUMED.giving * ASSUMED.meanGiftCents ** 2 * (1 + ASSUMED.giftCv ** 2);
  return {mean, variance: secondMoment - mean * mean};
}

type Weighted = {id: string; weight: number};

/**
 * The plan for an experiment of `variants` (the control first), decided on `metric`, to find `liftPercent`, from
 * `history` (null: none kept). Each comparison is sized for its own two variants' shares of the visitors, and the
 * experiment needs what its hardest comparison needs.
 */
export function makePlan(
  metric: ResultMetric,
  variants: readonly Weighted[],
  liftPercent: number,
  history: History | null,
): ExperimentPlan {
  const own = history !== null && history.visitors >= HISTORY_ENOUGH.visitors && history.days >= HISTORY_ENOUGH.days;
  const {moments} = history ?? {moments: {n: 0, sum: 0, sumSquares: 0}};
  const measured: Baseline | null =
    own && moments.n >= 2
      ? {mean: moments.sum / moments.n, variance: Math.max(0, (moments.sumSquares - moments.sum ** 2 / moments.n) / (moments.n - 1))}
      : null;
  // A history with no gift at all gives nothing to lift: the plan falls back on the assumption, and says so.
  const baseline = measured !== null && measured.mean > 0 && measured.variance > 0 ? measured : assumedBaseline(metric);
  const from = baseline === measured ? 'history' : 'assumed';
  const visitorsPerDay = from === 'history' ? history!.visitors / history!.days : ASSUMED.visitorsPerDay;
  const total = variants.reduce((sum, each) => sum + each.weight, 0);
  const control = variants[0]!.weight / total;
  const target = {lift: liftPercent / 100, alpha: comparisonAlpha(variants.length), power: DECISION.power};
  let experimentVisitors = 0;
  const comparisons = variants.slice(1).map((variant) => {
    const share = variant.weight / total;
    const needed = visitorsNeeded(baseline, target, {control, variant: share})!;
    experimentVisitors = Math.max(experimentVisitors, needed);
    return {variant: variant.id, share};
  });
  const perVariant = variants.map((variant) => ({variant: variant.id, visitors: Math.ceil((experimentVisitors * variant.weight) / total)}));
  // Whole weeks: a decision is offered at the first whole week, and the plan ends on one too.
  const days = Math.max(DECISION.days, Math.ceil(experimentVisitors / visitorsPerDay / 7) * 7);
  return {
    metric,
    liftPercent,
    alpha: DECISION.alpha,
    power: DECISION.power,
    from,
    baseline: {mean: baseline.mean, sd: Math.sqrt(baseline.variance), visitorsPerDay},
    visitors: perVariant,
    tuning: comparisons.map(({variant, share}) => ({variant, visitors: Math.ceil(experimentVisitors * (control + share))})),
    days,
    long: days > DECISION.longDays,
  };
}

const whole = new Intl.NumberFormat('en', {maximumFractionDigits: 0});

/** What the metric is called in a sentence. */
export const metricName = (metric: ResultMetric): string =>
  metric === 'revenue-per-visitor'
    ? 'revenue per visitor'
    : metric === 'gifts-per-visitor'
      ? 'gifts per visitor'
      : 'signatures per visitor';

/** The plan in words, as the publish step and the results page say it. */
export function planSentence(plan: ExperimentPlan): string {
  const each = plan.visitors.slice(1).every((variant) => variant.visitors === plan.visitors[0]!.visitors)
    ? `${whole.format(plan.visitors[0]!.visitors)} visitors on each variant`
    : plan.visitors.map((variant) => `${whole.format(variant.visitors)} on ${variant.variant}`).join(', ') + ' visitors';
  const pace =
    plan.from === 'history'
      ? `at the ${whole.format(plan.baseline.visitorsPerDay)} visitors a day this form had in the ${HISTORY_DAYS} days before`
      : `at an assumed ${whole.format(plan.baseline.visitorsPerDay)} visitors a day (this form has too little history of its own)`;
  const weeks = plan.days / 7;
  const length = `about ${whole.format(weeks)} week${weeks === 1 ? '' : 's'}`;
  const sentence = `Decided on ${metricName(plan.metric)}. To find a lift of ${plan.liftPercent} % or more with ${Math.round(plan.power * 100)} % power it needs ${each}: ${length} ${pace}.`;
  if (!plan.long) return sentence;
  const faster = [
    plan.metric === 'revenue-per-visitor' ? 'decide on gifts per visitor ("metric": "gifts-per-visitor"), which varies far less' : null,
    plan.visitors.length > 2 ? 'test fewer variants' : null,
    'look for a larger lift ("smallestLiftPercent")',
  ].filter((each): each is string => each !== null);
  return `${sentence} That is longer than eight weeks: to finish sooner, ${faster.join(', or ')}.`;
}
