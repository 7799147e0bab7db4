/**
 * Carrying a config in a link's fragment (`#config=` and base64url JSON,
 * which browsers never send to a server) and reading one a producer pastes:
 * JSON, or an embed snippet with its config attribute or JSON script.
 * Both only ever give back parsed JSON, for the schema to check.
 */

export type Read = {ok: true; value: unknown} | {ok: false; message: string};

const PREFIX = '#config=';

/** Longer than any real config carries; a longer fragment is refused before it is decoded. */
export const MAX_FRAGMENT = 32_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(
    text
      .replaceAll('-', '+')
      .replaceAll('_', '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The fragment that carries `config`, `#config=` included. */
export const configFragment = (config: unknown): string => PREFIX + toBase64Url(new TextEncoder().encode(JSON.stringify(config)));

/** Whether a page's fragment carries a config at all. */
export const hasConfigFragment = (hash: string): boolean => hash.startsWith(PREFIX);

const jsonObject = (text: string, what: string): Read => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {ok: false, message: `${what} is not JSON.`};
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? {ok: true, value}
    : {ok: false, message: `${what} is not a config: a config is a JSON object, {…}.`};
};

/** The config a `#config=…` fragment carries, as JSON; it still needs the schema's check. */
export function readConfigFragment(hash: string): Read {
  if (!hasConfigFragment(hash)) return {ok: false, message: 'The link carries no config.'};
  const encoded = hash.slice(PREFIX.length);
  if (encoded.length > MAX_FRAGMENT) return {ok: false, message: 'The link’s config is longer than any config can be.'};
  const bytes = fromBase64Url(encoded);
  if (!bytes) return {ok: false, message: 'The link’s config is damaged: it was cut short or changed.'};
  let text: string;
  try {
    text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    return {ok: false, message: 'The link’s config is damaged: it was cut short or changed.'};
  }
  return jsonObject(text, 'The link’s config');
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'"};

/** An attribute's text with its character references read, as a browser reads it (never as markup). */
function attributeText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Math.min(parseInt(lower.slice(2), 16), 0x10ffff));
    if (lower.startsWith('#')) return String.fromCodePoint(Math.min(parseInt(lower.slice(1), 10), 0x10ffff));
    return ENTITIES[lower] ?? whole;
  });
}

/**
 * The config in what a producer pasted: a JSON object, an element's
 * `config='…'` (or `config="…"`) attribute, or the JSON script inside an
 * element, as the Embed tab's snippet has it.
 */
export function readPastedConfig(pasted: string): Read {
  const text = pasted.trim();
  if (text === '') return {ok: false, message: 'Paste a config first.'};
  if (text.startsWith('{')) return jsonObject(text, 'What you pasted');
  const attribute = /\bconfig\s*=\s*(?:'([^']*)'|"([^"]*)")/i.exec(text);
  if (attribute) return jsonObject(attributeText(attribute[1] ?? attribute[2] ?? ''), 'The config attribute');
  const script = /<script\s+type=["']?application\/json["']?\s*>([\s\S]*?)<\/script\s*>/i.exec(text);
  if (script) return jsonObject(script[1]!, 'The config in the snippet');
  return {ok: false, message: 'Paste a config as JSON ({…}) or an embed snippet with its config.'};
}
