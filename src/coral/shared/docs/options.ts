/**
 * What the options every component shares mean, for the docs alone. Each
 * component's `options.ts` describes its own options by path and takes these
 * for the shared ones; only docs code (the config reference and the Customise
 * tab's tree, built by src/plugins/configReference.ts) imports them, so no
 * bundle a supporter loads carries a word of it. A test ties every path to
 * its schema (options.test.ts).
 */
import {ROUTES} from '../../contract/paths';
import type {OptionDocs} from './schemaTree';

type Join<P extends string, K extends string> = [P] extends [never] ? K : `${P}.${K}`;

/**
 * Every path into a config of type `T`: `gateway.endpoint`,
 * `amounts.one-off.handles[].amount`. A union's shapes share their keys'
 * paths, as the option tree does.
 */
export type ConfigPath<T, P extends string = never> = T extends readonly (infer Item)[]
  ? P | ConfigPath<Item, `${P}[]`>
  : T extends object
    ? P | {[K in keyof T & string]-?: ConfigPath<T[K], Join<P, K>>}[keyof T & string]
    : P;

/** A component's descriptions: a path its config does not have is a type error, and the test finds any option left out. */
export type OptionsOf<Input> = Partial<Record<ConfigPath<Input>, string>>;

export const LOCALE = 'Locale for numbers, amounts and dates; its region (en-AU, en-FJ, fr-NC) is the form’s own country.';

export const COUNTRIES =
  'The countries the form takes supporters from, as ISO codes (AU, NZ, FJ, PG, SB …): with more than one, the form asks which, its own country first, and the postcode and mobile follow the choice. Left out, the form takes its own country alone.';

export const CURRENCY = 'ISO 4217 currency code.';

export const THEME =
  'Colour scheme. "auto" follows the page\'s own dark mode where the page marks one (<html data-theme="dark">, as this site does) and is light on a page that marks none, as most landing pages are; "system" follows the visitor\'s device setting; "light" and "dark" fix one.';

export const ANALYTICS = 'Push GA4-style events to window.dataLayer (never personal data).';

export const MANAGE_GIFT_URL =
  'Where a regular giver changes or cancels their gift, such as the login link of Stripe\'s customer portal (https://billing.stripe.com/p/login/…). With it, "change or cancel your regular gift" is a link there.';

export const CONTACT = {
  contact:
    'How supporters reach you. Without manageGiftUrl, a regular giver is told to email or call to change or cancel their gift (as links that open their email or phone); with neither, that line is left out.',
  'contact.email': 'An email address supporters can write to, e.g. supporter.care@example.org.',
  'contact.phone': 'A phone number supporters can call, written as it should show, e.g. +61 2 5550 1234.',
} as const;

const SANDBOX = {
  gateway: '{"type":"sandbox"} runs in the browser and sends nothing',
  'gateway.delayMs': 'How long the sandbox takes to answer, in milliseconds, so the sending state shows as it would on a real network.',
  'gateway.timeoutMs': "How long to wait for the endpoint's answer, in milliseconds, before telling the supporter that none came.",
};

/** What becomes of an endpoint written as the full route, as pages once had it. */
const LEGACY_ROUTE = (routes: string) =>
  `An address ending in the route (${routes}) is read as the base URL before it, with a warning in the console.`;

/** The `gateway` option of a form that takes signatures: `what` is what it sends. */
export const signupGatewayOptions = (what: string) => ({
  gateway: `Where ${what} go: ${SANDBOX.gateway}; {"type":"http","endpoint":"…"} posts JSON.`,
  'gateway.delayMs': SANDBOX['gateway.delayMs'],
  'gateway.endpoint':
    `The base URL of the organisation's endpoint, such as https://pay.example.org or, under a base path, https://example.org/coral: ${what} are posted to its ${ROUTES.signatures.path} as JSON. ` +
    LEGACY_ROUTE(ROUTES.signatures.path),
  'gateway.timeoutMs': SANDBOX['gateway.timeoutMs'],
});

/** The `gateway` option of a form that takes gifts: `what` is what it sends. */
export const giftGatewayOptions = (what: string) => ({
  gateway:
    `Where ${what} go: ${SANDBOX.gateway}; ` +
    '{"type":"stripe","publishableKey":"pk_…","endpoint":"…"} takes the card in Stripe\'s own fields; ' +
    '{"type":"http","endpoint":"…"} sends the supporter to a hosted checkout page.',
  'gateway.delayMs': SANDBOX['gateway.delayMs'],
  'gateway.publishableKey': "The Stripe account's publishable key.",
  'gateway.endpoint':
    "The base URL of the organisation's payment endpoint (Coral's reference endpoint in server/), such as https://pay.example.org or, under a base path, https://example.org/coral. " +
    `With stripe, the gift Stripe's fields hold is posted to its ${ROUTES.gifts.path} (a monthly upgrade to ${ROUTES.giftsUpgrade.path}); ` +
    `with http, to its ${ROUTES.checkout.path}, which answers with the address of the hosted checkout page. ` +
    LEGACY_ROUTE(`${ROUTES.gifts.path} or ${ROUTES.checkout.path}`),
  'gateway.wallets': 'Offer Apple Pay and Google Pay where the browser and a registered domain allow.',
  'gateway.saveCardForUpgrade':
    "On one-off card gifts, offer to keep the card with Stripe, so the thank-you page's monthly ask takes one tap.",
  'gateway.timeoutMs': SANDBOX['gateway.timeoutMs'],
});

/** The `share` option of the thank-you page and the powerform's thanks. */
export const SHARE = {
  share: 'What supporters can share, and how.',
  'share.enabled': 'Show the share actions.',
  'share.url':
    'The address to share, e.g. the campaign page. Defaults to this page without its query string, so no gift reference is shared.',
  'share.title': 'The subject of the email, and the title the share sheet shows.',
  'share.text': 'What the message says before the link.',
  'share.channels': 'The share links offered, in order, when the device has no share sheet.',
  'share.native': 'Offer the device’s own share sheet (navigator.share) instead of the links where the browser has one.',
} as const;

/** The monthly-ask rule's two options, which the donate form's `rgUpgrade` and the thank-you page's `upgrade` both take. */
export const upgradeRuleOptions = <P extends string>(option: P) =>
  ({
    [`${option}.divisor`]: 'The monthly suggestion is the one-off amount divided by this…',
    [`${option}.roundTo`]: '…rounded to the nearest this many dollars, never below the monthly minimum.',
  }) as Record<`${P}.divisor` | `${P}.roundTo`, string>;

/** The `messages` option and one line per message: its default, and whether "" leaves it out. */
export function messageOptions<K extends string>(table: Readonly<Record<K, string>>, mayBeEmpty: readonly NoInfer<K>[] = []) {
  return {
    messages:
      'Replace any sentence the supporter reads; keys are listed under Messages. A dotted key can also be written nested: {"submit": {"one-off": "…"}} is "submit.one-off".',
    ...Object.fromEntries(
      (Object.entries(table) as [K, string][]).map(([key, value]) => [
        `messages.${key}`,
        mayBeEmpty.includes(key) ? `Default: "${value}". "" for none.` : `Default: "${value}"`,
      ]),
    ),
  } as OptionDocs;
}

export const BOT_CHECK_SITE_KEY =
  "The Turnstile widget's site key, from Cloudflare's dashboard. It is public: the page needs it to draw the check.";
