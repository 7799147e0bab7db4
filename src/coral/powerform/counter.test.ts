import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {counterText, progressPercent} from './counter';
import {POWERFORM_MESSAGES} from './messages';

describe('signature counter', () => {
  it('formats the numbers for the locale', () => {
    expect(counterText({count: 12430, goal: 20000}, 'en-AU', POWERFORM_MESSAGES)).toBe('12,430 of 20,000 signatures');
    expect(counterText({count: 12430, goal: 20000}, 'de-DE', POWERFORM_MESSAGES)).toBe('12.430 of 20.000 signatures');
  });

  it('says so once the goal is passed', () => {
    expect(counterText({count: 20001, goal: 20000}, 'en-AU', POWERFORM_MESSAGES)).toBe('20,001 signatures: we passed our goal of 20,000!');
  });

  it('fills the bar from 0 to 100 and no further', () => {
    expect(progressPercent({count: 12430, goal: 20000})).toBe(62);
    fc.assert(
      fc.property(fc.nat(), fc.integer({min: 1}), (count, goal) => {
        const percent = progressPercent({count, goal});
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
      {numRuns: 1000},
    );
  });
});
