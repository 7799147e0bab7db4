/** Which address a request came from. */
import {describe, expect, it} from 'vitest';
import {addressBucket, clientAddress, parseAddress, parseProxyList, type AddressRange} from './address';

const proxies = (text: string) => parseProxyList(text) as AddressRange[];
const client = (peer: string | null, forwardedFor: string | null, trusted = '') => {
  const address = clientAddress(peer, forwardedFor, proxies(trusted));
  return address === null ? null : addressBucket(address);
};
const bucket = (text: string) => addressBucket(parseAddress(text)!);

describe('trusted proxies', () => {
  it('reads a list as an operator writes it: spaces around entries, a comma left at the end', () => {
    expect(parseProxyList(' 10.0.0.0/8 , 2001:db8::/32, ')).toEqual([
      {family: 4, value: 0x0a000000n, bits: 8},
      {family: 6, value: 0x20010db8n << 96n, bits: 32},
    ]);
    expect(parseProxyList('')).toEqual([]);
    expect(parseProxyList('0.0.0.0/0,::/0')).toEqual([
      {family: 4, value: 0n, bits: 0},
      {family: 6, value: 0n, bits: 0},
    ]);
  });

  it.each([
    ['10.0.0.0/8, 10.0.0.1:8080', '"10.0.0.1:8080" is not an IP address'],
    ['10.0.0.0/8, [2001:db8::1]', '"[2001:db8::1]" is not an IP address'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IP address'],
    ['10.0.0.1:8080 /32', '"10.0.0.1:8080 /32" is not an IP address'],
    ['10.0.0.0/8, 10.0.0.0/33', '"10.0.0.0/33" has a prefix length outside 0 to 32'],
    ['2001:db8::/129', '"2001:db8::/129" has a prefix length outside 0 to 128'],
    ['10.0.0.0/8.0', '"10.0.0.0/8.0" has a prefix length outside 0 to 32'],
    ['10.0.0.0/+8', '"10.0.0.0/+8" has a prefix length outside 0 to 32'],
    ['10.0.0.0/', '"10.0.0.0/" has a prefix length outside 0 to 32'],
  ])('refuses %s, naming the entry as written', (text, message) => {
    const refused = parseProxyList(text);
    expect(typeof refused).toBe('string');
    expect(refused).toContain(message);
  });
});

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
    expect(parseAddress('203.0.113.7:5000')).toEqual(parseAddress('203.0.113.7'));
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
      // A port has at most five digits; anything after it is not part of an address.
      '192.0.2.1:123456',
      // Eight groups leave nothing for "::" to stand for.
      '1:2:3:4::5:6:7:8',
      '::ffff:192.0.2.256',
      '1:2:3:4:5:6:7:192.0.2.1',
    ]) {
      expect(parseAddress(bad)).toBeNull();
    }
  });

  it('reads every octet up to 255, and "::" standing for a single group', () => {
    expect(parseAddress('255.255.255.255')).toEqual({family: 4, value: 0xffffffffn});
    expect(parseAddress('2001:db8::1:1:1:1:1')).toEqual(parseAddress('2001:db8:0:1:1:1:1:1'));
    expect(parseAddress('2001:db8:0:1:1:1:1::')).toEqual(parseAddress('2001:db8:0:1:1:1:1:0'));
  });

  it('reads an IPv6 address whose last two groups are written as IPv4, in full or shortened', () => {
    expect(parseAddress('0:0:0:0:0:ffff:192.0.2.1')).toEqual({family: 4, value: 0xc0000201n});
    expect(parseAddress('0:0:0:0:0:FFFF:129.144.52.38')).toEqual(parseAddress('129.144.52.38'));
    expect(parseAddress('64:ff9b::192.0.2.33')).toEqual({family: 6, value: (0x64ff9bn << 96n) | 0xc0000221n});
    expect(parseAddress('1:2:3:4:5:6:192.0.2.1')).toEqual(parseAddress('1:2:3:4:5:6:c000:201'));
    expect(parseAddress('2001:db8::1:2:192.0.2.1')).toEqual(parseAddress('2001:db8::1:2:c000:201'));
    // An IPv4-translated address (::ffff:0:a.b.c.d) is an IPv6 address of its own, not the mapped IPv4 one.
    expect(parseAddress('::ffff:0:192.0.2.1')).toEqual({family: 6, value: (0xffff0000n << 32n) | 0xc0000201n});
  });

  it('takes the peer as the client when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(client('203.0.113.7', '198.51.100.1')).toBe(bucket('203.0.113.7'));
    expect(client('203.0.113.7', '198.51.100.1', '10.0.0.0/8')).toBe(bucket('203.0.113.7'));
    expect(client(null, '198.51.100.1', '10.0.0.0/8')).toBeNull();
    // Trusting every IPv6 address trusts no IPv4 one.
    expect(client('203.0.113.7', '198.51.100.1', '::/0')).toBe(bucket('203.0.113.7'));
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
    // Hops with their ports, after the space proxies write past each comma.
    expect(client('10.0.0.2', '203.0.113.7:51234, 10.0.0.1:443', trusted)).toBe(bucket('203.0.113.7'));
    // A prefix of 0 trusts every address of its family.
    expect(client('198.51.100.1', '203.0.113.7', '0.0.0.0/0')).toBe(bucket('203.0.113.7'));
  });

  it('counts IPv6 by its /64', () => {
    expect(bucket('2001:db8:1:2::1')).toBe(bucket('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(bucket('2001:db8:1:2::1')).not.toBe(bucket('2001:db8:1:3::1'));
    expect(bucket('192.0.2.1')).not.toBe(bucket('192.0.2.2'));
  });
});
