import {describe, expect, it} from 'vitest';
import type {ExperimentPlan, VariantResult} from '../../src/coral/contract';
import {DECISION} from './plan';
import {confidenceSequence, difference, widthAtPlan} from './sequential';
import {analyse, type Arm} from './verdict';

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

/** A plan asking `each` visitors of every variant, each comparison's sequence tuned for `tuned` visitors of the two. */
const plan = (ids: readonly string[], each: number, tuned: number, metric: ExperimentPlan['metric']): ExperimentPlan => ({
  metric,
  liftPercent: 10,
  alpha: 0.05,
  power: 0.8,
  from: 'assumed',
  baseline: {mean: 250, sd: 3200, visitorsPerDay: 1000},
  visitors: ids.map((variant) => ({variant, visitors: each})),
  tuning: ids.slice(1).map((variant) => ({variant, visitors: tuned})),
  days: 14,
  long: false,
});

type Planned = {each?: number; tuned?: number; metric?: ExperimentPlan['metric']};

/** The arms read on `days`, against a plan of `each` visitors a variant (8,000), its sequences tuned for 10,000. */
const read = (arms: readonly Arm[], days: number | null, {each = 8000, tuned = 10_000, metric = 'revenue-per-visitor'}: Planned = {}) =>
  analyse(
    {
      metric,
      arms,
      plan: plan(
        arms.map((one) => one.id),
        each,
        tuned,
        metric,
      ),
      days,
    },
    metric === 'revenue-per-visitor' ? AUD : {locale: 'en-AU', currency: null},
  );

