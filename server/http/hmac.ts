/** HMAC-SHA-256 with Web Crypto, so it runs on Node and on Workers alike: forwarding signs with it, the guard hashes with it. */

export const encoder = new TextEncoder();

export const toHex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const hmacKey = (secret: string, use: 'sign' | 'verify'): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, [use]);

/** HMAC-SHA-256 of `text` under `key`, in hex. */
export const hmacHex = async (key: CryptoKey, text: string): Promise<string> =>
  toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
