/** What the endpoint's tests share: campaigns, a handler wired to the stand-in, and requests as a browser or Stripe sends them. */
import Stripe from 'stripe';
import {parseCampaigns} from '../gifts';
import {createCoralHandler, type CoralHandlerOptions} from '../doorway';
import {memoryLogger} from '../http';
import {DEFAULT_GUARD, type GuardSettings} from '../guard';
import {createMemoryGiftStore} from './memoryStore';
import type {StripeStandIn} from './stripeStandIn';

/** Obviously fake, as every secret in a test must be, and as long as a real one (whsec_ and at least 24 more characters). */
export const WEBHOOK_SECRET = 'whsec_coral_standin_not_a_real_secret';
/** The card-testing guard's key for its hashes: test-only, and plainly so. */
export const GUARD_SECRET = 'guard-secret-for-tests-only-not-a-real-one';
/** The guard's defaults, keyed with the test-only secret. */
export const TEST_GUARD: GuardSettings = {...DEFAULT_GUARD, secret: GUARD_SECRET};
export const ORIGIN = 'https://www.example.org';
/** 2026-01-01T00:00:00Z, in milliseconds: the handler's fixed clock. */
export const NOW_MS = 1_767_225_600_000;

export const CAMPAIGN_CONFIGS = [
  {
    campaign: 'save-the-reef',
    sourceCode: 'REEF-2026',
    frequencies: ['one-off', 'weekly', 'monthly', 'daily'],
    dailyDays: 7,
    directDebit: true,
    coverFees: {enabled: true, percent: 3},
    // The street address too: the endpoint refuses a value for a field the campaign hides, and tests send one.
    fields: {phone: 'optional', postcode: 'optional', address: 'optional'},
  },
  {campaign: 'ban-deep-sea-mining', frequencies: ['one-off']},
];

export function makeHandler(standIn: StripeStandIn, overrides: Partial<CoralHandlerOptions> = {}) {
  const store = createMemoryGiftStore();
  const logger = memoryLogger();
  const handler = createCoralHandler({
    stripe: standIn.client(),
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: [ORIGIN],
    campaigns: parseCampaigns(CAMPAIGN_CONFIGS),
    store,
    now: () => NOW_MS,
    logger,
    guard: TEST_GUARD,
    ...overrides,
  });
  /** What went wrong, as the operator's log says it: each error entry's `error`. */
  const logged = () => logger.lines.filter((line) => line.level === 'error').map((line) => line.error);
  return {handler, store, logger, logged};
}

/** A valid one-off gift of $60 to save-the-reef, as the browser sends it; `change` replaces fields. */
export function giftBody(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    campaign: 'save-the-reef',
    amount: 6000,
    fee: 0,
    currency: 'AUD',
    frequency: 'one-off',
    method: 'card',
    supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', postcode: '2000', consent: false},
    utm: {utm_source: 'newsletter'},
    ...change,
  };
}

/** The whole record the store keeps of an outcome of a one-off gift to save-the-reef, told and recorded at NOW_MS. */
export const oneOffRecord = (fields: {outcome: string; reference: string; stripeId: string; amount: number; eventId: unknown}) => ({
  campaign: 'save-the-reef',
  frequency: 'one-off',
  currency: 'AUD',
  eventCreated: NOW_MS / 1000,
  recordedAt: NOW_MS / 1000,
  ...fields,
});

let keys = 0;
/** A fresh idempotency key per gift, as the form makes one. */
export const newKey = () => `test-key-${String((keys += 1)).padStart(8, '0')}-${Math.random().toString(16).slice(2, 10)}`;

export type Answered = {status: number; body: Record<string, unknown>; headers: Headers};

export async function post(
  handler: (request: Request) => Promise<Response>,
  path: string,
  body: unknown,
  {key = newKey(), origin = ORIGIN as string | null, contentType = 'application/json'} = {},
): Promise<Answered> {
  const headers = new Headers({'content-type': contentType});
  if (key) headers.set('idempotency-key', key);
  if (origin) headers.set('origin', origin);
  const response = await handler(new Request(`https://coral.example.org${path}`, {method: 'POST', headers, body: JSON.stringify(body)}));
  const text = await response.text();
  return {status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers};
}

/**
 * Delivers an event as Stripe does: the raw JSON, signed with the endpoint's secret. Every event Stripe
 * sends names the API version it is rendered in and when it happened; one made by hand without `api_version`
 * is given the version the endpoint reads (the SDK's), as a webhook endpoint made the way the docs say would
 * send it, and one without `created` the handler's time.
 */
export async function deliver(
  handler: (request: Request) => Promise<Response>,
  event: object,
  {secret = WEBHOOK_SECRET, timestamp = NOW_MS / 1000}: {secret?: string; timestamp?: number} = {},
): Promise<Answered> {
  const payload = JSON.stringify({
    ...('created' in event ? {} : {created: NOW_MS / 1000}),
    ...('api_version' in event ? {} : {api_version: Stripe.API_VERSION}),
    ...event,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({payload, secret, timestamp});
  const response = await handler(
    new Request('https://coral.example.org/webhooks/stripe', {
      method: 'POST',
      headers: {'content-type': 'application/json', 'stripe-signature': signature},
      body: payload,
    }),
  );
  return {status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers};
}
