import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {counterText, progressPercent, withLiveCount, withSignature} from './counter';
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

  it('shows the live count as the truth before the signer signs, even below the configured one', () => {
    expect(withLiveCount(48317, 48920, false)).toBe(48920);
    expect(withLiveCount(48317, 47000, false)).toBe(47000);
    expect(withLiveCount(48317, 0, false)).toBe(0);
  });

  it('counts the signer at once, and after their signature takes a live count only if it does not step back', () => {
    expect(withSignature(48317)).toBe(48318);
    expect(withLiveCount(withSignature(48317), 48920, true)).toBe(48920);
    expect(withLiveCount(withSignature(48317), 48318, true)).toBe(48318);
    expect(withLiveCount(withSignature(48317), 48317, true)).toBe(48318);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (shown, live) => {
        const after = withLiveCount(shown, live, true);
        expect(after).toBeGreaterThanOrEqual(shown);
        expect([shown, live]).toContain(after);
      }),
      {numRuns: 1000},
    );
  });
});
