/**
 * What an experiment says, on any day it is read, and in one sentence.
 *
 * Each variant is compared with the control by the difference in the metric per visitor, inside an always-valid
 * interval (./sequential.ts) at α/(k − 1) for k variants (Bonferroni), tuned for the visitors the plan (./plan.ts)
 * gives the two: with chance at least 95 %, across every comparison and every day, no interval leaves out the true
 * difference, so reading the results every day and acting on the first clear answer names a false winner at most one
 * time in twenty. Each comparison then says one of:
 *
 * - better or worse: the interval is wholly above or below zero;
 * - alike: the interval lies wholly within the smallest lift worth finding, either way, of the control's figure;
 * - undecided: neither yet.
 *
 * No comparison is offered before a whole week of visitors and DECISION.conversions gifts (or signatures) on every
 * variant, nor when the split of visitors is broken. The experiment as a whole is decided when a variant is better
 * than the control, or when every variant is worse or alike; alike when all are alike; and, once every variant has
 * the visitors its plan asked for with nothing clear, no difference found that it could have seen, with the
 * smallest lift it could have.
 */
import type {Decision, ExperimentPlan, ResultMetric} from '../../src/coral/contract';
import {comparisonAlpha, DECISION, metricName} from './plan';
import {confidenceSequence, difference, smallestVisibleLift, type Estimate} from './sequential';
import {mean, sampleRatio, type Moments, type SampleRatio} from './stats';

/** A variant's figures as the caller sums them: its moments, and its gifts (revenue) or signatures. */
export type Arm = {id: string; weight: number; moments: Moments; conversions: number};

export type Outcome = 'better' | 'worse' | 'alike' | 'undecided';

/** A variant against the control: the difference, its always-valid interval, the lift on the control's figure, the outcome. */
export type VsControl = {difference: number; low: number; high: number; lift: number | null; outcome: Outcome};

export type JudgedArm = Arm & {vsControl: VsControl | null};

/** What a version's experiment says: each variant judged (the control first), the split's check, and the verdict. */
export type Judgement = {arms: JudgedArm[]; srm: SampleRatio; decision: Decision; enoughToStop: boolean; verdict: string};

/** Where the verdict is written for: the locale, the currency of the gifts (null for signatures) and the gifts' cap. */
export type Wording = {locale: string; currency: string | null; capCents?: number | null};

/** What is read: the metric, the arms (the control first), the plan, and the whole days since the first visitor. */
export type Reading = {metric: ResultMetric; arms: readonly Arm[]; plan: ExperimentPlan; days: number | null};

/** The decisions that say the experiment may stop. */
const STOPS: readonly Decision[] = ['decided', 'alike', 'no-difference-found'];

/** Why a decision is not offered yet, or null when it may be. */
function tooEarly({arms, days}: Reading): boolean {
  return days === null || days < DECISION.days || arms.some((arm) => arm.conversions < DECISION.conversions);
}

/** The variant against the control: null with too few visitors, or when every visitor of both did the same. */
function compare(control: Arm, arm: Arm, reading: Reading, judged: boolean): {vs: VsControl; estimate: Estimate} | null {
  const estimate = difference(control.moments, arm.moments);
  if (estimate === null || (estimate.variance === 0 && estimate.estimate === 0)) return null;
  const planned = reading.plan.tuning.find((each) => each.variant === arm.id)?.visitors ?? estimate.n;
  const sequence = confidenceSequence(estimate, {alpha: comparisonAlpha(reading.arms.length), planned});
  // Two shares of visitors differ by a whole at most: the sequence cut to that still holds the true difference.
  const share = reading.metric !== 'revenue-per-visitor';
  const low = share ? Math.max(-1, sequence.low) : sequence.low;
  const high = share ? Math.min(1, sequence.high) : sequence.high;
  const base = mean(control.moments);
  const lift = base > 0 ? estimate.estimate / base : null;
  const worth = (reading.plan.liftPercent / 100) * base;
  const outcome: Outcome = !judged
    ? 'undecided'
    : low > 0
      ? 'better'
      : high < 0
        ? 'worse'
        : base > 0 && low > -worth && high < worth
          ? 'alike'
          : 'undecided';
  return {vs: {difference: estimate.estimate, low, high, lift, outcome}, estimate};
}

