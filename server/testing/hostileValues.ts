/**
 * What the hostile-input suite (server/doorway/attack.test.ts) puts where a value goes: control and format characters, halves
 * of surrogate pairs, huge strings, values of the wrong type, deep nesting; path parts and header values; each marked
 * (MARK) where it may be looked for in the log. And the few moves it makes inside a body.
 */
import fc from 'fast-check';

/** Put in every hostile value sent, so any of them in the log is found, whatever it was sent in. */
export const MARK = 'xqzmark';

const range = (from: number, to: number) => Array.from({length: to - from + 1}, (_, i) => String.fromCharCode(from + i));

/** Control and format characters, and halves of surrogate pairs: none that a field should hold, or should take without care. */
export const AWKWARD = [
  ...range(0x00, 0x1f),
  ...range(0x7f, 0x9f),
  ...range(0x200b, 0x200f),
  '\u2028',
  '\u2029',
  ...range(0x202a, 0x202e),
  ...range(0x2060, 0x2064),
  '\ufeff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
];

/** Some of each kind: C0 (a NUL, a tab, line breaks, escape), DEL and C1, the invisible and bidi marks, halves of pairs. */
export const SAMPLE = [
  0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x200b, 0x200e, 0x2028, 0x202e, 0x2060, 0xfeff, 0xd800, 0xdfff,
].map((code) => String.fromCharCode(code));

export const marked = (text: string) => `${MARK}${text}${MARK}`;
/** The value without its marks: for a place the log names by design. */
export const unmarked = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll(MARK, '')) as unknown;

const awkward = fc.constantFrom(...AWKWARD);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  awkward.map(marked),
  fc
    .tuple(fc.string({maxLength: 12}), awkward, fc.string({maxLength: 12}))
    .map(([before, char, after]) => marked(`${before}${char}${after}`)),
  fc.string({unit: fc.oneof(awkward, fc.string({unit: 'binary', minLength: 1, maxLength: 1})), maxLength: 40}).map(marked),
  fc.integer({min: 300, max: 20_000}).map((length) => marked('x'.repeat(length))),
  fc
    .constantFrom(
      '',
      ' ',
      '0',
      '-1',
      'null',
      '4242 4242 4242 4242',
      '<script>alert(1)</script>',
      "'; drop table gifts; --",
      '../../x',
      '%00',
    )
    .map(marked),
);

const nested = (depth: number, inner: unknown): unknown => (depth === 0 ? inner : {[MARK]: nested(depth - 1, inner)});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {weight: 5, arbitrary: hostileText},
  fc.constantFrom(null, true, false, 0, -1, -0, 0.5, 1e308, 2 ** 53 + 1, -(2 ** 31), 1e-300),
  fc.double(),
  fc.array(hostileText, {maxLength: 3}),
  fc.dictionary(hostileText, hostileText, {maxKeys: 3}),
  fc.integer({min: 1, max: 40}).map((depth) => nested(depth, marked('deep'))),
);

/** Each byte of the text's UTF-8 (or the bytes themselves) as %XX, but letters and digits. */
export const percent = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) =>
    /[A-Za-z0-9]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`,
  ).join('');

/** A path's part: any bytes, percent-encoded, and the names a router might trip on. Unmarked: a path is logged by design. */
export const pathPart = fc.oneof(
  hostileText.map((text) => percent(Buffer.from(text.replaceAll(MARK, ''), 'utf8'))),
  fc.uint8Array({maxLength: 24}).map(percent),
  fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', 'a'.repeat(65), '-', 'app.js', 'sign-out', 'A'.repeat(20_000), ';x=1', '~'),
);

export const HEADER_NAMES = [
  'origin',
  'idempotency-key',
  'authorization',
  'cookie',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'expect',
  'user-agent',
  'x-forwarded-for',
  'if-none-match',
  'coral-published-by',
  'sec-fetch-site',
  'stripe-signature',
  'host',
  'accept',
  `x-${MARK}`,
];

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'get'];

/** A header's value: anything but a line break, which would end the header rather than be in it. */
export const headerValue = fc
  .oneof(hostileText, fc.constantFrom('Bearer', 'Bearer ', '*', 'W/"reef-1"', 'null', 'https://admin.example.org'))
  .map((value) => value.replace(/[\r\n]/g, ''));

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((inner, key) => (isObject(inner) ? inner[key] : undefined), value);

/** Every value's place in a body, as keys from its root: objects' and arrays' own, then each of theirs. */
export function placesIn(value: unknown, path: string[] = []): string[][] {
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...path, key], ...placesIn(child, [...path, key])]);
}

/** The places that hold an object, the root's among them: where a key may be added. */
export const objectsIn = (value: unknown) => [[], ...placesIn(value)].filter((path) => isObject(at(value, path)));

/** The body with one place given another value, or (with `add`) another key. */
export function changed(body: unknown, path: readonly string[], value: unknown, add?: string): unknown {
  const copy = structuredClone(body);
  const parent = add === undefined ? at(copy, path.slice(0, -1)) : at(copy, path);
  if (isObject(parent)) parent[add ?? path.at(-1)!] = value;
  return copy;
}
