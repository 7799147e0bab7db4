/**
 * Config pieces every component's schema shares, so each is checked the same
 * way (what each means is in shared/options.ts, which only the docs read).
 * Schemas use zod's mini API: the same checks as the full API, a fraction of
 * the bytes on the page.
 */
import * as zod from 'zod/mini';
import {COUNTRIES} from '../fields/core';

/** A trimmed string of `min` to `max` characters. */
export const text = (min: number, max: number) => zod.string().check(zod.trim(), zod.minLength(min), zod.maxLength(max));

// What a browser reads otherwise than it is written: it drops a tab or line break anywhere, and takes a backslash for a
// slash, so a path of a slash, a tab and a slash, or of a slash and a backslash, starts with "//": another host's name.
// No address in a config holds a space, a control character or a backslash (spaces at either end are trimmed first).
const MISREAD = /[\s\p{Cc}\\]/u;
// A path on this site: one slash, then anything but a second, which would start another host's name.
const SITE_PATH = /^\/(?!\/)/;
// A host, with no name and password before an @, then the path, query or fragment, or nothing.
const ABSOLUTE = /^(https:\/\/[^/?#@]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?)([/?#]|$)/i;

function isSafeUrl(value: string): boolean {
  try {
    // The parser sees what the patterns cannot: a host or port no browser could go to (https://exa%mple.org, :99999).
    return !MISREAD.test(value) && (SITE_PATH.test(value) || (ABSOLUTE.test(value) && new URL(value).host !== ''));
  } catch {
    return false;
  }
}

/**
 * https addresses or paths on this site only: never `javascript:`, `data:` or plain
 * http, which a secure page would block or a network could change, nor a path a
 * browser would take to another host. http is allowed for this machine alone, so
 * an endpoint can be tried locally.
 */
export const safeUrl = zod.string().check(
  zod.trim(),
  zod.refine(isSafeUrl, {
    message: 'expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
  }),
);

/**
 * Where a regular giver changes or cancels their gift, and how else to reach
 * the organisation: the donate form's reassurance line and the thank-you
 * page's receipt say the same, from the same two options.
 */
export const manageGiftUrl = zod.optional(safeUrl);

// One address, plainly spelled: it becomes a mailto: link, so nothing in it may add a subject, a copy or another address.
const EMAIL = /^[A-Za-z0-9._+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
const contactEmail = zod
  .string()
  .check(zod.trim(), zod.maxLength(254), zod.regex(EMAIL, {message: 'expected an email address such as supporter.care@example.org'}));

// Digits as people write them, national or international (+61 2 5550 1234, 1800 975 707, (02) 5550 1234), 6 to 15 of them;
// never "+61 (0)2 …", whose 0 a phone would dial after the country code.
const isPhone = (value: string): boolean =>
  /^\+?\(?[0-9][0-9 ()-]*$/.test(value) && !/^\+.*\(0\)/.test(value) && /^\d{6,15}$/.test(value.replace(/\D/g, ''));

const contactPhone = zod
  .string()
  .check(zod.trim(), zod.refine(isPhone, {message: 'expected a phone number of 6 to 15 digits, such as +61 2 5550 1234 or 1800 975 707'}));

export const contact = zod.optional(
  zod.strictObject({
    email: zod.optional(contactEmail),
    phone: zod.optional(contactPhone),
  }),
);

export type Contact = NonNullable<zod.output<typeof contact>>;

export const campaignId = zod.string().check(
  zod.regex(/^[a-z0-9][a-z0-9-]{1,63}$/i, {
    message:
      'expected 2 to 64 characters: letters, digits and dashes (no spaces or underscores), starting with a letter or digit, e.g. "save-the-reef"',
  }),
);

export const fieldMode = zod.enum(['required', 'optional', 'hidden']);

export const locale = zod._default(
  zod.string().check(
    zod.refine(
      (tag) => {
        try {
          return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
        } catch {
          return false;
        }
      },
      {message: 'expected a locale tag such as en-AU or en-NZ'},
    ),
  ),
  'en-AU',
);

/**
 * The countries a form takes its supporters from, by ISO code (`["AU", "NZ", "FJ"]`): a form taking more than one
 * asks which. Left out (or empty), it takes its locale's country alone; a country named twice is asked once.
 */
export const countries = zod.optional(zod.array(zod.enum(COUNTRIES as [string, ...string[]])));

export const theme = zod._default(zod.enum(['auto', 'light', 'dark', 'system']), 'auto');

const sandboxGateway = zod.strictObject({
  type: zod.literal('sandbox'),
  delayMs: zod._default(zod.int().check(zod.minimum(0), zod.maximum(10_000)), 900),
});

const httpGateway = zod.strictObject({
  type: zod.literal('http'),
  endpoint: safeUrl,
  timeoutMs: zod._default(zod.int().check(zod.minimum(1_000), zod.maximum(120_000)), 15_000),
});

const stripeGateway = zod.strictObject({
  type: zod.literal('stripe'),
  publishableKey: zod.string().check(
    zod.regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, {
      // A secret or restricted key is said to be one; anything else is a publishable key mistyped or cut short.
      error: (issue) =>
        /^[sr]k_/.test(issue.input as string)
          ? 'a secret key never goes in a page'
          : 'expected a whole publishable key, pk_test_… or pk_live_…',
    }),
  ),
  endpoint: safeUrl,
  wallets: zod._default(zod.boolean(), true),
  saveCardForUpgrade: zod._default(zod.boolean(), false),
  timeoutMs: zod._default(zod.int().check(zod.minimum(1_000), zod.maximum(120_000)), 20_000),
});

/** A gateway union whose error, for a type it does not know, names the types it does. */
function gatewayUnion<
  T extends readonly [zod.ZodMiniObject<{type: zod.ZodMiniLiteral<string>}>, ...zod.ZodMiniObject<{type: zod.ZodMiniLiteral<string>}>[]],
>(options: T) {
  const types = options.map((option) => `"${String(option.shape.type.def.values[0])}"`);
  const named = `${types.slice(0, -1).join(', ')} or ${types.at(-1)!}`;
  return zod.discriminatedUnion('type', options, {
    error: (issue) => (issue.code === 'invalid_union' ? `expected ${named}` : undefined),
  });
}

/** Where signatures go: the in-browser sandbox, or JSON posted to an endpoint. */
export const signupGatewayConfig = () => zod.prefault(gatewayUnion([sandboxGateway, httpGateway]), {type: 'sandbox'});

/** Where gifts go: the sandbox, Stripe's fields in the form, or a hosted checkout page after it. */
export const giftGatewayConfig = () => zod.prefault(gatewayUnion([sandboxGateway, stripeGateway, httpGateway]), {type: 'sandbox'});

/** Message overrides for a component: every key of its table, each optional; the keys in `mayBeEmpty` also take "" for none. */
export function messageOverrides<K extends string>(table: Readonly<Record<K, string>>, mayBeEmpty: readonly NoInfer<K>[] = []) {
  const shape = Object.fromEntries(
    (Object.keys(table) as K[]).map((key) => [
      key,
      zod.optional(zod.string().check(zod.minLength(mayBeEmpty.includes(key) ? 0 : 1), zod.maxLength(400))),
    ]),
  ) as Record<K, zod.ZodMiniOptional<zod.ZodMiniString>>;
  return zod.prefault(zod.pipe(zod.transform(flattenKeys), zod.strictObject(shape)), {} as never);
}

/** `{"submit": {"one-off": "…"}}` as `{"submit.one-off": "…"}`: the message tables' keys are dotted, and either spelling names one. */
function flattenKeys(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const flat: Record<string, unknown> = {};
  // A value met twice (a cycle a page script built) is left as it is, for the check to refuse too.
  const seen = new WeakSet<object>();
  const visit = (value: object, prefix: string | null) => {
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) {
      const name = prefix === null ? key : `${prefix}.${key}`;
      const nested = typeof inner === 'object' && inner !== null && !Array.isArray(inner) && !seen.has(inner);
      // An empty object names no message: it stays, for the check to refuse.
      if (nested && Object.keys(inner).length > 0) visit(inner, name);
      // Defined, not assigned, so a key such as "__proto__" stays a key the check can name.
      else Object.defineProperty(flat, name, {value: inner, enumerable: true, writable: true, configurable: true});
    }
  };
  visit(input, null);
  return flat;
}

/** A Cloudflare Turnstile site key, as its dashboard shows it: public, since the page needs it to draw the check. */
const turnstileSiteKey = zod.string().check(
  zod.trim(),
  zod.regex(/^[0-3]x[A-Za-z0-9_-]{10,64}$/, {
    message: "expected a Cloudflare Turnstile site key, such as 0x4AAAAAAA… from the Turnstile widget's settings",
  }),
);

/** The bot check a form with gifts may show: off without a site key. */
export const botCheckOption = () => zod.optional(zod.strictObject({siteKey: turnstileSiteKey}));

/** The options every page that takes or thanks for a gift shares: where gifts go, the bot check, and how a giver reaches the organisation. */
export const giftOptions = () => ({
  gateway: giftGatewayConfig(),
  botCheck: botCheckOption(),
  manageGiftUrl,
  contact,
});
