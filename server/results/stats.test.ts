import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import {describe, expect, it} from 'vitest';
import {chanceBest, compareToControl, risk, sampleRatio, type Moments} from './stats';

/** The moments of a sample known by its size, mean and standard deviation: sumSquares = (n − 1)·s² + n·x̄². */
const fromSummary = (n: number, mean: number, sd: number): Moments => ({n, sum: n * mean, sumSquares: (n - 1) * sd * sd + n * mean * mean});

/** A 0/1 outcome: `yes` of `n` visitors did it (signed, say). */
const yesOf = (yes: number, n: number): Moments => ({n, sum: yes, sumSquares: yes});

/** Moments whose posterior for the mean is N(mean, sd²): the sample's own sd is sd·√n. */
const posteriorOf = (mean: number, sd: number, n = 100): Moments => fromSummary(n, mean, sd * Math.sqrt(n));

describe('the normal distribution the statistics rest on', () => {
  it('gives the tabled values (Abramowitz and Stegun, Handbook of Mathematical Functions, table 26.1)', () => {
    expect(normalCdf(1, 0, 1)).toBeCloseTo(0.8413447461, 9);
    expect(normalCdf(1.96, 0, 1)).toBeCloseTo(0.9750021049, 9);
    expect(normalQuantile(0.975, 0, 1)).toBeCloseTo(1.959963985, 8);
  });
});

describe('compareToControl', () => {
  it('reproduces the unequal-variance two-sample statistic of the NIST/SEMATECH e-Handbook (1.3.5.3, AUTO83B car mileages)', () => {
    // US cars: n 249, mean 20.14458, sd 6.41470; Japanese cars: n 79, mean 30.48101, sd 6.10771. The handbook's
    // statistic without pooling is T = −12.94627. By hand: d = 20.14458 − 30.48101 = −10.33643;
    // se = √(6.41470²/249 + 6.10771²/79) = √(0.165255 + 0.472204) = 0.798410; d/se = −12.9463.
    // The 95 % interval is then −10.33643 ± 1.959964 × 0.798410 = −11.90128 to −8.77158.
    const result = compareToControl(fromSummary(79, 30.48101, 6.10771), fromSummary(249, 20.14458, 6.4147))!;
    expect(result.difference).toBeCloseTo(-10.33643, 5);
    const se = (result.high - result.low) / (2 * 1.959964);
    expect(result.difference / se).toBeCloseTo(-12.94627, 3);
    expect(result.low).toBeCloseTo(-11.90128, 4);
    expect(result.high).toBeCloseTo(-8.77158, 4);
    // Φ(−12.9) is about 1e-38: the US cars are surely not better.
    expect(result.chanceBetter).toBeLessThan(1e-30);
  });

  it('reproduces the difference of proportions of the Physicians’ Health Study (Agresti, An Introduction to Categorical Data Analysis, 2.2)', () => {
    // Heart attacks: placebo 189 of 11,034, aspirin 104 of 11,037. Agresti: 0.0171 − 0.0094 = 0.0077, standard
    // error 0.0015, 95 % interval 0.0077 ± 1.96 × 0.0015 = (0.005, 0.011). A 0/1 outcome, as signatures are.
    const result = compareToControl(yesOf(104, 11_037), yesOf(189, 11_034))!;
    expect(result.difference).toBeCloseTo(0.0077, 4);
    expect((result.high - result.low) / (2 * 1.96)).toBeCloseTo(0.0015, 4);
    expect(result.low).toBeCloseTo(0.005, 3);
    expect(result.high).toBeCloseTo(0.011, 3);
    // d/se = 0.0077060/0.0015400 = 5.004, so Φ(5.0) = 0.9999997.
    expect(result.chanceBetter).toBeCloseTo(0.9999997, 6);
  });

  it('gives Φ(d/se) as the chance the variant is better, and widens with the level', () => {
    // Posteriors N(10, 3²) and N(14, 4²): d = 4, se = 5, so the chance is Φ(0.8) = 0.7881446 and the 95 % interval
    // 4 ± 1.959964 × 5 = −5.79982 to 13.79982; at 80 %, 4 ± 1.281552 × 5 = −2.40776 to 10.40776.
    const control = posteriorOf(10, 3);
    const variant = posteriorOf(14, 4);
    const at95 = compareToControl(control, variant)!;
    expect(at95.chanceBetter).toBeCloseTo(0.7881446, 6);
    expect(at95.low).toBeCloseTo(-5.79982, 4);
    expect(at95.high).toBeCloseTo(13.79982, 4);
    const at80 = compareToControl(control, variant, 0.8)!;
    expect(at80.low).toBeCloseTo(-2.40776, 4);
    expect(at80.high).toBeCloseTo(10.40776, 4);
    expect(compareToControl(variant, control)!.chanceBetter).toBeCloseTo(1 - 0.7881446, 6);
    expect(() => compareToControl(control, variant, 1)).toThrow(RangeError);
  });

  it('has nothing to say below two visitors, or when neither side varies and the means agree', () => {
    expect(compareToControl({n: 1, sum: 500, sumSquares: 250_000}, posteriorOf(10, 3))).toBeNull();
    expect(compareToControl(posteriorOf(10, 3), {n: 0, sum: 0, sumSquares: 0})).toBeNull();
    // Nobody gave on either side.
    expect(compareToControl({n: 2000, sum: 0, sumSquares: 0}, {n: 1800, sum: 0, sumSquares: 0})).toBeNull();
    // Everybody signed on both sides.
    expect(compareToControl(yesOf(40, 40), yesOf(60, 60))).toBeNull();
  });

  it('is certain when neither side varies but the means differ, and leans on one side when only it varies', () => {
    // Nobody signed the control, everybody signed the variant: a difference of 1 with no spread.
    expect(compareToControl(yesOf(0, 50), yesOf(50, 50))).toEqual({difference: 1, low: 1, high: 1, chanceBetter: 1});
    expect(compareToControl(yesOf(50, 50), yesOf(0, 50))).toEqual({difference: -1, low: -1, high: -1, chanceBetter: 0});
    // No gifts on the control; the variant's posterior N(10, 3²) alone: Φ(10/3) = 0.9995709.
    const result = compareToControl({n: 100, sum: 0, sumSquares: 0}, posteriorOf(10, 3))!;
    expect(result.chanceBetter).toBeCloseTo(0.9995709, 6);
    expect(result.low).toBeCloseTo(10 - 1.959964 * 3, 4);
  });
});

