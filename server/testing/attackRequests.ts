/**
 * One valid request for each route of the contract's table, as its sender makes it (a page, Stripe, a monitor, the
 * organisation's tools), with the statuses it answers and the limit on its body: what the hostile-input suite
 * (server/doorway/attack.test.ts) starts from, and turns into bytes on the wire.
 */
import Stripe from 'stripe';
import {ROUTES, type RouteName} from '../../src/coral/contract';
import {MAX_EVENT_BYTES} from '../http';
import {EXPORT_TOKEN} from './endpointProcess';
import {CAMPAIGN_CONFIGS, giftBody, newKey, ORIGIN, WEBHOOK_SECRET} from './fixtures';
import {ADMIN_TOKEN} from './publishedEndpoint';
import type {RawRequest, Transfer} from './rawHttp';

export {ADMIN_TOKEN, EXPORT_TOKEN, ORIGIN};
/** Obviously fake, as every secret in a test must be, and apart from the export and admin tokens. */
export const PRIVACY_TOKEN = 'privacy-token-for-tests-only-00000000000';
/** What a person's browser says it is: the events of a program's are answered and never kept. */
export const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The petition of the campaigns file, with a question, so a signature has an answer to make hostile. */
const PETITION = {
  campaign: 'ban-deep-sea-mining',
  variant: 'petition',
  counter: {count: 100, goal: 1000},
  fields: {postcode: 'optional'},
  question: {type: 'text', id: 'why_it_matters', label: 'Why does the deep sea matter to you?'},
};
/**
 * The campaigns file names the published forms' campaigns too: where it is set, a form of a campaign it does not list
 * is neither published nor taken.
 */
export const CAMPAIGNS = JSON.stringify({
  donateForms: [...CAMPAIGN_CONFIGS, {campaign: 'reef-appeal', frequencies: ['one-off', 'monthly']}],
  powerforms: [PETITION, {campaign: 'deep-sea-petition'}],
});

/** A donate form published on the endpoint with an experiment: its events and results are what /events and /results read. */
export const REEF_FORM = {
  component: 'donate-form',
  campaign: 'reef-appeal',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], min: 5, max: 500}},
  fields: {postcode: 'optional'},
  experiment: {
    id: 'reef-asks',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {id: 'higher-asks', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}], min: 20}}}},
    ],
  },
};
export {PETITION_FORM} from './publishedForms';

/**
 * What the valid requests need from the endpoint once it runs: a one-off gift kept with its card, a session of the
 * results page, and one of the supporter's page, for the gift's supporter.
 */
export type AttackContext = {port: number; firstGift: {reference: string; clientSecret: string}; cookie: string; supporter: string};

export type BodyEncoding = 'json' | 'form' | 'signed';

export type RouteAttack = {
  method: string;
  /** The path with its part filled in, and any query. */
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  /** Sent with a fresh Idempotency-Key, as a page's gateway sends each gift or signature. */
  keyed?: true;
  /** The body and how it goes: JSON, a form's fields, or JSON signed as Stripe signs an event. */
  body?: {value: unknown; as: BodyEncoding; type: string};
  /** The statuses its valid request is answered with. */
  success: readonly number[];
  /** The most bytes the route reads of a body and what it answers one past that; absent where it reads none. */
  limit?: {bytes: number; over: number};
  /** Fields the log names by design (a Stripe event's id and type): made hostile, but without the marker. */
  named?: readonly string[];
  /** Fields left as they are: a signed event of another API version is answered 500 on purpose, so Stripe sends it again. */
  fixed?: readonly string[];
  /** What its sender makes anew for each request, where the body still holds the valid value: an event's visitor id. */
  renew?: (value: unknown) => unknown;
};

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const bearer = (token: string) => ['authorization', `Bearer ${token}`] as const;
const fromPage = [['origin', ORIGIN]] as const;
/** A page's JSON body, as its gateway posts it. */
const posted = (value: unknown) => ({value, as: 'json' as const, type: JSON_TYPE});

/** Limits, as the endpoint sets them: server/http/body.ts (MAX_BODY_BYTES, MAX_EVENT_BYTES), server/doorway/handler.ts
 * (MAX_EVENT_BODY_BYTES), server/forms/formsRoute.ts (MAX_CONFIG_BYTES), server/results/signInRoute.ts (MAX_FORM_BYTES) and
 * server/supporterPage/routes.ts (MAX_FORM_BYTES). */
