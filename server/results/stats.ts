/**
 * The statistics behind an experiment's results: each variant compared with the control, the chance each is best,
 * and whether the visitors were split as the weights say.
 *
 * The method is Bayesian on each variant's mean per visitor, as GrowthBook's engine is for mean metrics: with an
 * uninformative prior and a Gaussian approximation, a variant's mean has the posterior N(x̄, s²/n), where s² is the
 * sample variance of its visitors' values. The difference of a variant from the control is then N(d, s_c²/n_c + s_v²/n_v)
 * with d = x̄_v − x̄_c, its credible interval is d ± z·se (z the normal quantile of the level, 1.96 at 95 %), and the
 * chance that the variant beats the control is Φ(d/se). The chance each is best integrates the same posteriors:
 * ∫ φ_i(x) Π_{j≠i} Φ_j(x) dx, by Simpson's rule on a fixed grid, so the same figures always give the same answer.
 *
 * Revenue per visitor is heavy-tailed: most visitors give nothing and one may give $10,000. The caller caps each gift
 * at the 99th percentile of the form's gifts before it sums the moments, so that one gift cannot decide the result
 * (it still counts, at the cap). Signatures per visitor are the same model on a 0/1 value, where sum = sumSquares =
 * signatures. The caller sums in SQL, so every function here takes moments, never the visitors themselves.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/** One variant's visitors in sums: `n` visitors, the sum of their values (cents, or 1 for a signature) and of their squares. */
export type Moments = {n: number; sum: number; sumSquares: number};

/** A variant against the control: the difference of the means, its credible interval, and the chance the variant is higher. */
export type Comparison = {difference: number; low: number; high: number; chanceBetter: number};

/** The sample-ratio check: the chi-squared p-value of the split against the weights, and whether it is too unlikely to trust. */
export type SampleRatio = {pValue: number; broken: boolean};

/** Below this p-value the split is called broken, as the usual sample-ratio checkers call it (a 1 in 1,000 chance by luck alone). */
export const SRM_P = 0.001;

/** A variant's posterior for its mean per visitor: N(mean, sd²). */
type Posterior = {mean: number; sd: number};

export const mean = (moments: Moments): number => moments.sum / moments.n;

/** The sample variance (n − 1 below), never negative: rounding can take sumSquares − sum²/n a hair under zero. */
export function variance({n, sum, sumSquares}: Moments): number {
  return Math.max(0, (sumSquares - (sum * sum) / n) / (n - 1));
}

/** Null below two visitors, where there is no variance to speak of. */
function posterior(moments: Moments): Posterior | null {
  if (!(moments.n >= 2)) return null;
  return {mean: mean(moments), sd: Math.sqrt(variance(moments) / moments.n)};
}

/** Φ((x − mean)/sd), a step at the mean when the posterior has no spread. */
const cdf = (x: number, {mean, sd}: Posterior): number => (sd > 0 ? normalCdf(x, mean, sd) : x < mean ? 0 : 1);

/**
 * The variant against the control at the given credibility. Null when either has fewer than two visitors, or when
 * neither varies and their means are equal (every visitor of both gave nothing, say): there is nothing to compare.
 * When neither varies but the means differ, the difference is certain: a zero-width interval and a chance of 0 or 1.
 */
export function compareToControl(control: Moments, variant: Moments, level = 0.95): Comparison | null {
  if (!(level > 0 && level < 1)) throw new RangeError(`expected a level between 0 and 1, not ${level}`);
  const c = posterior(control);
  const v = posterior(variant);
  if (c === null || v === null) return null;
  const difference = v.mean - c.mean;
  const se = Math.hypot(c.sd, v.sd);
  if (se === 0 && difference === 0) return null;
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const chanceBetter = se > 0 ? normalCdf(difference / se, 0, 1) : difference > 0 ? 1 : 0;
  return {difference, low: difference - z * se, high: difference + z * se, chanceBetter};
}

/** Where the standard normal's density is below 1e-16: the integrals stop there. */
const TAIL = 8.5;
/** Where, in the spread of a neighbour's posterior, its Φ bends: the grid breaks there so Simpson's rule sees the bend. */
const BENDS = [-8, -4, -2, -1, 0, 1, 2, 4, 8];
/** Simpson's intervals between two breaks. */
const STEPS = 32;

/**
 * ∫ f over [a, b] by Simpson's rule on STEPS intervals; f answers two integrands at once, and is told the middle of
 * the interval, which side of any step the whole interval lies on.
 */
function simpson(f: (z: number, middle: number) => [number, number], a: number, b: number): [number, number] {
  const h = (b - a) / STEPS;
  const middle = (a + b) / 2;
  let first = 0;
  let second = 0;
  for (let step = 0; step <= STEPS; step += 1) {
    const weight = step === 0 || step === STEPS ? 1 : step % 2 === 1 ? 4 : 2;
    const [one, two] = f(a + step * h, middle);
    first += weight * one;
    second += weight * two;
  }
  return [(first * h) / 3, (second * h) / 3];
}

