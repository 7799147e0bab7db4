/** The guard's settings as the environment gives them. */
import {describe, expect, it} from 'vitest';
import {LIMITS} from '../settings';
import {DEFAULT_GUARD, readGuardEnv} from './settings';

describe('readGuardEnv', () => {
  it('has a default for every limit, and no proxy or bot check unless asked', () => {
    expect(readGuardEnv({}, false)).toEqual(DEFAULT_GUARD);
    expect(DEFAULT_GUARD).toMatchObject({giftsPerAddress: 20, giftsPerEmail: 6, windowSeconds: 3600, declinesPerGift: 4});
    expect(DEFAULT_GUARD).toMatchObject({trustedProxies: [], botCheck: null});
  });

  it('reads each variable', () => {
    const read = readGuardEnv(
      {
        CORAL_GIFTS_PER_ADDRESS: '5',
        CORAL_BREAKER_DECLINE_PERCENT: '30',
        CORAL_TRUSTED_PROXIES: '10.0.0.0/8,::1',
        CORAL_TURNSTILE_SECRET: 'turnstile-standin-secret-not-real',
        CORAL_TURNSTILE_WHEN: 'breaker',
      },
      false,
    );
    expect(read).toMatchObject({giftsPerAddress: 5, breakerPercent: 30, botCheck: {when: 'breaker'}});
    expect(typeof read === 'object' && read.trustedProxies).toHaveLength(2);
  });

  it.each([
    [{CORAL_GIFTS_PER_ADDRESS: 'ten'}, 'CORAL_GIFTS_PER_ADDRESS: "ten" is not a whole number from 0 to 100000'],
    [{CORAL_GIFTS_PER_EMAIL: '-1'}, 'CORAL_GIFTS_PER_EMAIL: "-1" is not a whole number'],
    [{CORAL_GIFT_WINDOW_SECONDS: '10'}, 'CORAL_GIFT_WINDOW_SECONDS: "10" is not a whole number from 60 to 86400'],
    [{CORAL_BREAKER_DECLINE_PERCENT: '150'}, 'CORAL_BREAKER_DECLINE_PERCENT: "150" is not a whole number from 1 to 100'],
    [{CORAL_DECLINES_PER_GIFT: '2.5'}, 'CORAL_DECLINES_PER_GIFT: "2.5" is not a whole number'],
    [{CORAL_TRUSTED_PROXIES: '10.0.0.0/33'}, 'CORAL_TRUSTED_PROXIES: "10.0.0.0/33" has a prefix length outside 0 to 32'],
    [{CORAL_TRUSTED_PROXIES: 'proxy.example.org'}, 'CORAL_TRUSTED_PROXIES: "proxy.example.org" is not an IP address'],
    [{CORAL_TRUSTED_PROXIES: '10.0.0.1:8080'}, 'CORAL_TRUSTED_PROXIES: "10.0.0.1:8080" is not an IP address'],
    [{CORAL_TURNSTILE_SECRET: 'has a space in it, pasted wrong'}, 'CORAL_TURNSTILE_SECRET does not look like a Turnstile secret key'],
    [{CORAL_TURNSTILE_WHEN: 'always'}, 'CORAL_TURNSTILE_WHEN is set but CORAL_TURNSTILE_SECRET is not'],
    [{CORAL_TURNSTILE_SECRET: 'turnstile-standin-secret-not-real', CORAL_TURNSTILE_WHEN: 'sometimes'}, 'CORAL_TURNSTILE_WHEN: "sometimes"'],
  ])('refuses %o in one line naming the variable', (vars, message) => {
    const read = readGuardEnv(vars, false);
    expect(typeof read).toBe('string');
    expect(read).toContain(message);
    expect(read as string).not.toContain('\n');
  });

  it.each(Object.entries(LIMITS))('takes %s from its least to its most, and nothing outside', (field, {name, min, max}) => {
    expect(readGuardEnv({[name]: String(min)}, false)).toMatchObject({[field]: min});
    expect(readGuardEnv({[name]: String(max)}, false)).toMatchObject({[field]: max});
    expect(readGuardEnv({[name]: String(max + 1)}, false)).toBe(`${name}: "${max + 1}" is not a whole number from ${min} to ${max}`);
    if (min > 0)
      expect(readGuardEnv({[name]: String(min - 1)}, false)).toBe(`${name}: "${min - 1}" is not a whole number from ${min} to ${max}`);
  });

  it('reads values past the spaces and line ends a .env file or a dashboard leaves around them', () => {
    const read = readGuardEnv(
      {
        CORAL_GIFTS_PER_ADDRESS: ' 5 ',
        CORAL_TURNSTILE_SECRET: 'turnstile-standin-secret-not-real\n',
        CORAL_TURNSTILE_WHEN: ' breaker ',
      },
      false,
    );
    expect(read).toMatchObject({giftsPerAddress: 5, botCheck: {secret: 'turnstile-standin-secret-not-real', when: 'breaker'}});
    // Set to blanks, a variable is not set.
    expect(readGuardEnv({CORAL_GIFTS_PER_EMAIL: '  ', CORAL_TURNSTILE_SECRET: ' ', CORAL_TURNSTILE_WHEN: ' '}, false)).toEqual(
      DEFAULT_GUARD,
    );
  });

  it.each([
    ['CORAL_TURNSTILE_SECRET=turnstile-standin-secret-not-real'],
    ['turnstile-standin-secret-not-real # the test key'],
    ['short-secret'],
  ])('refuses %s as a Turnstile secret, without writing it out', (secret) => {
    const read = readGuardEnv({CORAL_TURNSTILE_SECRET: secret}, false);
    expect(read).toBe(
      'CORAL_TURNSTILE_SECRET does not look like a Turnstile secret key: copy it again, whole, from the Cloudflare dashboard',
    );
  });

  it('needs CORAL_GUARD_SECRET where gifts are taken, checks it wherever it is set, and never writes it out', () => {
    const secret = 'guard-secret-for-tests-only-not-a-real-one';
    expect(readGuardEnv({CORAL_GUARD_SECRET: ` ${secret}\n`}, true)).toEqual({...DEFAULT_GUARD, secret});
    expect(readGuardEnv({}, true)).toBe(
      'CORAL_GUARD_SECRET is not set: the card-testing guard keys its hashes of addresses and emails with it; make one with `openssl rand -hex 32`',
    );
    const short = readGuardEnv({CORAL_GUARD_SECRET: 'guard-secret-too-short'}, false);
    expect(short).toBe('CORAL_GUARD_SECRET is too short: use at least 32 random characters; make one with `openssl rand -hex 32`');
  });

  it('names every limit’s variable once', () => {
    const names = Object.values(LIMITS).map((limit) => limit.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
