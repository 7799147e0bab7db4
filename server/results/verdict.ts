/**
 * When an experiment has said enough, and what it says in one sentence.
 *
 * The stopping rule: every variant has at least STOPPING.visitors visitors and STOPPING.conversions gifts (or
 * signatures), so no mean rests on a handful of givers and the Gaussian approximation holds; and then either the
 * leader's chance to be best is at least STOPPING.chanceBest, or its risk (the expected loss of choosing it, should
 * another be better) is under STOPPING.risk of the control's mean per visitor, which stops an experiment whose
 * variants are too alike to matter. A broken split is never enough. Looking every day and stopping at the first
 * crossing still favours a lucky streak somewhat; the minimums are what keep an early streak from ending it.
 */
import type {ResultMetric} from '../../src/coral/contract';
import {chanceBest, compareToControl, mean, risk, sampleRatio, type Comparison, type Moments, type SampleRatio} from './stats';

export const STOPPING = {
  /** Visitors on every variant. */
  visitors: 1000,
  /** Gifts (or signatures) on every variant. */
  conversions: 30,
  /** The leader's chance to be best that settles it. */
  chanceBest: 0.95,
  /** The leader's risk, as a share of the control's mean per visitor, under which the rest are too close to matter. */
  risk: 0.01,
} as const;

/** A variant's figures as the caller sums them: its moments, and its gifts (revenue) or signatures. */
export type Arm = {id: string; weight: number; moments: Moments; conversions: number};

/** A variant's figures with what the statistics say of it. */
export type JudgedArm = Arm & {vsControl: Comparison | null; chanceBest: number | null};

/** What a version's experiment says: each variant judged (the control first), the split's check, and the verdict. */
export type Judgement = {arms: JudgedArm[]; srm: SampleRatio; enoughToStop: boolean; verdict: string};

/** Where the verdict is written for: the locale, and the currency of the gifts (null for signatures). */
export type Wording = {locale: string; currency: string | null};

/** Why an experiment may stop, or why not yet. */
export type Stop = 'too-few' | 'undecided' | 'clear-best' | 'too-close-to-matter';

/** The variant most likely best. */
function leader(chances: readonly number[]): number {
  return chances.reduce((found, chance, i) => (chance > chances[found]! ? i : found), 0);
}

/** The stopping rule of this file's opening comment, for the arms in order, the control first. */
export function stopReason(arms: readonly Arm[]): Stop {
  const short = arms.some((arm) => arm.moments.n < STOPPING.visitors || arm.conversions < STOPPING.conversions);
  const chances = short ? null : chanceBest(arms.map((arm) => arm.moments));
  const risks = short ? null : risk(arms.map((arm) => arm.moments));
  if (chances === null || risks === null) return 'too-few';
  const top = leader(chances);
  if (chances[top]! >= STOPPING.chanceBest) return 'clear-best';
  return risks[top]! < STOPPING.risk * mean(arms[0]!.moments) ? 'too-close-to-matter' : 'undecided';
}

/** Whether the experiment has said enough to stop (the opening comment's rule); never with a broken split. */
export function enoughToStop(arms: readonly Arm[], srm: SampleRatio | null = null): boolean {
  if (srm?.broken === true) return false;
  const reason = stopReason(arms);
  return reason === 'clear-best' || reason === 'too-close-to-matter';
}

const percent = (chance: number): string => (chance > 0.99 ? 'over 99 %' : chance < 0.01 ? 'under 1 %' : `${Math.round(chance * 100)} %`);

/** A difference and its interval in words: money per visitor, or percentage points of visitors who signed. */
function amounts(metric: ResultMetric, {locale, currency}: Wording): (value: number) => string {
  if (metric === 'signatures-per-visitor') {
    const points = new Intl.NumberFormat(locale, {minimumFractionDigits: 1, maximumFractionDigits: 1});
    return (share) => points.format(share * 100);
  }
  if (currency === null) throw new TypeError('expected the currency of the gifts to word revenue per visitor');
  const money = new Intl.NumberFormat(locale, {style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2});
  return (cents) => money.format(cents / 100);
}

/** "raised $1.23 more per visitor than control" or "signed 2.1 percentage points less often than control". */
function difference(metric: ResultMetric, size: string, higher: boolean, control: string): string {
  const way = higher ? 'more' : 'less';
  return metric === 'signatures-per-visitor'
    ? `signed ${size} percentage points ${way} often than ${control}`
    : `raised ${size} ${way} per visitor than ${control}`;
}

