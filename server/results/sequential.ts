/**
 * Intervals that stay true however often they are read: the asymptotic confidence sequences of Waudby-Smith, Arnold,
 * Wu, Lindon, Ramdas and Howard ("Time-uniform central limit theory and asymptotic confidence sequences", 2023), the
 * method GrowthBook's engine uses for sequential tests, and the plan that sizes an experiment for them.
 *
 * For an estimate made from n observations whose own variance is v (so one observation's is v·n), the two-sided
 * sequence at level 1 − α is
 *
 *   estimate ± √(v·n) · √( 2(nρ² + 1) / (n²ρ²) · ln( √(nρ² + 1) / α ) )
 *
 * and with chance at least 1 − α it holds the true value at every n at once: reading it every day and stopping on
 * the day it first leaves zero out is as safe as reading it once. ρ sets where the sequence is narrowest; chosen as
 * √((−2 ln α + ln(−2 ln α + 1)) / N), it is narrowest at N observations, the sample the experiment plans for.
 * There its half-width is √v times a constant of α alone (`widthAtPlan`), about 3.04 at α = 0.05, where a test read
 * only once would use 1.96: the price of reading every day.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import {mean, variance, type Moments} from './stats';

/** An estimate and its variance, from `n` observations in all. */
export type Estimate = {estimate: number; variance: number; n: number};

/** What a sequence is tuned by: its α, and the observations N at which it is narrowest. */
export type Tuning = {alpha: number; planned: number};

export type Interval = {low: number; high: number};

function checkAlpha(alpha: number): void {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`expected an α between 0 and 1, not ${alpha}`);
}

/** −2 ln α + ln(−2 ln α + 1): nρ² at the observations the sequence is tuned for. */
const tunedSquare = (alpha: number): number => -2 * Math.log(alpha) + Math.log(-2 * Math.log(alpha) + 1);

/** ρ², for a sequence narrowest at `planned` observations. */
export function rhoSquared({alpha, planned}: Tuning): number {
  checkAlpha(alpha);
  if (!(planned > 0)) throw new RangeError(`expected the planned observations above zero, not ${planned}`);
  return tunedSquare(alpha) / planned;
}

/** The sequence's half-width for `estimate` at its n observations; infinite below two. */
export function halfWidth({variance: v, n}: Estimate, tuning: Tuning): number {
  if (!(n >= 2)) return Infinity;
  const r2 = rhoSquared(tuning);
  const spread = n * r2 + 1;
  return Math.sqrt(v * n) * Math.sqrt(((2 * spread) / (n * n * r2)) * Math.log(Math.sqrt(spread) / tuning.alpha));
}

/** The two-sided sequence at level 1 − α. */
export function confidenceSequence(estimate: Estimate, tuning: Tuning): Interval {
  const width = halfWidth(estimate, tuning);
  return {low: estimate.estimate - width, high: estimate.estimate + width};
}

/** The half-width at the planned observations over √v: √(2(g + 1)/g · ln(√(g + 1)/α)), g = −2 ln α + ln(−2 ln α + 1). */
export function widthAtPlan(alpha: number): number {
  checkAlpha(alpha);
  const g = tunedSquare(alpha);
  return Math.sqrt(((2 * (g + 1)) / g) * Math.log(Math.sqrt(g + 1) / alpha));
}

/** The variant's mean less the control's, with the variance of that difference (each sample's variance over its n). */
export function difference(control: Moments, variant: Moments): Estimate | null {
  if (!(control.n >= 2 && variant.n >= 2)) return null;
  return {
    estimate: mean(variant) - mean(control),
    variance: variance(control) / control.n + variance(variant) / variant.n,
    n: control.n + variant.n,
  };
}

/**
 * The variant's mean over the control's, less 1, with its variance by the delta method: v_v/(n_v·μ_c²) +
 * μ_v²·v_c/(n_c·μ_c⁴). Null where the control's mean is not above zero, as a lift on nothing is no lift.
 */
export function relativeLift(control: Moments, variant: Moments): Estimate | null {
  if (!(control.n >= 2 && variant.n >= 2)) return null;
  const base = mean(control);
  if (!(base > 0)) return null;
  const top = mean(variant);
  return {
    estimate: top / base - 1,
    variance: variance(variant) / (variant.n * base * base) + (top * top * variance(control)) / (control.n * base ** 4),
    n: control.n + variant.n,
  };
}

/** What a plan is made from: one visitor's mean and variance of the metric, as the form's recent visitors show it. */
export type Baseline = {mean: number; variance: number};

/** What a plan asks for: the smallest lift worth finding (0.1 for 10 %), the α of each comparison and the power. */
export type PlanTarget = {lift: number; alpha: number; power: number};

/**
 * The visitors the control and the variant need together so that a true lift of `lift` leaves zero out of the
 * sequence, tuned for that many, with chance `power`: the difference's standard error must come down to
 * lift·μ / (widthAtPlan(α) + z_power). With shares `control` and `variant` of the visitors in the two (their weights
 * over all the experiment's weights), the standard error at T visitors in all is σ·√((1/control + 1/variant)/T).
 * Null where the baseline gives no mean to lift. Returns the visitors of the whole experiment.
 */
export function visitorsNeeded(baseline: Baseline, target: PlanTarget, shares: {control: number; variant: number}): number | null {
  if (!(baseline.mean > 0) || !(baseline.variance > 0)) return null;
  if (!(target.lift > 0)) throw new RangeError(`expected a lift above zero, not ${target.lift}`);
  if (!(target.power > 0 && target.power < 1)) throw new RangeError(`expected a power between 0 and 1, not ${target.power}`);
  const multiplier = widthAtPlan(target.alpha) + normalQuantile(target.power, 0, 1);
  const se = (target.lift * baseline.mean) / multiplier;
  return Math.ceil((baseline.variance * (1 / shares.control + 1 / shares.variant)) / (se * se));
}

/**
 * The smallest lift, as a share of the control's mean, that the experiment could have found with chance `power` at
 * the spread it has reached: (the sequence's half-width + z_power·se) / μ_c. Null where the control's mean is not
 * above zero.
 */
export function smallestVisibleLift(estimate: Estimate, controlMean: number, tuning: Tuning, power: number): number | null {
  if (!(controlMean > 0)) return null;
  return (halfWidth(estimate, tuning) + normalQuantile(power, 0, 1) * Math.sqrt(estimate.variance)) / controlMean;
}