describe('the verdict', () => {
  it('names a variant better, with its always-valid interval, once it is clear of the control', () => {
    // 5,000 visitors each with a spread of $32 a visitor: se = 3200 × √(2/5000) = 64 cents. At the 10,000 visitors the
    // sequence is tuned for, its half-width is 64 × widthAtPlan(0.05) = 64 × 3.035209 = 194.25 cents, so a
    // difference of 200 cents gives 5.75 to 394.25: clear of zero, where a test read once (± 125.4) was long clear.
    const judged = read([arm('control', 5000, 250, 3200, 240), arm('higher-asks', 5000, 450, 3200, 260)], 10);
    expect(64 * widthAtPlan(0.05)).toBeCloseTo(194.25, 2);
    expect(judged.arms[1]!.vsControl).toMatchObject({difference: 200, lift: 0.8, outcome: 'better'});
    expect(judged.arms[1]!.vsControl!.low).toBeCloseTo(5.75, 2);
    expect(judged.verdict).toBe(
      'Decided: higher-asks raises $2.00 more per visitor than control (always-valid 95 % interval $0.06 to $3.94). It can stop: choose higher-asks.',
    );
    expect(judged).toMatchObject({decision: 'decided', enoughToStop: true, srm: {pValue: 1, broken: false}});
  });

  it('leaves a difference a test read once would call undecided, when the sequence still holds zero', () => {
    // 180 cents: the fixed 95 % interval (± 1.96 × 64 = ± 125.4) leaves zero out, the always-valid one (± 194.25) not.
    const judged = read([arm('control', 5000, 250, 3200, 240), arm('higher-asks', 5000, 430, 3200, 260)], 10);
    expect(judged.decision).toBe('undecided');
    expect(judged.arms[1]!.vsControl!.outcome).toBe('undecided');
    expect(judged.verdict).toBe(
      'Not decided yet: day 11 of about 14 planned; control has 5,000 of the 8,000 visitors it needs. higher-asks raises $1.80 more per visitor than control (always-valid 95 % interval -$0.14 to $3.74). Keep it running.',
    );
    expect(judged.enoughToStop).toBe(false);
  });

  it('names a variant worse and keeps the control, when none is better', () => {
    const judged = read([arm('control', 5000, 450, 3200, 240), arm('b', 5000, 250, 3200, 260)], 10);
    expect(judged.decision).toBe('decided');
    expect(judged.verdict).toBe(
      'Decided: b raises $2.00 less per visitor than control (always-valid 95 % interval -$3.94 to -$0.06), and no variant is better. It can stop: keep control.',
    );
  });

  it('calls variants alike only when the whole interval lies within the smallest lift worth finding', () => {
    // A million visitors each, spread $15: se = 1500 × √(2/1e6) = 2.121 cents, half-width 6.44 at the tuning.
    // 1 ± 6.44 lies inside ± 25 cents (10 % of 250): alike.
    const alike = read([arm('control', 1_000_000, 250, 1500, 50_000), arm('b', 1_000_000, 251, 1500, 50_000)], 30, {tuned: 2_000_000});
    expect(alike.decision).toBe('alike');
    expect(alike.verdict).toBe(
      'Decided: every variant is within 10 % of control on revenue per visitor, the smallest lift worth finding, either way. It can stop: keep whichever you prefer.',
    );
    // With the spread of a real donation form ($32 a visitor) and 5,000 visitors, a lift of a third is not "alike",
    // though the old rule called it too close to matter: the interval (± $1.94) reaches far past ± 10 %.
    const wide = read([arm('control', 5000, 250, 3200, 240), arm('b', 5000, 333, 3200, 260)], 10);
    expect(wide.decision).toBe('undecided');
    expect(wide.verdict).not.toContain('within');
  });

  it('says no difference was found once every variant has its planned visitors, with the lift it could have seen', () => {
    // At 5,000 each, the smallest visible lift is (194.25 + 0.8416 × 64) / 250 = 0.993: the plan was far too small.
    const judged = read([arm('control', 5000, 250, 3200, 240), arm('b', 5000, 300, 3200, 260)], 14, {each: 5000});
    expect(judged.decision).toBe('no-difference-found');
    expect(judged.enoughToStop).toBe(true);
    expect(judged.verdict).toBe(
      'No difference found that this experiment could see: every variant has the visitors its plan asked for and none is clear of control; it could have seen a lift of about 99 % or more. It can stop: keep control, or test a bolder change.',
    );
    // One visitor short of the plan, it is not decided yet.
    expect(read([arm('control', 4999, 250, 3200, 240), arm('b', 5000, 300, 3200, 260)], 14, {each: 5000}).decision).toBe('undecided');
  });

  it('offers no decision before a whole week, nor before every variant has its gifts', () => {
    const clear = [arm('control', 5000, 250, 3200, 240), arm('higher-asks', 5000, 450, 3200, 260)];
    const early = read(clear, DECISION.days - 1);
    expect(early).toMatchObject({decision: 'too-early', enoughToStop: false});
    expect(early.arms[1]!.vsControl!.outcome).toBe('undecided');
    expect(early.verdict).toBe(
      'Too early to tell: a decision waits for a whole week of visitors (6 of 7 days so far). The figures below may swing a lot until then.',
    );
    expect(read(clear, DECISION.days).decision).toBe('decided');
    expect(read(clear, null).verdict).toContain('a whole week of visitors (none yet)');
    const few = read([clear[0]!, arm('higher-asks', 5000, 450, 3200, DECISION.conversions - 1)], 10);
    expect(few.verdict).toBe(
      'Too early to tell: a decision waits for 30 gifts on every variant (higher-asks has 29). The figures below may swing a lot until then.',
    );
  });

  it('says the split is broken, and names no winner, when the visitors were not split as weighed', () => {
    // 5,000 against 4,500 on 50/50: χ² = 2 × 250²/4,750 = 26.3, p = 2.9e-7.
    const judged = read([arm('control', 5000, 250, 3200, 240), arm('higher-asks', 4500, 470, 3200, 260)], 10);
    expect(judged.srm.broken).toBe(true);
    expect(judged.decision).toBe('broken');
    expect(judged.verdict).toBe(
      'The split of visitors is broken (p = 2.9e-7 against the weights), so this result cannot be trusted: find why before reading it.',
    );
    expect(judged.enoughToStop).toBe(false);
  });

  it('words a signatures experiment in percentage points', () => {
    // 300 of 2,000 signed (15 %) against 400 of 2,000 (20 %): d = 5 points, se = √(0.15·0.85/2000 + 0.2·0.8/2000)
    // (each × 2000/1999) = 0.011985, and the half-width at the tuning 0.011985 × 3.035209 = 0.036377.
    const judged = read([signing('control', 300, 2000), signing('short-ask', 400, 2000)], 8, {
      tuned: 4000,
      metric: 'signatures-per-visitor',
    });
    expect(judged.verdict).toBe(
      'Decided: short-ask signs 5.0 percentage points more often than control (always-valid 95 % interval 1.4 to 8.6 points). It can stop: choose short-ask.',
    );
  });

  it('cuts a share’s interval to what two shares can differ by', () => {
    const judged = read([signing('control', 1, 4), signing('urgent', 3, 4)], 0, {metric: 'signatures-per-visitor'});
    expect(judged.arms[1]!.vsControl).toMatchObject({low: -1, high: 1});
  });

  it('corrects for several variants: each comparison at α over the comparisons with the control', () => {
    // With five variants against the control each interval is at α = 0.01, so the same 200 cents is not clear.
    const six = ['control', 'b', 'c', 'd', 'e', 'f'].map((id, i) => arm(id, 5000, i === 1 ? 450 : 250, 3200, 240));
    const judged = read(six, 10);
    const estimate = difference(six[0]!.moments, six[1]!.moments)!;
    const {low, high} = confidenceSequence(estimate, {alpha: 0.01, planned: 10_000});
    expect(judged.arms[1]!.vsControl).toMatchObject({low, high, outcome: 'undecided'});
    expect(low).toBeLessThan(0);
    expect(judged.decision).toBe('undecided');
  });

  it('names several better variants without ranking them', () => {
    const judged = read([arm('control', 5000, 250, 3200, 240), arm('b', 5000, 460, 3200, 240), arm('c', 5000, 480, 3200, 240)], 10);
    // At α = 0.025 the half-width is wider than at 0.05, and both 210 and 230 cents still clear it.
    expect(judged.arms.slice(1).map((each) => each.vsControl!.outcome)).toEqual(['better', 'better']);
    expect(judged.verdict).toMatch(/It can stop: choose one of b and c: the figures do not say which of them is best\.$/);
  });

  it('says so when every visitor of both did the same, and compares nothing', () => {
    const judged = read([signing('control', 1500, 1500), signing('b', 1480, 1480)], 10, {metric: 'signatures-per-visitor'});
    expect(judged.arms[1]!.vsControl).toBeNull();
    expect(judged.decision).toBe('undecided');
  });

  it('writes money in the currency and locale it is given, and needs a currency for money', () => {
    const arms = [arm('control', 5000, 250, 3200, 240), arm('b', 5000, 450, 3200, 260)];
    const reading = {
      metric: 'revenue-per-visitor' as const,
      arms,
      plan: plan(['control', 'b'], 8000, 10_000, 'revenue-per-visitor'),
      days: 10,
    };
    // German puts the sign after the amount, past a no-break space.
    expect(analyse(reading, {locale: 'de-DE', currency: 'EUR'}).verdict).toContain('raises 2,00\u00a0€ more per visitor');
    expect(analyse(reading, {locale: 'en-AU', currency: 'fjd'}).verdict).toContain('raises FJD\u00a02.00 more per visitor');
    expect(analyse(reading, {...AUD, capCents: 48_000}).verdict).toContain('; each gift counted up to $480, as in the table)');
    expect(() => analyse(reading, {locale: 'en-AU', currency: null})).toThrow(TypeError);
  });

  it('gives each variant what the wire carries: no comparison for the control', () => {
    const judged = read([arm('control', 5000, 250, 3200, 240, 2), arm('b', 2500, 370, 3200, 130, 1)], 10);
    const wire: VariantResult['vsControl'][] = judged.arms.map((each) => each.vsControl);
    expect(wire[0]).toBeNull();
    expect(wire[1]!.difference).toBeCloseTo(120, 9);
    // 5,000 and 2,500 on weights 2:1 is the split asked for exactly.
    expect(judged.srm).toEqual({pValue: 1, broken: false});
  });
});
