/** The rate limit's window and the breaker's threshold, without a store. */
import {describe, expect, it} from 'vitest';
import {breakerOpens, rateWindow} from './arithmetic';
import {DEFAULT_GUARD} from './settings';

// 2026-01-01T00:00:00Z, the start of an hour and of a day.
const NEW_YEAR = Date.UTC(2026, 0, 1) / 1000;

describe('rateWindow', () => {
  it('counts every moment of an hour under its first second, and says how long until the next hour', () => {
    expect(rateWindow(NEW_YEAR, 3600)).toEqual({start: NEW_YEAR, retryAfter: 3600});
    expect(rateWindow(NEW_YEAR + 1, 3600)).toEqual({start: NEW_YEAR, retryAfter: 3599});
    expect(rateWindow(NEW_YEAR + 3599, 3600)).toEqual({start: NEW_YEAR, retryAfter: 1});
    expect(rateWindow(NEW_YEAR + 3600, 3600)).toEqual({start: NEW_YEAR + 3600, retryAfter: 3600});
  });

  it('lines windows up on the clock, so every instance counts the same one', () => {
    expect(rateWindow(NEW_YEAR + 61, 60)).toEqual({start: NEW_YEAR + 60, retryAfter: 59});
    expect(rateWindow(NEW_YEAR - 1, 86_400)).toEqual({start: NEW_YEAR - 86_400, retryAfter: 1});
  });
});

describe('breakerOpens', () => {
  const {breakerPercent, breakerMinPayments} = DEFAULT_GUARD;
  const opens = (paid: number, failed: number) => breakerOpens({paid, failed}, breakerPercent, breakerMinPayments);

  it('opens at half the payments declined, once twenty were tried', () => {
    expect(opens(10, 10)).toBe(true);
    expect(opens(11, 9)).toBe(false);
    expect(opens(0, 20)).toBe(true);
  });

  it('stays closed below twenty payments tried, however many were declined', () => {
    expect(opens(0, 19)).toBe(false);
    expect(opens(9, 10)).toBe(false);
    expect(opens(0, 0)).toBe(false);
  });

  it('compares the share exactly, without rounding', () => {
    // 1 in 3 is a little over 33 %, a little under 34 %.
    expect(breakerOpens({paid: 20, failed: 10}, 33, 20)).toBe(true);
    expect(breakerOpens({paid: 20, failed: 10}, 34, 20)).toBe(false);
    expect(breakerOpens({paid: 0, failed: 1}, 100, 1)).toBe(true);
    expect(breakerOpens({paid: 1, failed: 99}, 100, 1)).toBe(false);
  });
});
