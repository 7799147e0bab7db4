import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import {describe, expect, it} from 'vitest';
import {mean, sampleRatio, variance, type Moments} from './stats';

/** The moments of a sample known by its size, mean and standard deviation: sumSquares = (n − 1)·s² + n·x̄². */
const fromSummary = (n: number, mean: number, sd: number): Moments => ({n, sum: n * mean, sumSquares: (n - 1) * sd * sd + n * mean * mean});

describe('the normal distribution the statistics rest on', () => {
  it('gives the tabled values (Abramowitz and Stegun, Handbook of Mathematical Functions, table 26.1)', () => {
    expect(normalCdf(1, 0, 1)).toBeCloseTo(0.8413447461, 9);
    expect(normalCdf(1.96, 0, 1)).toBeCloseTo(0.9750021049, 9);
    expect(normalQuantile(0.975, 0, 1)).toBeCloseTo(1.959963985, 8);
  });
});

describe('the moments', () => {
  it('give back the mean and the sample variance they were made from, and a 0/1 outcome’s p(1 − p)·n/(n − 1)', () => {
    const sample = fromSummary(30, 250, 3200);
    expect(mean(sample)).toBeCloseTo(250, 9);
    expect(variance(sample)).toBeCloseTo(3200 ** 2, 6);
    // 300 of 2,000 signed: 0.15 × 0.85 × 2000/1999.
    expect(variance({n: 2000, sum: 300, sumSquares: 300})).toBeCloseTo((0.15 * 0.85 * 2000) / 1999, 12);
  });

  it('never give a variance below zero, whatever rounding does to sumSquares − sum²/n', () => {
    // Three visitors of 0.1 each, summed as floating point does: sum 0.1 × 3, sumSquares 0.01 × 3.
    const same: Moments = {n: 3, sum: 0.1 * 3, sumSquares: 0.01 * 3};
    expect(same.sumSquares - same.sum ** 2 / same.n).toBeLessThan(0);
    expect(variance(same)).toBe(0);
  });
});

describe('sampleRatio', () => {
  it('passes 50,000 against 49,000 on a 50/50 split, just', () => {
    // Expected 49,500 each, 500 off each: χ² = 2 × 500²/49,500 = 10.101 on 1 degree of freedom, and
    // p = 2·(1 − Φ(√10.101)) = 2·(1 − Φ(3.1782)) = 2 × 0.000741 = 0.00148: unlikely, but not below 0.001.
    const check = sampleRatio([50_000, 49_000], [50, 50]);
    expect(check.pValue).toBeCloseTo(0.00148, 5);
    expect(check.broken).toBe(false);
  });

  it('flags the split of Fabijan et al., Diagnosing Sample Ratio Mismatch in Online Controlled Experiments (KDD 2019)', () => {
    // 821,588 against 815,482 on 50/50, which the paper gives p ≈ 1.8e-6 for. By hand: expected 818,535 each,
    // 3,053 off each, χ² = 2 × 3,053²/818,535 = 22.774, p = 2·(1 − Φ(4.7722)) = 1.82e-6.
    const check = sampleRatio([821_588, 815_482], [1, 1]);
    expect(check.pValue).toBeCloseTo(1.82e-6, 7);
    expect(check.broken).toBe(true);
  });

  it('reproduces Mendel’s 9:3:3:1 peas, the classic goodness-of-fit example with unequal weights', () => {
    // Mendel (1866): 315 round yellow, 108 round green, 101 wrinkled yellow, 32 wrinkled green, of 556. Expected
    // 312.75, 104.25, 104.25, 34.75; χ² = 2.25²/312.75 + 3.75²/104.25 + 3.25²/104.25 + 2.75²/34.75 = 0.4700 on 3
    // degrees of freedom, p = 2·(1 − Φ(√x)) + 2·φ(√x)·√x at √x = 0.68558: 0.49296 + 0.43243 = 0.9254.
    const check = sampleRatio([315, 108, 101, 32], [9, 3, 3, 1]);
    expect(check.pValue).toBeCloseTo(0.9254, 4);
    expect(check.broken).toBe(false);
  });

  it('reproduces the fairness-of-dice example of Wikipedia’s “Pearson’s chi-squared test”', () => {
    // 60 throws: 5, 8, 9, 8, 10 and 20; expected 10 each. χ² = (25 + 4 + 1 + 4 + 0 + 100)/10 = 13.4 on 5 degrees
    // of freedom, p = 2·(1 − Φ(√x)) + 2·φ(√x)·(√x + x^1.5/3) at √x = 3.66060: 0.0002516 + 0.0196540 = 0.0199.
    expect(sampleRatio([5, 8, 9, 8, 10, 20], [1, 1, 1, 1, 1, 1]).pValue).toBeCloseTo(0.0199, 4);
  });

  it('reads unequal weights as the split they ask for', () => {
    // 1:3 asks for 250 and 750 of 1,000: 260 and 740 give χ² = 10²/250 + 10²/750 = 0.53333, p = 2·(1 − Φ(0.73030)) = 0.4652.
    expect(sampleRatio([260, 740], [1, 3]).pValue).toBeCloseTo(0.4652, 4);
    expect(sampleRatio([2600, 7400], [1, 3]).broken).toBe(false);
    // The same 1:3 weights with the visitors split evenly is the broken assignment a weight left out would make.
    expect(sampleRatio([5000, 5000], [1, 3]).broken).toBe(true);
    expect(sampleRatio([5000, 5000], [1, 1]).pValue).toBe(1);
  });

  it('passes a split with no visitors yet, and refuses weights that do not match', () => {
    expect(sampleRatio([0, 0], [1, 1])).toEqual({pValue: 1, broken: false});
    expect(() => sampleRatio([10, 10], [1])).toThrow(RangeError);
    expect(() => sampleRatio([10, 10], [1, 0])).toThrow(RangeError);
  });
});
