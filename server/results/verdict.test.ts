import {describe, expect, it} from 'vitest';
import type {VariantResult} from '../../src/coral/contract';
import {chanceBest, compareToControl} from './stats';
import {analyse, enoughToStop, stopReason, verdict, type Arm} from './verdict';

const AUD = {locale: 'en-AU', currency: 'AUD'};

/** A variant known by its visitors, mean and standard deviation per visitor (in cents), and its gifts. */
const arm = (id: string, n: number, mean: number, sd: number, conversions: number, weight = 1): Arm => ({
  id,
  weight,
  moments: {n, sum: n * mean, sumSquares: (n - 1) * sd * sd + n * mean * mean},
  conversions,
});

/** A signatures variant: `signed` of `n` visitors. */
const signing = (id: string, signed: number, n: number): Arm => ({
  id,
  weight: 1,
  moments: {n, sum: signed, sumSquares: signed},
  conversions: signed,
});

describe('the verdict', () => {
  it('names a clear winner, its interval and its chance, when there are enough visitors', () => {
    // 5,000 visitors each with a spread of $32 a visitor: se = 3200 × √(2/5000) = 64 cents. d = 120 cents, so the
    // interval is 120 ± 1.959964 × 64 = −5.4 to 245.4 cents, and the chance Φ(120/64) = Φ(1.875) = 0.9696.
    const judged = analyse('revenue-per-visitor', [arm('control', 5000, 250, 3200, 240), arm('higher-asks', 5000, 370, 3200, 260)], AUD);
    expect(judged.verdict).toBe(
      'Variant higher-asks raised $1.20 more per visitor than control; 95 % interval -$0.05 to $2.45; 97 % chance higher-asks is best; enough visitors to stop.',
    );
    expect(judged.enoughToStop).toBe(true);
    expect(judged.srm).toEqual({pValue: 1, broken: false});
  });

  it('names the control when no variant beats it, through the closest variant', () => {
    // 8,000 visitors each, spread $15: each mean's sd is 1500/√8000 = 16.77 cents, a difference's 23.72. Against
    // means of 260 and 200, the control's 300 is best with 0.954 (integrated with SciPy's quad as a check).
    const judged = analyse(
      'revenue-per-visitor',
      [arm('control', 8000, 300, 1500, 400), arm('photo', 8000, 260, 1500, 380), arm('video', 8000, 200, 1500, 350)],
      AUD,
    );
    // −40 ± 1.959964 × 23.717 = −86.5 to 6.5 cents.
    expect(judged.verdict).toBe(
      'No variant beat control: the closest, photo, raised $0.40 less per visitor than control; 95 % interval -$0.86 to $0.06; 95 % chance control is best; enough visitors to stop.',
    );
  });

  it('says the split is broken, and names no winner, when the visitors were not split as weighed', () => {
    // 5,000 against 4,500 on 50/50: χ² = 2 × 250²/4,750 = 26.3, p = 2.9e-7.
    const judged = analyse('revenue-per-visitor', [arm('control', 5000, 250, 3200, 240), arm('higher-asks', 4500, 370, 3200, 260)], AUD);
    expect(judged.srm.broken).toBe(true);
    expect(judged.verdict).toBe(
      'The split of visitors is broken (p = 2.9e-7 against the weights), so this result cannot be trusted: find why before reading it.',
    );
    expect(judged.enoughToStop).toBe(false);
  });

  it('says when there are too few visitors, and roughly how many more the furthest variant needs', () => {
    // Control has reached 40 % of both minimums, 400 of 1,000 visitors and 12 of 30 gifts; the variant 42 %. At the
    // control's rate of 12 gifts in 400 visitors, 18 more gifts take 18 × 400/12 = 600 more visitors.
    const judged = analyse('revenue-per-visitor', [arm('control', 400, 250, 3200, 12), arm('higher-asks', 420, 370, 3200, 15)], AUD);
    expect(judged.verdict).toBe(
      'Not enough visitors yet to tell: every variant needs 1,000 visitors and 30 gifts, and control has 400 visitors and 12 gifts, so it needs roughly 600 more visitors.',
    );
    expect(judged.enoughToStop).toBe(false);
    // With visitors enough but few gifts, the gifts decide: 20 more at 10 in 3,000 visitors is 6,000 more visitors.
    expect(analyse('revenue-per-visitor', [arm('control', 3000, 25, 900, 10), arm('b', 3000, 30, 900, 40)], AUD).verdict).toContain(
      'control has 3,000 visitors and 10 gifts, so it needs roughly 6,000 more visitors.',
    );
    // With no gift at all there is no rate to go by.
    expect(analyse('revenue-per-visitor', [arm('control', 300, 0, 0, 0), arm('b', 300, 0, 0, 0)], AUD).verdict).toMatch(
      /and control has 300 visitors and 0 gifts\.$/,
    );
  });

  it('words a signatures experiment in percentage points', () => {
    // 300 of 2,000 signed (15 %) against 342 of 2,000 (17.1 %): d = 2.1 points. Variances 0.15 × 0.85 and
    // 0.171 × 0.829, each × 2000/1999, over 2,000: se = √(6.378e-5 + 7.092e-5) = 0.011606; the interval is
    // 0.021 ± 1.959964 × 0.011606 = −0.17 to 4.37 points, the chance Φ(0.021/0.011606) = Φ(1.809) = 0.965.
    const judged = analyse('signatures-per-visitor', [signing('control', 300, 2000), signing('short-ask', 342, 2000)], {
      locale: 'en-AU',
      currency: null,
    });
    expect(judged.verdict).toBe(
      'Variant short-ask signed 2.1 percentage points more often than control; 95 % interval -0.2 to 4.4 points; 96 % chance short-ask is best; enough visitors to stop.',
    );
  });

  it('takes the figures a caller has worked out itself', () => {
    const arms = [arm('control', 5000, 250, 3200, 240), arm('higher-asks', 5000, 370, 3200, 260)];
    const chances = chanceBest(arms.map((each) => each.moments))!;
    const judged = arms.map((each, i) => ({
      ...each,
      vsControl: i === 0 ? null : compareToControl(arms[0]!.moments, each.moments),
      chanceBest: chances[i]!,
    }));
    expect(verdict('revenue-per-visitor', judged, null, AUD)).toBe(analyse('revenue-per-visitor', arms, AUD).verdict);
  });

  it('says so when every visitor of both did the same', () => {
    const arms = [signing('control', 1500, 1500), signing('b', 1480, 1480)];
    expect(analyse('signatures-per-visitor', arms, {locale: 'en-AU', currency: null}).verdict).toBe(
      'Every visitor of b and of control did the same: there is no difference to measure.',
    );
  });

  it('writes money in the currency and locale it is given, and needs a currency for money', () => {
    const arms = [arm('control', 5000, 250, 3200, 240), arm('b', 5000, 370, 3200, 260)];
    // German puts the sign after the amount, past a no-break space.
    expect(analyse('revenue-per-visitor', arms, {locale: 'de-DE', currency: 'EUR'}).verdict).toContain(
      'raised 1,20\u00a0€ more per visitor',
    );
    expect(() => analyse('revenue-per-visitor', arms, {locale: 'en-AU', currency: null})).toThrow(TypeError);
  });
});