export const LIMITS = {body: 16 * 1024, event: 2048, config: 256 * 1024, signIn: 4 * 1024, webhook: MAX_EVENT_BYTES, meForm: 8 * 1024};
const tooLarge = (bytes: number) => ({bytes, over: 413});

const supporter = (name: RouteName, value: unknown): ((context: AttackContext) => RouteAttack) => {
  const route = ROUTES[name];
  return () => ({
    method: route.method,
    target: route.path,
    headers: [bearer(PRIVACY_TOKEN)],
    body: posted(value),
    success: [200],
    limit: tooLarge(LIMITS.body),
  });
};

/** A form of the supporter's page, posted from the page, in a session when `cookie` is given. */
function mePost(name: RouteName, fields: Record<string, string>, success: number[], cookie = ''): RouteAttack {
  const headers: [string, string][] = [['sec-fetch-site', 'same-origin']];
  if (cookie !== '') headers.push(['cookie', cookie]);
  return {
    method: 'POST',
    target: ROUTES[name].path,
    headers,
    body: {value: fields, as: 'form', type: FORM_TYPE},
    success,
    limit: tooLarge(LIMITS.meForm),
  };
}

/** A payment's success as Stripe sends it, about the gift the context kept: recorded once, and 200 every time. */
const paidEvent = ({firstGift}: AttackContext) => ({
  id: 'evt_attack_paid',
  object: 'event',
  type: 'payment_intent.succeeded',
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      id: firstGift.reference,
      object: 'payment_intent',
      amount: 9000,
      amount_received: 9000,
      currency: 'aud',
      status: 'succeeded',
      metadata: {coral_campaign: 'save-the-reef', coral_frequency: 'one-off', coral_amount: '9000', coral_fee: '0'},
    },
  },
});

const gift = giftBody({
  supporter: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    phone: '+61412345678',
    postcode: '2000',
    address: '1 George Street',
    consent: true,
  },
  sourceCode: 'REEF-2026',
});
const {method: _method, ...checkoutGift} = gift;