/** A seeded xorshift32 in [0, 1), for a simulation that gives the same draws every run. */
function uniforms(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe('chanceBest', () => {
  const pairs: [string, Moments, Moments][] = [
    ['similar posteriors', posteriorOf(10, 3), posteriorOf(11, 3.5)],
    ['a wide control and a narrow variant', posteriorOf(10, 30), posteriorOf(12, 1)],
    ['a narrow control and a wide variant', posteriorOf(10, 0.2), posteriorOf(9, 6)],
    ['a far better variant', posteriorOf(10, 1), posteriorOf(16, 1)],
    ['a control with no spread', {n: 100, sum: 0, sumSquares: 0}, posteriorOf(1, 2)],
    ['real signatures', yesOf(104, 11_037), yesOf(120, 11_034)],
  ];

  it.each(pairs)('of two equals the chance the variant beats the control, for %s', (_, control, variant) => {
    const chances = chanceBest([control, variant])!;
    expect(Math.abs(chances[1]! - compareToControl(control, variant)!.chanceBetter)).toBeLessThan(1e-4);
    expect(chances[0]! + chances[1]!).toBeCloseTo(1, 12);
  });

  it.each([2, 3, 4, 6])('gives %i equal variants an equal chance each', (k) => {
    const chances = chanceBest(Array.from({length: k}, () => posteriorOf(10, 3)))!;
    for (const chance of chances) expect(chance).toBeCloseTo(1 / k, 9);
  });

  it('agrees with a seeded simulation for three variants of different spreads, and sums to 1', () => {
    const posteriors = [
      {mean: 10, sd: 3},
      {mean: 11, sd: 1},
      {mean: 12, sd: 5},
    ];
    const chances = chanceBest(posteriors.map(({mean, sd}) => posteriorOf(mean, sd)))!;
    expect(chances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 12);
    // 200,000 draws by Box–Muller: a share's standard error is at most 0.0011, so 0.006 is over five of them.
    const next = uniforms(2_463_534_242);
    const wins = [0, 0, 0];
    const draws = 200_000;
    for (let draw = 0; draw < draws; draw += 1) {
      const values = posteriors.map(({mean, sd}) => mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()));
      const winner = values.indexOf(Math.max(...values));
      wins[winner] = wins[winner]! + 1;
    }
    chances.forEach((chance, i) => expect(Math.abs(chance - wins[i]! / draws)).toBeLessThan(0.006));
  });

  it('handles variants with no spread: a sure best, and points that tie', () => {
    expect(chanceBest([yesOf(0, 50), yesOf(50, 50)])).toEqual([0, 1]);
    expect(chanceBest([yesOf(0, 50), yesOf(0, 70), yesOf(0, 60)])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // A point at 0 against N(1, 2²): the point is best when the other falls below 0, Φ(−0.5) = 0.3085375.
    expect(chanceBest([{n: 100, sum: 0, sumSquares: 0}, posteriorOf(1, 2)])![0]).toBeCloseTo(0.3085375, 6);
    // Two points at 0 and N(0, 1): the spread one is best when it falls above 0, a half; the points share the other half.
    const shared = chanceBest([yesOf(0, 50), yesOf(0, 60), posteriorOf(0, 1)])!;
    [0.25, 0.25, 0.5].forEach((chance, i) => expect(shared[i]).toBeCloseTo(chance, 7));
  });

  it('is null when any variant has fewer than two visitors, or there are none', () => {
    expect(chanceBest([posteriorOf(10, 3), {n: 1, sum: 0, sumSquares: 0}])).toBeNull();
    expect(chanceBest([])).toBeNull();
  });
});

describe('risk', () => {
  it('is the expected maximum less each mean, as Clark (Operations Research, 1961) gives it for two normals', () => {
    // E[max(X1, X2)] = μ1·Φ(α) + μ2·Φ(−α) + θ·φ(α), θ = √(σ1² + σ2²), α = (μ1 − μ2)/θ. For N(10, 3²) and N(12, 4²):
    // θ = 5, α = −0.4, so 10 × 0.3445783 + 12 × 0.6554217 + 5 × 0.3682701 = 3.445783 + 7.865060 + 1.841351 = 13.152194.
    // The risks are 13.152194 − 10 = 3.152194 and 13.152194 − 12 = 1.152194.
    const [control, variant] = risk([posteriorOf(10, 3), posteriorOf(12, 4)])!;
    expect(control).toBeCloseTo(3.152194, 5);
    expect(variant).toBeCloseTo(1.152194, 5);
  });

  it('is zero for a sure best, and null with too few visitors', () => {
    expect(risk([yesOf(0, 50), yesOf(50, 50)])).toEqual([1, 0]);
    expect(risk([yesOf(0, 1), yesOf(1, 2)])).toBeNull();
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