describe('the stopping rule', () => {
  it('stops a clear best, and not a close race with a large risk', () => {
    expect(stopReason([arm('control', 5000, 250, 3200, 240), arm('b', 5000, 370, 3200, 260)])).toBe('clear-best');
    // Φ(10/64) = 0.56, and a risk near 64 × φ(0.16) ≈ 25 cents against a threshold of 1 % of 250.
    expect(stopReason([arm('control', 5000, 250, 3200, 240), arm('b', 5000, 260, 3200, 260)])).toBe('undecided');
  });

  it('stops a race too close to matter: the leader’s risk under 1 % of the control’s mean', () => {
    // A million visitors each, spread $15: a difference's sd is 1500 × √(2/1e6) = 2.121 cents. At 250 and 251 the
    // variant leads with Φ(1/2.121) = 0.68; Clark's expected maximum is 250 + Φ(0.4714) + 2.121 × φ(0.4714) = 251.44,
    // so its risk is 0.44 cents, under the 2.5 of 1 % of 250.
    const arms = [arm('control', 1_000_000, 250, 1500, 50_000), arm('b', 1_000_000, 251, 1500, 50_000)];
    expect(stopReason(arms)).toBe('too-close-to-matter');
    expect(enoughToStop(arms)).toBe(true);
    expect(analyse('revenue-per-visitor', arms, AUD).verdict).toBe(
      'Variant b raised $0.01 more per visitor than control; 95 % interval -$0.03 to $0.05; 68 % chance b is best; too close to matter, so it can stop.',
    );
    // With a hundredth of the visitors a difference's sd is 21.21 cents, and the risk
    // 250 + Φ(0.0471) + 21.21 × φ(0.0471) − 251 = 0.519 + 8.452 − 1 = 7.97 cents: over.
    const fewer = [arm('control', 10_000, 250, 1500, 500), arm('b', 10_000, 251, 1500, 500)];
    expect(stopReason(fewer)).toBe('undecided');
  });

  it('waits for the minimums of visitors and gifts on every variant, and never stops a broken split', () => {
    const clear = [arm('control', 5000, 250, 3200, 240), arm('b', 5000, 370, 3200, 260)];
    expect(stopReason([arm('control', 999, 250, 3200, 240), clear[1]!])).toBe('too-few');
    expect(stopReason([clear[0]!, arm('b', 5000, 370, 3200, 29)])).toBe('too-few');
    expect(enoughToStop(clear, {pValue: 0.0001, broken: true})).toBe(false);
    expect(enoughToStop(clear, {pValue: 0.4, broken: false})).toBe(true);
  });
});

describe('analyse', () => {
  it('gives each variant what the wire carries: no comparison for the control, chances that sum to 1', () => {
    const judged = analyse('revenue-per-visitor', [arm('control', 5000, 250, 3200, 240, 2), arm('b', 2500, 370, 3200, 130, 1)], AUD);
    const wire: VariantResult['vsControl'][] = judged.arms.map((each) => each.vsControl);
    expect(wire[0]).toBeNull();
    expect(wire[1]!.difference).toBeCloseTo(120, 9);
    expect(judged.arms.reduce((sum, each) => sum + each.chanceBest!, 0)).toBeCloseTo(1, 12);
    // 5,000 and 2,500 on weights 2:1 is the split asked for exactly.
    expect(judged.srm).toEqual({pValue: 1, broken: false});
  });
});