/** The experiment's decision from its comparisons. */
function decide(reading: Reading, srm: SampleRatio, judged: readonly JudgedArm[]): Decision {
  if (srm.broken) return 'broken';
  if (tooEarly(reading)) return 'too-early';
  const outcomes = judged.slice(1).map((arm) => arm.vsControl?.outcome ?? 'undecided');
  if (outcomes.includes('better')) return 'decided';
  if (outcomes.every((outcome) => outcome === 'alike')) return 'alike';
  if (outcomes.every((outcome) => outcome === 'worse' || outcome === 'alike')) return 'decided';
  const planned = reading.plan.visitors;
  const reached = reading.arms.every((arm) => arm.moments.n >= (planned.find((each) => each.variant === arm.id)?.visitors ?? Infinity));
  return reached ? 'no-difference-found' : 'undecided';
}

/** A difference and its interval in words: money per visitor, or percentage points of visitors. */
function amounts(metric: ResultMetric, {locale, currency}: Wording): (value: number) => string {
  if (metric !== 'revenue-per-visitor') {
    const points = new Intl.NumberFormat(locale, {minimumFractionDigits: 1, maximumFractionDigits: 1});
    return (share) => points.format(share * 100);
  }
  if (currency === null) throw new TypeError('expected the currency of the gifts to word revenue per visitor');
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (cents) => money.format(cents / 100);
}

const whole = (locale: string) => new Intl.NumberFormat(locale, {maximumFractionDigits: 0});

/** "raises $0.21 more per visitor than control" or "gives 0.4 percentage points more often than control". */
function change(metric: ResultMetric, vs: VsControl, say: (value: number) => string, control: string): string {
  const size = say(Math.abs(vs.difference));
  const way = vs.difference >= 0 ? 'more' : 'less';
  if (metric === 'revenue-per-visitor') return `raises ${size} ${way} per visitor than ${control}`;
  const verb = metric === 'signatures-per-visitor' ? 'signs' : 'gives';
  return `${verb} ${size} percentage points ${way} often than ${control}`;
}

/** "(always-valid 95 % interval $0.05 to $0.37; each gift counted up to $480)". */
function interval(metric: ResultMetric, vs: VsControl, say: (value: number) => string, wording: Wording): string {
  const unit = metric === 'revenue-per-visitor' ? '' : ' points';
  const cap =
    metric === 'revenue-per-visitor' && wording.capCents !== undefined && wording.capCents !== null
      ? `; each gift counted up to ${say(wording.capCents).replace(/\.00$/, '')}, as in the table`
      : '';
  return `(always-valid 95 % interval ${say(vs.low)} to ${say(vs.high)}${unit}${cap})`;
}

const joined = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/** Where the experiment is against its plan: its days and the visitors of the variant furthest behind. */
function progress(reading: Reading, locale: string): string {
  const count = whole(locale);
  const behind = reading.arms.reduce((found, arm) => {
    const of = (each: Arm) => each.moments.n / (reading.plan.visitors.find((v) => v.variant === each.id)?.visitors ?? 1);
    return of(arm) < of(found) ? arm : found;
  });
  const needed = reading.plan.visitors.find((each) => each.variant === behind.id)?.visitors ?? 0;
  const day =
    reading.days === null ? 'no visitor yet' : `day ${count.format(reading.days + 1)} of about ${count.format(reading.plan.days)} planned`;
  return `${day}; ${behind.id} has ${count.format(behind.moments.n)} of the ${count.format(needed)} visitors it needs`;
}

function tooEarlySentence(reading: Reading, locale: string): string {
  const count = whole(locale);
  const noun = reading.metric === 'signatures-per-visitor' ? 'signatures' : 'gifts';
  const waits = [
    reading.days === null || reading.days < DECISION.days
      ? `a whole week of visitors (${reading.days === null ? 'none yet' : `${count.format(reading.days)} of ${DECISION.days} days so far`})`
      : null,
    reading.arms.some((arm) => arm.conversions < DECISION.conversions)
      ? `${DECISION.conversions} ${noun} on every variant (${reading.arms
          .filter((arm) => arm.conversions < DECISION.conversions)
          .map((arm) => `${arm.id} has ${count.format(arm.conversions)}`)
          .join(', ')})`
      : null,
  ].filter((each): each is string => each !== null);
  return `Too early to tell: a decision waits for ${waits.join(' and ')}. The figures below may swing a lot until then.`;
}

