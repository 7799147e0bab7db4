import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import {describe, expect, it} from 'vitest';
import {
  confidenceSequence,
  difference,
  halfWidth,
  relativeLift,
  rhoSquared,
  smallestVisibleLift,
  visitorsNeeded,
  widthAtPlan,
} from './sequential';
import type {Moments} from './stats';

// GrowthBook's engine (gbstats, packages/stats/tests/frequentist/test_tests.py, TestSequentialTTest) publishes these
// cases of its sequential two-sided test, which applies the same sequence to the relative lift.
const A: Moments = {n: 3000, sum: 1396.87, sumSquares: 52377.9767};
const B: Moments = {n: 3461, sum: 2422.7, sumSquares: 134698.29};

describe('the asymptotic confidence sequence', () => {
  it('gives GrowthBook’s interval for a mean metric, tuned for 1,000 observations', () => {
    const lift = relativeLift(A, B)!;
    expect(lift.estimate).toBeCloseTo(0.50336, 5);
    expect(Math.sqrt(lift.variance)).toBeCloseTo(0.33341, 5);
    const {low, high} = confidenceSequence(lift, {alpha: 0.05, planned: 1000});
    expect(low).toBeCloseTo(-0.55844, 5);
    expect(high).toBeCloseTo(1.56516, 5);
  });

  it('gives GrowthBook’s interval for a proportion, at its default tuning of 5,000', () => {
    // A proportion's variance is p(1 − p), not the sample's n − 1 form, so the estimate is made here by the same
    // delta method as relativeLift: 1,396 of 3,000 against 2,422 of 3,461.
    const pa = 1396 / 3000;
    const pb = 2422 / 3461;
    const va = pa * (1 - pa);
    const vb = pb * (1 - pb);
    const lift = {estimate: pb / pa - 1, variance: vb / (3461 * pa * pa) + (pb * pb * va) / (3000 * pa ** 4), n: 6461};
    expect(lift.estimate).toBeCloseTo(0.50386, 5);
    expect(Math.sqrt(lift.variance)).toBeCloseTo(0.03386, 5);
    const {low, high} = confidenceSequence(lift, {alpha: 0.05, planned: 5000});
    expect(low).toBeCloseTo(0.40098, 5);
    expect(high).toBeCloseTo(0.60675, 5);
  });

  it('is narrowest near the observations it is tuned for, as GrowthBook’s tuning test says', () => {
    const lift = relativeLift(A, B)!;
    const width = (planned: number) => halfWidth(lift, {alpha: 0.05, planned});
    expect(width(10)).toBeGreaterThan(width(10_000));
    expect(width(10_000)).toBeGreaterThan(width(6461));
    expect(width(6461)).toBeLessThan(width(5000));
    expect(width(6461)).toBeLessThan(width(8000));
  });

  it('is √v times widthAtPlan(α) at the observations it is tuned for, and wider than a test read once', () => {
    // By hand at α = 0.05: g = −2 ln 0.05 + ln(−2 ln 0.05 + 1) = 5.991465 + 1.944690 = 7.936155, and
    // √(2 × 8.936155 / 7.936155 × ln(√8.936155 / 0.05)) = √(2.252011 × 4.090785) = 3.035209.
    expect(widthAtPlan(0.05)).toBeCloseTo(3.035209, 5);
    const estimate = {estimate: 0, variance: 4, n: 20_000};
    expect(halfWidth(estimate, {alpha: 0.05, planned: 20_000})).toBeCloseTo(2 * widthAtPlan(0.05), 9);
    expect(widthAtPlan(0.05)).toBeGreaterThan(normalQuantile(0.975, 0, 1));
    // A smaller α (Bonferroni across five comparisons) widens it.
    expect(widthAtPlan(0.01)).toBeGreaterThan(widthAtPlan(0.05));
    expect(rhoSquared({alpha: 0.05, planned: 1000})).toBeCloseTo(0.007936155, 8);
  });

  it('has no width below two observations, and refuses a tuning that makes no sense', () => {
    expect(halfWidth({estimate: 1, variance: 1, n: 1}, {alpha: 0.05, planned: 100})).toBe(Infinity);
    expect(() => halfWidth({estimate: 1, variance: 1, n: 10}, {alpha: 0, planned: 100})).toThrow(RangeError);
    expect(() => halfWidth({estimate: 1, variance: 1, n: 10}, {alpha: 0.05, planned: 0})).toThrow(RangeError);
  });
});