const ENDINGS: Record<Exclude<Stop, 'too-few'>, string> = {
  undecided: 'not enough evidence yet to stop',
  'clear-best': 'enough visitors to stop',
  'too-close-to-matter': 'too close to matter, so it can stop',
};

/** The share of the minimums an arm has reached, the smaller of its visitors' and its conversions'. */
const reached = (arm: Arm): number => Math.min(arm.moments.n / STOPPING.visitors, arm.conversions / STOPPING.conversions);

/** Which variant is furthest from the minimums, and roughly how many more visitors it needs at its present rate. */
function tooFew(metric: ResultMetric, arms: readonly Arm[], locale: string): string {
  const noun = metric === 'signatures-per-visitor' ? 'signatures' : 'gifts';
  const count = new Intl.NumberFormat(locale, {maximumFractionDigits: 0});
  const furthest = arms.reduce((found, arm) => (reached(arm) < reached(found) ? arm : found));
  const {n} = furthest.moments;
  const rule = `every variant needs ${count.format(STOPPING.visitors)} visitors and ${STOPPING.conversions} ${noun}`;
  const has = `${furthest.id} has ${count.format(n)} visitors and ${count.format(furthest.conversions)} ${noun}`;
  // With no conversion yet there is no rate to say how long the rest will take.
  const more =
    furthest.conversions > 0
      ? Math.max(STOPPING.visitors - n, Math.ceil(((STOPPING.conversions - furthest.conversions) * n) / furthest.conversions))
      : null;
  const needs = more === null ? '' : `, so it needs roughly ${count.format(more)} more visitors`;
  return `Not enough visitors yet to tell: ${rule}, and ${has}${needs}.`;
}

/**
 * One plain sentence of what the evidence says, for the arms as `analyse` judges them (the control first): a broken
 * split first, as it makes every other figure untrustworthy; then too few visitors; then the leader against the
 * control (or, when the control leads, the closest variant against it), its interval (at 95 %, as `compareToControl`
 * gives it by default), its chance to be best, and whether it may stop.
 */
export function verdict(metric: ResultMetric, arms: readonly JudgedArm[], srm: SampleRatio | null, wording: Wording): string {
  const control = arms[0]!;
  if (srm?.broken === true) {
    return `The split of visitors is broken (p = ${srm.pValue.toPrecision(2)} against the weights), so this result cannot be trusted: find why before reading it.`;
  }
  const reason = stopReason(arms);
  if (reason === 'too-few') return tooFew(metric, arms, wording.locale);
  const chances = arms.map((arm) => arm.chanceBest ?? 0);
  const top = leader(chances);
  // When the control leads, the variant it beat by least speaks for the others.
  const shown = top === 0 ? leader(chances.map((chance, i) => (i === 0 ? -1 : chance))) : top;
  const versus = arms[shown]!.vsControl;
  // Only two variants whose every visitor did the same (all signed, say) have no comparison past the minimums.
  if (versus === null) return `Every visitor of ${arms[shown]!.id} and of ${control.id} did the same: there is no difference to measure.`;
  const say = amounts(metric, wording);
  const subject = top === 0 ? `No variant beat ${control.id}: the closest, ${arms[shown]!.id},` : `Variant ${arms[shown]!.id}`;
  const change = difference(metric, say(Math.abs(versus.difference)), versus.difference >= 0, control.id);
  const unit = metric === 'signatures-per-visitor' ? ' points' : '';
  return `${subject} ${change}; 95 % interval ${say(versus.low)} to ${say(versus.high)}${unit}; ${percent(chances[top]!)} chance ${arms[top]!.id} is best; ${ENDINGS[reason]}.`;
}

/** Everything the statistics say of one version's experiment, from the sums the caller makes: the control first. */
export function analyse(metric: ResultMetric, arms: readonly Arm[], wording: Wording): Judgement {
  const moments = arms.map((arm) => arm.moments);
  const chances = chanceBest(moments);
  const judged = arms.map((arm, i) => ({
    ...arm,
    vsControl: i === 0 ? null : compareToControl(arms[0]!.moments, arm.moments),
    chanceBest: chances?.[i] ?? null,
  }));
  const srm = sampleRatio(
    arms.map((arm) => arm.moments.n),
    arms.map((arm) => arm.weight),
  );
  return {arms: judged, srm, enoughToStop: enoughToStop(arms, srm), verdict: verdict(metric, judged, srm, wording)};
}
