/** Hostile strings for the property, component and browser tests: what a supporter, a crafted link or a broken page can hand Coral. */
import fc from 'fast-check';

/** Script payloads and invisible characters that must never slip through a field that cannot hold them. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '<svg/onload=alert`1`>',
  '"><img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '</script><script>alert(1)</script>',
  'JaVaScRiPt:alert(1)',
  "' onmouseover='alert(1)",
  "'-alert(1)-'",
  '\u202e"><svg onload=alert(1)>',
  '\uff1cscript\uff1ealert(1)\uff1c/script\uff1e',
  '&lt;img src=x onerror=alert(1)&gt;',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '\u202e',
  'gro.elpmaxe\u202e@mere',
  '\u200d',
  'Me\u200dre',
  '\u200b\ufeff',
  '%3Cscript%3E',
  '%253Cscript%253E',
  '&lt;script&gt;',
  '\uff1cscript\uff1e',
  '\u0000',
  '\r\n\t',
  '\ud800',
] as const;

/** The window property a script payload sets if it ever runs. */
export const XSS_FLAG = '__coralXss';

/**
 * Every payload that calls alert, rewritten to set window.__coralXss instead:
 * markup, event handlers, `javascript:` links, broken quotes, and the same
 * hidden behind bidi overrides, full-width brackets, entities and percent
 * encoding. A test can then tell by the flag whether one ran, without
 * depending on how its environment handles alert().
 */
export const SCRIPT_PAYLOADS: readonly string[] = XSS_PAYLOADS.filter((text) => text.includes('alert')).map((text) =>
  text.replace(/alert(\(1\)|`1`)/g, `(window.${XSS_FLAG}=1)`),
);

/**
 * A component's message table with every message replaced by a payload, taken
 * in turn from `payloads`; each keeps its {placeholders}, so the component
 * still has something to fill in.
 */
export const hostileMessages = (
  table: Readonly<Record<string, string>>,
  payloads: readonly string[] = SCRIPT_PAYLOADS,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(table).map(([key, text], i) => [
      key,
      `${payloads[i % payloads.length]!} ${(text.match(/\{\w+\}/g) ?? []).join(' ')}`.trim(),
    ]),
  );

/** Values a field could really be given, to hide a payload in. */
export const PLAUSIBLE = [
  '25',
  '$1,000.50',
  'Mere',
  "O'Brien-Tane",
  'mere@example.org',
  'jo@gmial.com',
  '0412 345 678',
  '+64 21 123 4567',
  '2000',
  'CRL-1A2B3C4D',
  'one-off',
  '4242 4242 4242 4242',
  '04/29',
  '123',
  '062-000',
  '12345678',
] as const;

/** Any UTF-16 code unit, lone surrogates included: pasted text can carry them. */
const codeUnit = fc.integer({min: 0, max: 0xffff}).map((code) => String.fromCharCode(code));

/** Tens to hundreds of thousands of characters. */
export const longString = fc
  .tuple(
    fc.oneof(fc.constantFrom(...PLAUSIBLE, ...XSS_PAYLOADS), fc.string({minLength: 1, maxLength: 4})),
    fc.integer({min: 1_000, max: 10_000}),
  )
  .map(([piece, times]) => piece.repeat(times));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({unit: 'binary'}),
  fc.string({unit: 'grapheme'}),
  fc.string({unit: codeUnit}),
  fc.constantFrom(...XSS_PAYLOADS),
  fc
    .tuple(fc.constantFrom(...PLAUSIBLE), fc.constantFrom(...XSS_PAYLOADS), fc.boolean())
    .map(([value, payload, before]) => (before ? payload + value : value + payload)),
  fc.constantFrom(...PLAUSIBLE),
  longString,
);

/**
 * A thousand cases per property take a second or two alone, and several times
 * that beside the DOM tests in a full parallel run: more than Vitest's five.
 */
export const PROPERTY_TIMEOUT_MS = 30_000;

/** Characters of markup. */
export const MARKUP = /[<>]/;
/** Invisible format characters: bidi overrides, zero-width joiners and spaces, the byte-order mark. */
export const INVISIBLE = /\p{Cf}/u;
