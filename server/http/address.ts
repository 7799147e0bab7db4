/**
 * Which address a gift request came from. The peer (the socket's address on
 * Node, Cloudflare's CF-Connecting-IP on Workers) is the client unless it is
 * a proxy the operator trusts; only then is X-Forwarded-For read, from the
 * right, and the first address that is not itself a trusted proxy is the
 * client's. Anyone else's X-Forwarded-For is ignored, as anyone can write one.
 */

export type Address = {family: 4 | 6; value: bigint};
export type AddressRange = {family: 4 | 6; value: bigint; bits: number};

const BITS = {4: 32, 6: 128} as const;

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function parseV6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  let [head, tail] = [groups(halves[0]!), halves.length === 2 ? groups(halves[1]!) : []];
  // A last group written as IPv4 (::ffff:192.0.2.1) stands for two groups.
  const last = (tail.length > 0 ? tail : head).at(-1);
  let v4: bigint | null = null;
  if (last?.includes('.')) {
    v4 = parseV4(last);
    if (v4 === null) return null;
    if (tail.length > 0) tail = tail.slice(0, -1);
    else head = head.slice(0, -1);
  }
  const wanted = v4 === null ? 8 : 6;
  const missing = wanted - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  // Without "::" nothing is missing by now.
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  const value = all.reduce((sum, group) => (sum << 16n) | BigInt(`0x${group}`), 0n);
  return v4 === null ? value : (value << 32n) | v4;
}

const MAPPED_V4 = 0xffffn << 32n;

/** A port some proxies append to a forwarded address (`192.0.2.1:5000`, `[2001:db8::1]:5000`) is not part of it. */
const WITH_PORT = /^(?:\[([0-9a-f:.]+)\](?::\d{1,5})?|(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5})$/i;

/**
 * An IPv4 or IPv6 address as text (with or without a port; no zone), or null; an IPv4-mapped IPv6 address
 * is its IPv4 one.
 */
export function parseAddress(text: string): Address | null {
  const port = WITH_PORT.exec(text.trim());
  const trimmed = port ? (port[1] ?? port[2]!) : text.trim();
  const v4 = parseV4(trimmed);
  if (v4 !== null) return {family: 4, value: v4};
  const v6 = parseV6(trimmed);
  if (v6 === null) return null;
  return v6 >> 32n === 0xffffn ? {family: 4, value: v6 - MAPPED_V4} : {family: 6, value: v6};
}

/** An address or a range (CIDR: `10.0.0.0/8`, `2001:db8::/32`), or why not. */
export function parseRange(text: string): AddressRange | string {
  const [host, bitsText, extra] = text.trim().split('/') as [string, string?, string?];
  // A proxy is named by its address alone: a port or brackets mean a paste from somewhere else.
  const address = WITH_PORT.test(host.trim()) ? null : parseAddress(host);
  if (address === null || extra !== undefined) return `"${text.trim()}" is not an IP address or a range like 10.0.0.0/8`;
  const most = BITS[address.family];
  const bits = bitsText === undefined ? most : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  // Refuses NaN too; the digits alone keep it from being negative.
  if (!(bits <= most)) return `"${text.trim()}" has a prefix length outside 0 to ${most}`;
  return {...address, bits};
}

/** A comma-separated list of addresses and ranges, as CORAL_TRUSTED_PROXIES holds them; or what is wrong with it. */
export function parseProxyList(text: string): AddressRange[] | string {
  const ranges: AddressRange[] = [];
  for (const entry of text.split(',').filter((item) => item.trim() !== '')) {
    const range = parseRange(entry);
    if (typeof range === 'string') return range;
    ranges.push(range);
  }
  return ranges;
}

const within = (address: Address, range: AddressRange): boolean => {
  const shift = BigInt(BITS[range.family] - range.bits);
  return address.family === range.family && address.value >> shift === range.value >> shift;
};

/**
 * The client's address, given the peer's (null when the host does not say) and the request's
 * X-Forwarded-For; null when it cannot be known.
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null,
  trusted: readonly AddressRange[],
): Address | null {
  let client = peer ? parseAddress(peer) : null;
  const isTrusted = (address: Address) => trusted.some((range) => within(address, range));
  if (client === null || forwardedFor === null || !isTrusted(client)) return client;
  // Each proxy appends the address it heard from: read from the right, past every trusted hop.
  for (const hop of forwardedFor.split(',').reverse()) {
    const address = parseAddress(hop);
    // A hop that is not an address was never written by a proxy: stop at the last one known.
    if (address === null) break;
    client = address;
    if (!isTrusted(address)) break;
  }
  return client;
}

/**
 * What the per-address limit counts an address under: an IPv4 address alone, an IPv6 address by its /64,
 * the block a single household or server is given, so walking through its addresses changes nothing.
 */
export function addressBucket(address: Address): string {
  if (address.family === 4) return `v4:${address.value.toString(16)}`;
  return `v6:${(address.value >> 64n).toString(16)}`;
}
