/** Which address a request came from, and the guard's settings as the environment gives them. */
import {describe, expect, it} from 'vitest';
import {addressBucket, clientAddress, parseAddress, parseProxyList, type AddressRange} from './address';
import {DEFAULT_GUARD, LIMITS, readGuardEnv} from './settings';

const proxies = (text: string) => parseProxyList(text) as AddressRange[];
const client = (peer: string | null, forwardedFor: string | null, trusted = '') => {
  const address = clientAddress(peer, forwardedFor, proxies(trusted));
  return address === null ? null : addressBucket(address);
};
const bucket = (text: string) => addressBucket(parseAddress(text)!);

describe('addresses', () => {
  it('reads IPv4, IPv6 in its short forms, and an IPv4-mapped IPv6 address as its IPv4 one', () => {
    expect(parseAddress('192.0.2.1')).toEqual({family: 4, value: 0xc0000201n});
    expect(parseAddress('::ffff:192.0.2.1')).toEqual({family: 4, value: 0xc0000201n});
    expect(parseAddress('2001:db8::1')).toEqual({family: 6, value: (0x20010db8n << 96n) | 1n});
    expect(parseAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toEqual(parseAddress('2001:db8::1'));
    expect(parseAddress('::')).toEqual({family: 6, value: 0n});
    // Some proxies forward the client's port too.
    expect(parseAddress('192.0.2.1:5000')).toEqual(parseAddress('192.0.2.1'));
    expect(parseAddress('[2001:db8::1]:5000')).toEqual(parseAddress('2001:db8::1'));
    expect(parseAddress('[2001:db8::1]')).toEqual(parseAddress('2001:db8::1'));
    for (const bad of [
      '',
      '256.0.0.1',
      '1.2.3',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      'unknown',
      '192.0.2.1:',
      '[192.0.2.1:80',
      'fe80::1%eth0',
    ]) {
      expect(parseAddress(bad)).toBeNull();
    }
  });

  it('takes the peer as the client when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(client('203.0.113.7', '198.51.100.1')).toBe(bucket('203.0.113.7'));
    expect(client('203.0.113.7', '198.51.100.1', '10.0.0.0/8')).toBe(bucket('203.0.113.7'));
    expect(client(null, '198.51.100.1', '10.0.0.0/8')).toBeNull();
  });

  it('from a trusted proxy, takes the rightmost address that is not itself trusted', () => {
    const trusted = '10.0.0.0/8, 2001:db8:ffff::/48';
    // The client wrote the first entry itself; the proxies appended the rest.
    expect(client('10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.1', trusted)).toBe(bucket('203.0.113.7'));
    expect(client('2001:db8:ffff::1', '203.0.113.8', trusted)).toBe(bucket('203.0.113.8'));
    expect(client('::ffff:10.0.0.2', '203.0.113.9', trusted)).toBe(bucket('203.0.113.9'));
    // Two headers read as one list, as Headers joins them.
    expect(client('10.0.0.2', '1.1.1.1, 203.0.113.10', trusted)).toBe(bucket('203.0.113.10'));
    // Every hop trusted, or none given: the nearest trusted hop is all that is known.
    expect(client('10.0.0.2', '10.0.0.1', trusted)).toBe(bucket('10.0.0.1'));
    expect(client('10.0.0.2', null, trusted)).toBe(bucket('10.0.0.2'));
    // A hop no proxy wrote stops the walk.
    expect(client('10.0.0.2', '203.0.113.7, not-an-address, 10.0.0.1', trusted)).toBe(bucket('10.0.0.1'));
  });

  it('counts IPv6 by its /64', () => {
    expect(bucket('2001:db8:1:2::1')).toBe(bucket('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(bucket('2001:db8:1:2::1')).not.toBe(bucket('2001:db8:1:3::1'));
    expect(bucket('192.0.2.1')).not.toBe(bucket('192.0.2.2'));
  });
});

describe('readGuardEnv', () => {
  it('has a default for every limit, and no proxy or bot check unless asked', () => {
    expect(readGuardEnv({})).toEqual(DEFAULT_GUARD);
    expect(DEFAULT_GUARD).toMatchObject({giftsPerAddress: 20, giftsPerEmail: 6, windowSeconds: 3600, declinesPerGift: 4});
    expect(DEFAULT_GUARD).toMatchObject({trustedProxies: [], botCheck: null});
  });

  it('reads each variable', () => {
    const read = readGuardEnv({
      CORAL_GIFTS_PER_ADDRESS: '5',
      CORAL_BREAKER_DECLINE_PERCENT: '30',
      CORAL_TRUSTED_PROXIES: '10.0.0.0/8,::1',
      CORAL_TURNSTILE_SECRET: 'turnstile-standin-secret-not-real',
      CORAL_TURNSTILE_WHEN: 'breaker',
    });
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
    const read = readGuardEnv(vars);
    expect(typeof read).toBe('string');
    expect(read).toContain(message);
    expect(read as string).not.toContain('\n');
  });

  it('names every limit’s variable once', () => {
    const names = Object.values(LIMITS).map((limit) => limit.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
