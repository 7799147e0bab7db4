/**
 * Property-test pieces for the config schemas: valid values, refused values,
 * and near-valid configs (a valid one with one key broken). The properties
 * every schema must have are in configProperties.ts.
 */
import fc from 'fast-check';
import {fieldMode as fieldModeSchema} from '../config';
import {hostileString, XSS_PAYLOADS} from '../hostile';

export type Path = (string | number)[];

// ——— valid values ———

/** https addresses, http on this machine, and site paths: the only links a config may hold. */
export const safeUrl = fc.oneof(
  fc.webUrl({validSchemes: ['https'], withQueryParameters: true, withFragments: true}),
  fc.constantFrom(
    'http://localhost:8787/gifts',
    'http://127.0.0.1:3000/thanks',
    'http://[::1]:8787',
    '/',
    '/privacy#cookies',
    '/thank-you?from=form',
    '/%5Cevil.example',
  ),
  fc
    .array(
      fc.webSegment().filter((segment) => segment !== ''),
      {maxLength: 4},
    )
    .map((segments) => `/${segments.join('/')}`),
);

export const campaignId = fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9-]{1,63}$/);

/** Text the schema trims, then holds to 1..max UTF-16 units: any code points, at least one of them not space. */
export const text = (max: number) =>
  fc.string({unit: 'binary', minLength: 1, maxLength: Math.min(30, Math.floor(max / 2))}).filter((value) => value.trim() !== '');

/** Whole cents from 1 to 100,000,000, as the dollars a config holds. */
export const dollars = (minCents = 1, maxCents = 100_000_000) => fc.integer({min: minCents, max: maxCents}).map((cents) => cents / 100);

/** A message table's overrides: a few of its keys, each replaced by text of any script (the schema allows 1 to 400 characters). */
export const messageOverrides = (table: Readonly<Record<string, string>>) =>
  fc
    .subarray(Object.keys(table), {maxLength: 6})
    .chain((keys) =>
      fc
        .tuple(...keys.map(() => fc.string({unit: 'binary', minLength: 1, maxLength: 60})))
        .map((texts) => Object.fromEntries(keys.map((key, i) => [key, texts[i]]))),
    );

export const gateway = fc.oneof(
  fc.record({type: fc.constant('sandbox' as const), delayMs: fc.option(fc.integer({min: 0, max: 10_000}), {nil: undefined})}).map(compact),
  fc
    .record({
      type: fc.constant('http' as const),
      endpoint: safeUrl,
      timeoutMs: fc.option(fc.integer({min: 1_000, max: 120_000}), {nil: undefined}),
    })
    .map(compact),
);

/** How a form shows a supporter field: every mode the shared schema allows. */
export const fieldMode = fc.constantFrom(...fieldModeSchema.options);

export const locale = fc.constantFrom('en-AU', 'en-NZ', 'mi-NZ', 'en', 'fr-FR', 'zh-Hant-TW');

/** Drops keys whose value is undefined, so an optional key is absent rather than present and empty. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Makes each value optional: sometimes absent. */
export const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, {nil: undefined, freq: 3});

/** How supporters reach the organisation: an email address, a phone number as people write one, both or neither. */
export const contact = fc
  .record({
    email: optional(
      fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9._+-]{1,20}$/), fc.stringMatching(/^([A-Za-z0-9-]{1,12}\.){1,3}[A-Za-z]{2,6}$/))
        .map(([local, domain]) => `${local}@${domain}`),
    ),
    phone: optional(
      fc.constantFrom('+61 2 5550 1234', '1800 975 707', '(02) 5550 1234', '13 14 50', '+64 9 555 0123', '0255501234', '02-5550-1234'),
    ),
  })
  .map(compact);

// ——— wrong values ———

/** A value the schema refuses at `path`; `blame` is the key its error names when that is deeper than `path`. */
export type RefusedValue = {path: Path; value: unknown; blame?: Path};

/** Each of `values`, refused at `path`. */
export const refusedAt = (path: Path, values: fc.Arbitrary<unknown>): fc.Arbitrary<RefusedValue> => values.map((value) => ({path, value}));

/** Strings a schema limited to `max` characters must refuse, whitespace trimming or not. */
export const tooLong = (max: number) => fc.integer({min: max + 1, max: max + 20_000}).map((length) => 'x'.repeat(length));

/** Links that are not https addresses, local http ones or site paths, and paths a browser would take to another host. */
export const unsafeUrl = fc.constantFrom(
  '/\\evil.example/privacy',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '\u0001//evil.example',
  'https:/\\evil.example',
  'https:evil.example',
  'https://www.example.org@evil.example/',
  '/thank\tyou',
  'javascript:alert(1)',
  'http://example.org/reef.jpg',
  'http://localhost.example.org/',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/',
  'https://',
  'https://exa mple.org',
  'mailto:jo@example.org',
  '\u202ehttps://example.org',
  '',
  '   ',
);

/** An http gateway whose endpoint is no safe link: its error names the endpoint. */
export const unsafeEndpoint = unsafeUrl.map((endpoint): RefusedValue => ({
  path: ['gateway'],
  value: {type: 'http', endpoint},
  blame: ['gateway', 'endpoint'],
}));