describe('difference and relativeLift', () => {
  it('give the difference of the means and its variance, each sample’s variance over its size', () => {
    const d = difference(A, B)!;
    // GrowthBook's absolute case of the same samples: 0.23437666666666668 with standard deviation 0.12983081254184736.
    expect(d.estimate).toBeCloseTo(0.2343766667, 9);
    expect(Math.sqrt(d.variance)).toBeCloseTo(0.1298308125, 9);
    expect(d.n).toBe(6461);
  });

  it('have nothing to say of a sample of one, nor a lift on a control of nothing', () => {
    expect(difference({n: 1, sum: 1, sumSquares: 1}, B)).toBeNull();
    expect(relativeLift(A, {n: 1, sum: 1, sumSquares: 1})).toBeNull();
    expect(relativeLift({n: 100, sum: 0, sumSquares: 0}, B)).toBeNull();
  });
});

describe('visitorsNeeded', () => {
  it('sizes an even two-way test so the sequence at the plan leaves zero out with 80 % power', () => {
    // σ = 10 a visitor around a mean of 1 (a coefficient of variation of 10, as a donation form's revenue has), a
    // 10 % lift: the standard error must come down to 0.1 / (3.035209 + 0.841621) = 0.0257943, and with half the
    // visitors in each, se² = 100 × (2 + 2) / T, so T = 400 / 0.0257943² = 601,193 in all.
    const needed = visitorsNeeded({mean: 1, variance: 100}, {lift: 0.1, alpha: 0.05, power: 0.8}, {control: 0.5, variant: 0.5})!;
    expect(needed).toBeGreaterThan(601_150);
    expect(needed).toBeLessThan(601_250);
    // Checked from the other side: at that many, half each, the lift is (width + z)·se above zero.
    const se = Math.sqrt(100 / (needed / 2) + 100 / (needed / 2));
    expect(0.1 - widthAtPlan(0.05) * se).toBeCloseTo(normalQuantile(0.8, 0, 1) * se, 3);
  });

  it('needs four times the visitors for half the lift, and more for a control with a smaller share', () => {
    const even = {control: 0.5, variant: 0.5};
    const at = (lift: number, shares = even) => visitorsNeeded({mean: 2, variance: 50}, {lift, alpha: 0.05, power: 0.8}, shares)!;
    expect(at(0.05) / at(0.1)).toBeCloseTo(4, 2);
    expect(at(0.1, {control: 1 / 6, variant: 1 / 6})).toBeGreaterThan(at(0.1));
  });

  it('has no plan for a form whose visitors gave nothing yet', () => {
    expect(visitorsNeeded({mean: 0, variance: 0}, {lift: 0.1, alpha: 0.05, power: 0.8}, {control: 0.5, variant: 0.5})).toBeNull();
  });
});

describe('smallestVisibleLift', () => {
  it('is the lift the experiment could have found at the spread it reached', () => {
    const estimate = {estimate: 0, variance: 0.0004, n: 100_000};
    const tuning = {alpha: 0.05, planned: 100_000};
    // At the plan: (3.035209 + 0.841621) × 0.02 / 0.5 = 0.155073.
    expect(smallestVisibleLift(estimate, 0.5, tuning, 0.8)).toBeCloseTo(0.155073, 5);
    expect(smallestVisibleLift(estimate, 0, tuning, 0.8)).toBeNull();
  });
});
