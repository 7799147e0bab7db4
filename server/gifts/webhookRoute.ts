/** POST /webhooks/stripe: Stripe's signed events, each payment recorded once (webhooks.ts reads them). */
import type Stripe from 'stripe';
import {MAX_EVENT_BYTES, readCapped, screenUnkeepable, type Logger, logLine, rejected, type Reply} from '../http';
import type {Guard} from '../guard';
import type {GiftStore} from '../records';
import {checkEvent, MalformedEvent, recordEvent, WEBHOOK_API_VERSION} from './webhooks';
import {NO_GIFTS} from './routeParts';

/** What the webhook needs: null where the endpoint takes no gifts. */
export type WebhookRouteDeps = {
  stripe: Stripe;
  /** The webhook endpoint's signing secret (whsec_…). */
  secret: string;
  store: GiftStore;
  guard: Guard;
  /** Milliseconds since the epoch. */
  now: () => number;
};

/** A signed event without a field Stripe always sends: one line naming the field (never the payload), and a 400 Stripe shows. */
function malformed(error: MalformedEvent, event: unknown, log: Logger): Reply {
  const {id, type} = (typeof event === 'object' && event !== null ? event : {}) as {id?: unknown; type?: unknown};
  const named = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null);
  log.error({event: named(id), type: named(type), missing: error.field}, 'a signed event lacks a field Stripe always sends');
  return rejected(error.message);
}

export async function answerWebhook(deps: WebhookRouteDeps | null, request: Request, log: Logger): Promise<Reply> {
  if (!deps) return NO_GIFTS;
  const signature = request.headers.get('stripe-signature');
  if (!signature) return rejected('missing Stripe-Signature header');
  // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
  const read = await readCapped(request, MAX_EVENT_BYTES);
  if (!read.ok) return read.answer;
  const payload = new TextDecoder().decode(read.bytes);
  let event: Stripe.Event;
  try {
    event = await deps.stripe.webhooks.constructEventAsync(payload, signature, deps.secret, undefined, undefined, deps.now());
  } catch {
    return rejected('the signature does not match this endpoint’s webhook secret');
  }
  try {
    checkEvent(event);
  } catch (error) {
    if (error instanceof MalformedEvent) return malformed(error, event, log);
    throw error;
  }
  // A NUL (or half a surrogate pair) is text no record keeps: sent again, the event would fail again the same way.
  const unkeepable = screenUnkeepable(event);
  if (unkeepable !== null) {
    log.error({type: typeof event.type === 'string' ? event.type.slice(0, 100) : null}, 'a signed event holds text no record keeps');
    return unkeepable;
  }
  if (event.api_version !== WEBHOOK_API_VERSION) {
    // In another version's shape the event would be misread and answered 200, and Stripe would never send it again:
    // a 5xx keeps it coming back until the webhook endpoint is made with the version this endpoint reads.
    log.error(
      {event: event.id, type: event.type, apiVersion: event.api_version, expected: WEBHOOK_API_VERSION},
      `the event is in Stripe API version ${event.api_version ?? '(none)'}, this endpoint reads ${WEBHOOK_API_VERSION}: create the webhook endpoint with API version ${WEBHOOK_API_VERSION}`,
    );
    return {status: 500, body: {received: false}};
  }
  try {
    const recorded = await recordEvent(event, deps.store, Math.floor(deps.now() / 1000), deps.stripe);
    await deps.guard.afterEvent(event, log);
    log.info({event: event.id, type: event.type, recorded}, 'stripe event');
    return {status: 200, body: {received: true, recorded}};
  } catch (error) {
    if (error instanceof MalformedEvent) return malformed(error, event, log);
    // A 5xx makes Stripe deliver the event again later, which the keyed store makes safe.
    log.error({event: event.id, error: logLine(error)}, 'a Stripe event could not be recorded');
    return {status: 500, body: {received: false}};
  }
}
