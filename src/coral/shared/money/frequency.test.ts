import {describe, expect, it} from 'vitest';
import {FREQUENCIES, isOngoing, RECURRING} from './frequency';

describe('frequencies', () => {
  it('counts every frequency but one-off as charging more than once', () => {
    expect([...RECURRING].sort()).toEqual(FREQUENCIES.filter((frequency) => frequency !== 'one-off').sort());
  });

  it('calls weekly and monthly gifts ongoing, but not a daily gift, which ends by itself, nor a one-off gift', () => {
    expect(FREQUENCIES.filter(isOngoing)).toEqual(['weekly', 'monthly']);
    expect(isOngoing(null)).toBe(false);
  });
});
