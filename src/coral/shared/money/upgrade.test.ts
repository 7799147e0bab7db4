import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {rgUpgradeSuggestion} from './upgrade';

describe('the monthly upgrade suggestion', () => {
  const rule = {divisor: 3, roundTo: 5};

  it.each([
    [6000, 2000],
    [12000, 4000],
    [3500, 1000],
    [10000, 3500],
    [5000, 1500],
  ])('suggests for a one-off gift of %i cents: %i cents a month', (oneOff, monthly) => {
    expect(rgUpgradeSuggestion(oneOff, rule, {min: 500, max: 200_000})).toBe(monthly);
  });

  it('never goes below the monthly minimum', () => {
    expect(rgUpgradeSuggestion(500, rule, {min: 1000, max: 200_000})).toBe(1000);
  });

  it('suggests nothing rather than more than the monthly maximum', () => {
    // $9,000 once would be $3,000 a month: above a $2,000 monthly maximum, so there is no ask.
    expect(rgUpgradeSuggestion(900_000, rule, {min: 500, max: 200_000})).toBeNull();
    expect(rgUpgradeSuggestion(600_000, rule, {min: 500, max: 200_000})).toBe(200_000);
  });

  it('is always a whole number of rounding steps, at least the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({min: 100, max: 10_000_000}),
        fc.integer({min: 1, max: 12}),
        fc.integer({min: 1, max: 50}),
        (oneOff, divisor, roundTo) => {
          const suggestion = rgUpgradeSuggestion(oneOff, {divisor, roundTo}, {min: 500, max: 200_000});
          if (suggestion === null) return Math.round(oneOff / divisor / (roundTo * 100)) * roundTo * 100 > 200_000;
          return suggestion >= 500 && suggestion <= 200_000 && (suggestion % (roundTo * 100) === 0 || suggestion === 500);
        },
      ),
      {numRuns: 1000},
    );
  });
});
