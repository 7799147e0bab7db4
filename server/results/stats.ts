/**
 * The sums an experiment's statistics take, and the check that the visitors were split as the weights say. Each
 * variant's visitors come as moments (their count, the sum of their values and of the squares), summed in SQL, so
 * nothing here ever holds the visitors themselves; the comparison with the control is ./sequential.ts, and what it
 * says ./verdict.ts.
 *
 * Revenue per visitor is heavy-tailed: most visitors give nothing and one may give $10,000. The caller caps each gift
 * at the 99th percentile of the version's gifts before it sums the moments, so that one gift cannot decide the result
 * (it still counts, at the cap). Signatures or gifts per visitor take a 0/1 value, where sum = sumSquares.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

/** One variant's visitors in sums: `n` visitors, the sum of their values (cents, or 1 for a signature) and of their squares. */
export type Moments = {n: number; sum: number; sumSquares: number};

/** The sample-ratio check: the chi-squared p-value of the split against the weights, and whether it is too unlikely to trust. */
export type SampleRatio = {pValue: number; broken: boolean};

/** Below this p-value the split is called broken, as the usual sample-ratio checkers call it (a 1 in 1,000 chance by luck alone). */
export const SRM_P = 0.001;

export const mean = (moments: Moments): number => moments.sum / moments.n;

/** The sample variance (n − 1 below), never negative: rounding can take sumSquares − sum²/n a hair under zero. */
export function variance({n, sum, sumSquares}: Moments): number {
  return Math.max(0, (sumSquares - (sum * sum) / n) / (n - 1));
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