/** Email addresses a contact must refuse: not one plain address, or one that would add to a mailto: link. */
export const badContactEmail = fc.constantFrom(
  '',
  'supporter.care',
  'care@example',
  '@example.org',
  'a b@example.org',
  'care@example.org?cc=x@example.net',
  'care@example.org,x@example.net',
  'mailto:care@example.org',
  '<script>alert(1)</script>@example.org',
  `${'x'.repeat(250)}@example.org`,
);

/** Phone numbers a contact must refuse: words, too few or too many digits, a trunk 0 after the country code. */
export const badContactPhone = fc.constantFrom(
  '',
  'call us',
  '12345',
  '1234567890123456',
  '+61 (0)2 5550 1234',
  'tel:1800975707',
  '0412 345 678 ext 2',
);

/** Any message of the table overridden with nothing (but those that may be empty), or with more than the 400 characters the schema allows. */
export const refusedMessage = (table: Readonly<Record<string, string>>, mayBeEmpty: readonly string[] = []) =>
  fc
    .constantFrom(...Object.keys(table))
    .chain((key) => refusedAt(['messages', key], mayBeEmpty.includes(key) ? tooLong(400) : fc.oneof(fc.constant(''), tooLong(400))));

/** Dollar amounts a config must refuse: not positive, over a million, finer than cents, or not finite. */
export const badDollars = fc.oneof(
  fc.constantFrom(0, -0, -5, 0.001, 12.345, 1_000_000.01, 1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.double({max: 0}),
  fc.double({min: 1_000_001}),
);

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'other';

export const kindOf = (value: unknown): Kind => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object' ? type : 'other';
};

/** Object keys to add where they do not belong: odd, empty, dotted, inherited names and any script. */
export const hostileKey = fc.oneof(
  fc.string({maxLength: 12}),
  fc.string({unit: 'binary', maxLength: 12}),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a.b', '0', '["x"]', ...XSS_PAYLOADS),
);

/** JSON nested a few levels deep, with hostile strings at the leaves. */
export const garbage = fc.letrec((tie) => ({
  value: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), {maxLength: 4}),
    fc.dictionary(hostileKey, tie('value'), {maxKeys: 4}),
  ),
})).value;

/** A value of another JSON kind than `value`: a config key never accepts two kinds. */
export const wrongKindFor = (value: unknown) => garbage.filter((candidate) => kindOf(candidate) !== kindOf(value));

// ——— walking and editing a config ———

const isPlainObject = (value: unknown): value is Record<string, unknown> => kindOf(value) === 'object';

/** Every value under the root, with its path. */
export function leaves(value: unknown, path: Path = []): {path: Path; value: unknown}[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  return children.flatMap(([key, child]) => [{path: [...path, key], value: child}, ...leaves(child, [...path, key])]);
}

/** Every plain object in the tree, the root first. */
export const objectsIn = (value: unknown): {path: Path; value: Record<string, unknown>}[] =>
  [{path: [] as Path, value}, ...leaves(value)].filter((node): node is {path: Path; value: Record<string, unknown>} =>
    isPlainObject(node.value),
  );

/** A copy with `path` set to `value`, making any missing object or array on the way. */
export function setAt(config: object, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(config) as Record<string, unknown>;
  let here: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      // defineProperty, so that "__proto__" becomes an own key as JSON.parse would make it.
      Object.defineProperty(here, key, {value, enumerable: true, writable: true, configurable: true});
      return;
    }
    const next = here[key];
    if (next === null || typeof next !== 'object') here[key] = typeof path[i + 1] === 'number' ? [] : {};
    here = here[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** The path as a ConfigError shows it: plain keys joined with dots, odd keys quoted in brackets. */
export const pathText = (path: Path): string =>
  path.map((key, i) => (/^[\w-]+$/.test(String(key)) ? (i === 0 ? String(key) : `.${key}`) : `[${JSON.stringify(String(key))}]`)).join('');

/** Whether an error's path is the key or lies under it. */
export const names = (errorPath: string, key: string): boolean =>
  errorPath === key || errorPath.startsWith(`${key}.`) || errorPath.startsWith(`${key}[`);

export type Mutation = {input: Record<string, unknown>; path: Path; how: string};

/**
 * A valid config with one key broken: set to another kind of value, set to a
 * value of the right kind that the schema refuses (`wrongValues`), or an
 * unknown key added to any object in it.
 */
export function nearValid(valid: fc.Arbitrary<Record<string, unknown>>, refused: fc.Arbitrary<RefusedValue>): fc.Arbitrary<Mutation> {
  return valid.chain((config) => {
    const keys = leaves(config);
    return fc.oneof(
      fc
        .constantFrom(...keys)
        .chain(({path, value}) => wrongKindFor(value).map((wrong) => ({input: setAt(config, path, wrong), path, how: 'another kind'}))),
      refused.map(({path, value, blame}) => ({input: setAt(config, path, value), path: blame ?? path, how: 'a refused value'})),
      fc.constantFrom(...objectsIn(config)).chain(({path, value}) =>
        fc
          .tuple(
            hostileKey.filter((key) => !Object.hasOwn(value, key)),
            garbage,
          )
          .map(([key, extra]) => ({input: setAt(config, [...path, key], extra), path: [...path, key], how: 'an unknown key'})),
      ),
    );
  });
}