/** A variant as judged, with the smallest lift its comparison could have found so far. */
type Compared = JudgedArm & {visible: number | null};

/** The sentence for the arms as judged, with the decision. */
function sentence(reading: Reading, judged: readonly Compared[], srm: SampleRatio, decision: Decision, wording: Wording): string {
  if (decision === 'broken') {
    return `The split of visitors is broken (p = ${srm.pValue.toPrecision(2)} against the weights), so this result cannot be trusted: find why before reading it.`;
  }
  if (decision === 'too-early') return tooEarlySentence(reading, wording.locale);
  const control = judged[0]!.id;
  const say = amounts(reading.metric, wording);
  const metric = metricName(reading.metric);
  const compared = judged.slice(1).filter((arm) => arm.vsControl !== null);
  const about = (arm: Compared) =>
    `${arm.id} ${change(reading.metric, arm.vsControl!, say, control)} ${interval(reading.metric, arm.vsControl!, say, wording)}`;
  const better = compared.filter((arm) => arm.vsControl!.outcome === 'better');
  const worse = compared.filter((arm) => arm.vsControl!.outcome === 'worse');
  const lift = `${reading.plan.liftPercent} %`;
  if (better.length > 0) {
    const rest = worse.length > 0 ? ` ${joined(worse.map((arm) => arm.id))} did worse than ${control}.` : '';
    const choose =
      better.length === 1
        ? `choose ${better[0]!.id}`
        : `choose one of ${joined(better.map((arm) => arm.id))}: the figures do not say which of them is best`;
    return `Decided: ${better.map(about).join('; ')}. It can stop: ${choose}.${rest}`;
  }
  if (decision === 'alike') {
    return `Decided: every variant is within ${lift} of ${control} on ${metric}, the smallest lift worth finding, either way. It can stop: keep whichever you prefer.`;
  }
  if (decision === 'decided') {
    return `Decided: ${worse.map(about).join('; ')}, and no variant is better. It can stop: keep ${control}.`;
  }
  if (decision === 'no-difference-found') {
    const smallest = compared
      .map((arm) => arm.visible)
      .filter((each): each is number => each !== null)
      .reduce((most, each) => Math.max(most, each), 0);
    const seen = smallest > 0 ? `; it could have seen a lift of about ${Math.round(smallest * 100)} % or more` : '';
    return `No difference found that this experiment could see: every variant has the visitors its plan asked for and none is clear of ${control}${seen}. It can stop: keep ${control}, or test a bolder change.`;
  }
  const shown = compared.length === 0 ? '' : ` ${compared.map(about).join('; ')}.`;
  const worseNote = worse.length > 0 ? ` ${joined(worse.map((arm) => arm.id))} already did worse than ${control}.` : '';
  return `Not decided yet: ${progress(reading, wording.locale)}.${shown}${worseNote} Keep it running.`;
}

/** Everything the statistics say of one version's experiment, from the sums the caller makes: the control first. */
export function analyse(reading: Reading, wording: Wording): Judgement {
  const {arms} = reading;
  const srm = sampleRatio(
    arms.map((arm) => arm.moments.n),
    arms.map((arm) => arm.weight),
  );
  const judged = !srm.broken && !tooEarly(reading);
  const alpha = comparisonAlpha(arms.length);
  const compared: Compared[] = arms.map((arm, i) => {
    if (i === 0) return {...arm, vsControl: null, visible: null};
    const found = compare(arms[0]!, arm, reading, judged);
    const planned = reading.plan.tuning.find((each) => each.variant === arm.id)?.visitors ?? 1;
    return {
      ...arm,
      vsControl: found?.vs ?? null,
      visible: found === null ? null : smallestVisibleLift(found.estimate, mean(arms[0]!.moments), {alpha, planned}, DECISION.power),
    };
  });
  const decision = decide(reading, srm, compared);
  return {
    arms: compared.map(({visible: _visible, ...arm}) => arm),
    srm,
    decision,
    enoughToStop: STOPS.includes(decision),
    verdict: sentence(reading, compared, srm, decision, wording),
  };
}