/**
 * For a variant with spread, in its own standard units z (x = mean + sd·z): ∫ φ(z) Π_{j≠i} Φ_j(x) dz, the chance it
 * is best, and ∫ z φ(z) Π_{j≠i} Φ_j(x) dz, its share of the expected maximum past its mean. The grid breaks wherever a
 * neighbour's Φ bends, however narrow its spread beside this one's.
 */
function bestIntegrals(i: number, all: readonly Posterior[]): [number, number] {
  const own = all[i]!;
  const breaks = new Set([-TAIL, TAIL, ...BENDS]);
  all.forEach((other, j) => {
    if (j === i) return;
    for (const bend of BENDS) breaks.add((other.mean - own.mean + bend * other.sd) / own.sd);
  });
  const edges = [...breaks].filter((z) => z >= -TAIL && z <= TAIL).sort((a, b) => a - b);
  const integrand = (z: number, middle: number): [number, number] => {
    const x = own.mean + own.sd * z;
    let product = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
    all.forEach((other, j) => {
      // A neighbour with no spread steps at a break: the middle says which side the interval is on, its ends may not.
      if (j !== i) product *= cdf(other.sd > 0 ? x : own.mean + own.sd * middle, other);
    });
    return [product, z * product];
  };
  let chance = 0;
  let past = 0;
  for (let edge = 1; edge < edges.length; edge += 1) {
    const [one, two] = simpson(integrand, edges[edge - 1]!, edges[edge]!);
    chance += one;
    past += two;
  }
  return [chance, past];
}

/**
 * A variant with no spread is a point: it is best when every other is below it, sharing the chance evenly with the
 * other points at the same mean.
 */
function pointBest(i: number, all: readonly Posterior[]): number {
  const own = all[i]!;
  let chance = 1;
  let tied = 1;
  all.forEach((other, j) => {
    if (j === i) return;
    if (other.sd > 0) chance *= normalCdf(own.mean, other.mean, other.sd);
    else if (other.mean > own.mean) chance = 0;
    else if (other.mean === own.mean) tied += 1;
  });
  return chance / tied;
}

/** The chance each variant is best, and the expected value of the best of them. Null if any has too few visitors. */
function best(variants: readonly Moments[]): {chances: number[]; expectedMax: number} | null {
  const all = variants.map(posterior);
  if (all.length === 0 || all.some((each) => each === null)) return null;
  const posteriors = all as Posterior[];
  let expectedMax = 0;
  const raw = posteriors.map((own, i) => {
    if (own.sd === 0) {
      const chance = pointBest(i, posteriors);
      expectedMax += own.mean * chance;
      return chance;
    }
    const [chance, past] = bestIntegrals(i, posteriors);
    expectedMax += own.mean * chance + own.sd * past;
    return chance;
  });
  // The integrals sum to 1 within about 1e-9; dividing by their total makes the chances add up exactly.
  const total = raw.reduce((sum, chance) => sum + chance, 0);
  return {chances: raw.map((chance) => chance / total), expectedMax: expectedMax / total};
}

/** The chance each variant is the best of them on its mean per visitor; they sum to 1. Null if any has fewer than two visitors. */
export function chanceBest(variants: readonly Moments[]): number[] | null {
  return best(variants)?.chances ?? null;
}

/**
 * Each variant's risk: the expected loss, in the metric's units per visitor, of choosing it when another is better,
 * E[max_j X_j] − E[X_i]. The best variant's risk falling near zero says the others cannot be much better.
 */
export function risk(variants: readonly Moments[]): number[] | null {
  const found = best(variants);
  return found === null ? null : variants.map((each) => Math.max(0, found.expectedMax - mean(each)));
}

/**
 * Pearson's chi-squared goodness of fit of the visitors against the split the weights ask for, on k − 1 degrees of
 * freedom. A split too unlikely to be luck (p below SRM_P) means the assignment or the counting is broken, and then
 * no comparison of the variants can be trusted.
 */
export function sampleRatio(visitors: readonly number[], weights: readonly number[]): SampleRatio {
  if (visitors.length !== weights.length || visitors.length < 2) {
    throw new RangeError(`expected as many weights as variants, two or more: ${visitors.length} and ${weights.length}`);
  }
  if (weights.some((weight) => !(weight > 0 && Number.isFinite(weight)))) throw new RangeError('expected positive weights');
  const total = visitors.reduce((sum, count) => sum + count, 0);
  if (total === 0) return {pValue: 1, broken: false};
  const weightTotal = weights.reduce((sum, weight) => sum + weight, 0);
  const statistic = visitors.reduce((sum, observed, i) => {
    const expected = (total * weights[i]!) / weightTotal;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
  const pValue = 1 - chisquareCdf(statistic, visitors.length - 1);
  return {pValue, broken: pValue < SRM_P};
}
