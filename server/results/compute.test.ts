/**
 * A version's results from its figures: the sentence and the table say one thing, each gift capped as the comparison
 * takes it, whatever one large gift does to what was raised.
 */
import {describe, expect, it} from 'vitest';
import {resultsOf} from './compute';
import {NO_FIGURES, type FormFigures, type VariantFigures} from './read';

const FORM = {form: 'reef', component: 'donate-form' as const, campaign: 'reef-appeal'};
const EXPERIMENT = {
  id: 'reef-asks',
  variants: [
    {id: 'control', weight: 1, changes: {}},
    {id: 'higher-asks', weight: 1, changes: {}},
  ],
};
const DAY_MS = 86_400_000;

/** A variant's figures from its visitors and its gifts' values, each capped at `cap`, as read.ts sums them. */
function variant(id: string, visitors: number, gifts: readonly number[], cap: number): VariantFigures {
  const capped = gifts.map((value) => Math.min(value, cap));
  return {
    ...NO_FIGURES,
    version: 1,
    variant: id,
    events: {...NO_FIGURES.events, view: visitors},
    gifts: gifts.length,
    raised: gifts.reduce((sum, value) => sum + value, 0),
    capped: capped.reduce((sum, value) => sum + value, 0),
    cappedSquares: capped.reduce((sum, value) => sum + value * value, 0),
    cap,
  };
}

describe('a version’s results', () => {
  it('say in the sentence what the table shows, with one $10,000 gift in the control', () => {
    // 2,000 visitors a variant over ten days. The control: one gift of $10,000 and 59 of $50; higher-asks: 70 of $80.
    // Uncapped, the control raised 10,000 + 2,950 = $12,950 (647.5 cents a visitor), higher-asks $5,600 (280 cents).
    // Each gift capped at $100, as the comparison takes it: the control 100 + 2,950 = $3,050 (152.5 cents a visitor),
    // higher-asks still $5,600 (280 cents), so higher-asks raises $1.28 more a visitor, though it raised less.
    const cap = 10_000;
    const control = variant('control', 2000, [1_000_000, ...Array<number>(59).fill(5000)], cap);
    const higher = variant('higher-asks', 2000, Array<number>(70).fill(8000), cap);
    const figures: FormFigures = {
      variants: [control, higher],
      versionDays: [{version: 1, first: '2026-01-01'}],
      days: [],
      amounts: [],
      sources: [],
      currency: 'aud',
    };
    const answer = resultsOf(
      FORM,
      [{version: 1, config: {experiment: EXPERIMENT}}],
      figures,
      new Map(),
      Date.parse('2026-01-01') + 10 * DAY_MS,
    );
    const [version] = answer.versions;
    const [shownControl, shownHigher] = version!.variants;
    expect(shownControl!.revenuePerVisitorCents).toBe(647.5);
    expect(shownHigher!.revenuePerVisitorCents).toBe(280);
    expect(shownControl!.metricValue).toBe(152.5);
    expect(shownHigher!.metricValue).toBe(280);
    expect(version!.capCents).toBe(cap);
    expect(shownHigher!.vsControl!.difference).toBeCloseTo(127.5, 9);
    expect(version!.days).toBe(10);
    expect(version!.verdict).toContain('higher-asks raises $1.28 more per visitor than control');
    expect(version!.verdict).toContain('each gift counted up to $100, as in the table');
    expect(version!.verdict).not.toMatch(/less per visitor/);
  });

  it('plan an experiment on gifts per visitor when it asks, and call a version with no gateway a sandbox one', () => {
    const figures: FormFigures = {variants: [], versionDays: [], days: [], amounts: [], sources: [], currency: null};
    const experiment = {...EXPERIMENT, metric: 'gifts-per-visitor', smallestLiftPercent: 20};
    const answer = resultsOf(FORM, [{version: 1, config: {experiment}}], figures);
    expect(answer.currency).toBe('AUD');
    expect(answer.versions[0]).toMatchObject({
      metric: 'gifts-per-visitor',
      sandbox: true,
      days: null,
      capCents: null,
      decision: 'too-early',
    });
    expect(answer.versions[0]!.plan).toMatchObject({metric: 'gifts-per-visitor', liftPercent: 20, from: 'assumed'});
    expect(answer.versions[0]!.variants.map((each) => each.vsControl)).toEqual([null, null]);
  });
});