/** Every route of the contract's table, by name: a route added to the table and not here fails the suite, by its name. */
export const ROUTE_ATTACKS: Record<RouteName, (context: AttackContext) => RouteAttack> = {
  gifts: () => ({
    method: 'POST',
    target: ROUTES.gifts.path,
    headers: fromPage,
    keyed: true,
    body: posted(gift),
    success: [200],
    limit: tooLarge(LIMITS.body),
  }),
  giftsUpgrade: ({firstGift}) => ({
    method: 'POST',
    target: ROUTES.giftsUpgrade.path,
    headers: fromPage,
    keyed: true,
    body: posted({...firstGift, amount: 3000, fee: 0, currency: 'AUD'}),
    success: [200],
    limit: tooLarge(LIMITS.body),
  }),
  checkout: () => ({
    method: 'POST',
    target: ROUTES.checkout.path,
    headers: fromPage,
    keyed: true,
    body: posted({...checkoutGift, returnUrl: `${ORIGIN}/thank-you`, cancelUrl: `${ORIGIN}/donate?utm_source=newsletter`}),
    success: [200],
    limit: tooLarge(LIMITS.body),
  }),
  signatures: () => ({
    method: 'POST',
    target: ROUTES.signatures.path,
    headers: fromPage,
    keyed: true,
    body: posted({
      campaign: 'ban-deep-sea-mining',
      sourceCode: 'DSM-WEB',
      variant: 'petition',
      supporter: {firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', postcode: '2000', consent: true},
      answer: {id: 'why_it_matters', value: 'It is the last wild place'},
      utm: {utm_source: 'newsletter', utm_campaign: 'deep-sea'},
    }),
    success: [200],
    limit: tooLarge(LIMITS.body),
  }),
  count: () => ({method: 'GET', target: ROUTES.count.path.replace('{campaign}', 'ban-deep-sea-mining'), headers: fromPage, success: [200]}),
  stripeWebhook: (context) => ({
    method: 'POST',
    target: ROUTES.stripeWebhook.path,
    headers: [['user-agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)']],
    body: {value: paidEvent(context), as: 'signed', type: 'application/json; charset=utf-8'},
    success: [200],
    limit: tooLarge(LIMITS.webhook),
    named: ['id', 'type'],
    fixed: ['api_version'],
  }),
  export: () => ({
    method: 'GET',
    target: `${ROUTES.export.path}?kind=gifts&since=2026-01-01`,
    headers: [bearer(EXPORT_TOKEN)],
    success: [200],
  }),
  health: () => ({method: 'GET', target: ROUTES.health.path, headers: [], success: [200]}),
  supporterRecords: supporter('supporterRecords', {email: 'grace@example.org'}),
  supporterForget: supporter('supporterForget', {email: 'forget-me@example.org', cancelSubscriptions: false}),
  supporterCorrect: supporter('supporterCorrect', {email: 'grace@example.org', changes: {firstName: 'Grace', postcode: '2000'}}),
  form: () => ({method: 'GET', target: `${ROUTES.form.path.replace('{form}', 'reef')}?version=1`, headers: fromPage, success: [200]}),
  formPublish: () => ({
    method: 'PUT',
    target: ROUTES.formPublish.path.replace('{form}', 'reef'),
    headers: [bearer(ADMIN_TOKEN), ['coral-published-by', "UTF-8''Aroha%20Ngata"]],
    body: posted(REEF_FORM),
    success: [201],
    limit: tooLarge(LIMITS.config),
  }),
  forms: () => ({method: 'GET', target: ROUTES.forms.path, headers: [bearer(ADMIN_TOKEN)], success: [200]}),
  events: () => ({
    renew: (value) => (isObject(value) && value.visitor === VISITOR ? {...value, visitor: nextVisitor()} : value),
    method: 'POST',
    target: ROUTES.events.path,
    headers: [...fromPage, ['user-agent', CHROME]],
    body: {
      value: {
        form: {id: 'reef', version: 1, variant: 'control'},
        kind: 'view',
        visitor: VISITOR,
        sinceLoad: 1840,
        source: 'EDM-NOV',
        utm: {utm_source: 'facebook', utm_medium: 'paid_social'},
      },
      as: 'json',
      type: 'text/plain;charset=UTF-8',
    },
    success: [202],
    limit: tooLarge(LIMITS.event),
  }),
  results: () => ({method: 'GET', target: ROUTES.results.path.replace('{form}', 'reef'), headers: [bearer(ADMIN_TOKEN)], success: [200]}),
  resultsPage: ({cookie}) => ({method: 'GET', target: ROUTES.resultsPage.path, headers: [['cookie', cookie]], success: [200]}),
  resultsSignIn: () => ({
    method: 'POST',
    target: ROUTES.resultsSignIn.path,
    headers: [['sec-fetch-site', 'same-origin']],
    body: {value: {token: ADMIN_TOKEN}, as: 'form', type: FORM_TYPE},
    success: [303],
    limit: tooLarge(LIMITS.signIn),
  }),
  resultsSignOut: () => ({
    method: 'POST',
    target: ROUTES.resultsSignOut.path,
    headers: [['sec-fetch-site', 'same-origin']],
    body: {value: {}, as: 'form', type: FORM_TYPE},
    success: [303],
  }),
  resultsScript: () => ({method: 'GET', target: ROUTES.resultsScript.path, headers: [], success: [200]}),
  // The supporter's page, in the gift's supporter's session, from the page itself. A change that cannot be made twice
  // (a link spent, the supporter forgotten) is sent as it is refused, so every request of the suite meets the same page.
  mePage: ({supporter}) => ({method: 'GET', target: ROUTES.mePage.path, headers: [['cookie', supporter]], success: [200]}),
  // A link asked for an address held nowhere: its answer is the same, and past the limit per email, 429.
  meLink: () => mePost('meLink', {email: 'nobody-held@example.org'}, [200, 429]),
  meOpen: () => ({method: 'GET', target: `${ROUTES.meOpen.path}?token=${'0'.repeat(64)}`, headers: [], success: [200]}),
  meSignIn: () => mePost('meSignIn', {token: '0'.repeat(64)}, [400]),
  // Without a session, as the sign-out of the page's other tab: nothing to end, and back to the page.
  meSignOut: () => {
    const {limit: _reads, ...post} = mePost('meSignOut', {}, [303], '');
    return post;
  },
  meDocument: ({supporter}) => ({
    method: 'GET',
    target: ROUTES.meDocument.path.replace('{document}', 'receipt-000001.pdf'),
    headers: [['cookie', supporter]],
    success: [200, 404],
  }),
  meRecords: ({supporter}) => ({method: 'GET', target: ROUTES.meRecords.path, headers: [['cookie', supporter]], success: [200]}),
  meDetails: ({supporter}) =>
    mePost(
      'meDetails',
      {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '', postcode: '2000', address: ''},
      [200, 422],
      supporter,
    ),
  // The first gift is one-off: no regular gift of the supporter's has that reference.
  meGift: ({supporter, firstGift}) => ({
    ...mePost('meGift', {action: 'amount', amount: '25'}, [404], supporter),
    target: ROUTES.meGift.path.replace('{gift}', firstGift.reference || 'pi_none'),
  }),
  meForgetPage: ({supporter}) => ({method: 'GET', target: ROUTES.meForgetPage.path, headers: [['cookie', supporter]], success: [200]}),
  // Not ticked: the confirmation again, and nothing forgotten.
  meForget: ({supporter}) => mePost('meForget', {confirm: 'not yet'}, [400], supporter),
};

export const ROUTE_NAMES = Object.keys(ROUTE_ATTACKS) as RouteName[];

/** The body's text, as its encoding writes it. */
export function encodeBody(value: unknown, as: BodyEncoding): string {
  if (as !== 'form') return JSON.stringify(value);
  const fields = Object.entries(isObject(value) ? value : {});
  return new URLSearchParams(fields.map(([name, field]) => [name, typeof field === 'string' ? field : JSON.stringify(field)])).toString();
}

/** `text` padded to exactly `bytes` bytes, still the same value: JSON's trailing spaces, or a form's extra field. */
export function padded(text: string, as: BodyEncoding, bytes: number): string {
  const missing = bytes - Buffer.byteLength(text);
  if (missing < 0) throw new Error(`the body is already ${Buffer.byteLength(text)} bytes, more than ${bytes}`);
  if (as !== 'form') return text + ' '.repeat(missing);
  if (missing === 0) return text;
  const pad = text === '' ? 'pad=' : '&pad=';
  if (missing < pad.length) return text + '&'.repeat(missing);
  return `${text}${pad}${'x'.repeat(missing - pad.length)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A visitor id as a page makes one; each request's own, as each of a form's visitors has, so none meets the visitor's limit. */
const VISITOR = 'Vb3kQ9xZ1mT0pL7rN2sW4a';
let visitors = 0;
const nextVisitor = () => `visitor-${String((visitors += 1)).padStart(8, '0')}-${Math.random().toString(36).slice(2, 10)}`;

/** The route's body as its sender writes it, with what is made anew each time made anew. */
export function bodyText(attack: RouteAttack, value: unknown = attack.body?.value): string {
  return encodeBody(attack.renew ? attack.renew(value) : value, attack.body?.as ?? 'json');
}

let clients = 0;
/** A client address of its own for each request, forwarded by the trusted proxy: no rate limit is reached by the suite. */
const nextClient = () => {
  clients += 1;
  return `198.18.${(clients >> 8) & 255}.${clients & 255}`;
};

export type Change = {
  method?: string;
  target?: string;
  /** The body's value in place of the route's own. */
  value?: unknown;
  /** The body's exact text in place of an encoded value (signed as it is, for the webhook). */
  text?: string | Uint8Array;
  /** Headers set (or, with null, left out) in place of the route's and the per-request ones. */
  headers?: Record<string, string | null>;
  transfer?: Transfer;
  cut?: RawRequest['cut'];
};

/** The route's request as bytes on the wire, changed as asked: fresh key, client address and signature each time. */
export function rawOf(attack: RouteAttack, context: Pick<AttackContext, 'port'>, change: Change = {}): RawRequest {
  const headers = new Map<string, string>([
    ['host', `127.0.0.1:${context.port}`],
    ['x-forwarded-for', nextClient()],
  ]);
  for (const [name, value] of attack.headers) headers.set(name, value);
  if (attack.keyed) headers.set('idempotency-key', newKey());
  let body: Uint8Array | undefined;
  if (attack.body || change.text !== undefined || change.value !== undefined) {
    const text = change.text ?? bodyText(attack, change.value ?? attack.body?.value);
    body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    if (attack.body) headers.set('content-type', attack.body.type);
    if (attack.body?.as === 'signed') {
      const payload = Buffer.from(body).toString('utf8');
      headers.set('stripe-signature', Stripe.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET}));
    }
  }
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return {
    method: change.method ?? attack.method,
    target: change.target ?? attack.target,
    headers: [...headers],
    ...(body === undefined ? {} : {body}),
    ...(change.transfer ? {transfer: change.transfer} : {}),
    ...(change.cut ? {cut: change.cut} : {}),
  };
}
