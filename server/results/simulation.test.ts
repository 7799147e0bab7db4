/**
 * The rule as staff will use it: donate-form experiments simulated against a known truth (server/testing/experiments.ts),
 * read every morning with the results' own plan and verdict until they stop, as `npm run bench:experiments` reads
 * them at more sizes. Seeded, so every run sees the same experiments.
 */
import {describe, expect, it} from 'vitest';
import {runExperiment, seededRandom, shippedRule, variantsOf, type Rule, type Setting} from '../testing/experiments';
import {previousRule} from '../testing/previousRule';
import {makePlan} from './plan';
import {CAP_QUANTILE, REGULAR_VALUE} from './read';
import {analyse} from './verdict';

const shipped = shippedRule('shipped', (reading, capCents) => analyse(reading, {locale: 'en', currency: 'usd', capCents}));

/**
 * `count` experiments of `setting`, each read every morning to its plan's end by each rule, the plan made for a lift
 * of `planned` % (a large one keeps the plans, and so the test, short: the rule's promise holds at any plan).
 */
function simulate(setting: Setting, planned: number, rules: readonly Rule[], count: number) {
  const simulation = {
    valuing: {monthly: REGULAR_VALUE.monthly, capQuantile: CAP_QUANTILE},
    plan: (history: Parameters<typeof makePlan>[3]) => makePlan('revenue-per-visitor', variantsOf(setting), planned, history),
    rules,
    maxDays: Infinity,
  };
  return Array.from({length: count}, (_, i) => runExperiment(setting, simulation, seededRandom(20_261_127, setting.variants, i)));
}

const share = (outcomes: ReturnType<typeof simulate>, rule: number, what: 'falseWinner' | 'found') =>
  outcomes.filter((outcome) => outcome.rules[rule]![what]).length / outcomes.length;

describe('the rule, read every day on simulated experiments', () => {
  // A rule true to its 5 % stays at or under 8 % of 300 experiments but for a chance of about 1 in 100; the shipped
  // rule names a false winner in about 1 % of them, the rule used before in 13 to 20 % by its clear best alone (and in
  // about 45 % counting the variant it showed ahead when it stopped as too close to matter).
  const BOUND = 0.08;

  it('names a false winner in at most 8 % of A/A experiments of two variants, where the previous rule names far more', () => {
    const outcomes = simulate({variants: 2, visitorsPerVariant: 2000, lift: 0}, 30, [shipped, previousRule], 300);
    expect(outcomes.every((outcome) => outcome.reachedPlan && outcome.days >= 14)).toBe(true);
    expect(share(outcomes, 0, 'falseWinner')).toBeLessThanOrEqual(BOUND);
    expect(share(outcomes, 1, 'falseWinner')).toBeGreaterThan(BOUND);
  });

  it('names a false winner in at most 8 % of A/A experiments of six variants', () => {
    const outcomes = simulate({variants: 6, visitorsPerVariant: 2000, lift: 0}, 30, [shipped], 200);
    expect(share(outcomes, 0, 'falseWinner')).toBeLessThanOrEqual(BOUND);
  });

  it('finds a true 30 % lift most of the time, at the visitors planned for it, and names no other', () => {
    const outcomes = simulate({variants: 2, visitorsPerVariant: 2000, lift: 0.3}, 30, [shipped], 200);
    expect(share(outcomes, 0, 'found')).toBeGreaterThanOrEqual(0.7);
    expect(share(outcomes, 0, 'falseWinner')).toBeLessThanOrEqual(BOUND);
  });
});
