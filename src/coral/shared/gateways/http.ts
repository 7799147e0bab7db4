/**
 * Gateways over HTTP: the one exchange they all make (a JSON POST with an
 * idempotency key, within a time limit) and the `http` gateway built on it.
 */
import type {CheckoutAnswer, CheckoutRequest, SignatureAnswer} from '../../contract';
import {
  DECLINE_CODES,
  type ChargeOptions,
  type ChargeResult,
  type Gateway,
  type GiftIntent,
  type Guarded,
  type Signup,
  type SignupGateway,
  type SignupResult,
} from './gateway';
import {routesUnder} from './endpoint';

export type HttpGatewayOptions = {
  /** The base URL of the organisation's endpoint: gifts go to its /checkout, signatures to its /signatures. */
  endpoint: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/** The contract's routes the http gateway posts to: a gift's hosted checkout, and a signature. */
export type HttpRoute = 'checkout' | 'signatures';

/** Where one exchange is posted: a route's full address, within a time limit. */
export type Post = {url: string; timeoutMs: number; fetch: typeof globalThis.fetch};

/** Every key any of the answers `A` has. */
type KeyOf<A> = A extends unknown ? keyof A : never;

/**
 * A reply the service sent, with its JSON body (an empty object when the body
 * was not JSON). The body has the keys of the route's answers in the contract,
 * each still to be checked: a key the contract renames no longer type-checks here.
 */
export type Reply<A = Record<string, unknown>> = {
  status: number;
  ok: boolean;
  body: {[K in KeyOf<A>]?: unknown};
  retryAfter: string | null;
};

/** Whether a reply says it is the answer `status`, one the contract gives the route. */
export const says = <A extends {status: string}>({body}: Reply<A>, status: A['status']): boolean =>
  (body as {status?: unknown}).status === status;

/** Why there is no usable answer, and whether the request may have been acted on anyway. */
type Undelivered = {outcome: 'not-sent' | 'unknown'; detail: string};

/**
 * The one exchange every HTTP gateway makes: POST the payload as JSON with an
 * `Idempotency-Key` header, within a time limit. `read` recognises the
 * service's own answers; anything else is undelivered, and says whether the
 * service may have acted on it: a 4xx refused the request, while a 409 (the
 * key still in progress), a timeout, a dropped connection, a 5xx or an
 * unreadable answer leave the outcome unknown.
 */
export async function postWithKey<T, A = Record<string, unknown>>(
  {url, timeoutMs, fetch: fetchImpl}: Post,
  service: string,
  payload: unknown,
  idempotencyKey: string,
  read: (reply: Reply<A>) => T | null,
): Promise<{answer: T} | {undelivered: Undelivered}> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'idempotency-key': idempotencyKey},
      body: JSON.stringify(payload),
      signal: controller.signal,
      credentials: 'same-origin',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    clearTimeout(timer);
    // Once the request may have left, a lost answer means the outcome is unknown.
    const timedOut = controller.signal.aborted;
    return {
      undelivered: {
        outcome: 'unknown',
        detail: timedOut ? `no answer within ${timeoutMs / 1000} s` : `connection failed (${String(error)})`,
      },
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  } finally {
    clearTimeout(timer);
  }
  const reply: Reply<A> = {
    status: response.status,
    ok: response.ok,
    body: typeof body === 'object' && body !== null ? body : {},
    retryAfter: response.headers.get('retry-after'),
  };
  const answer = read(reply);
  if (answer !== null) return {answer};
  // A 409 says an earlier request under this key is still being processed: it may yet be acted on.
  if (response.status >= 400 && response.status < 500 && response.status !== 409) {
    return {undelivered: {outcome: 'not-sent', detail: `request refused (${response.status})`}};
  }
  return {
    undelivered: {
      outcome: 'unknown',
      detail: response.ok ? `unreadable answer from the ${service}` : `${service} error (${response.status})`,
    },
  };
}

/** Shares one request between callers using the same idempotency key while it is in flight: a double click sends once. */
export function onePerKey<P, R, O extends {idempotencyKey: string}>(
  send: (payload: P, key: string, options: O) => Promise<R>,
): (payload: P, options: O) => Promise<R> {
  const inFlight = new Map<string, Promise<R>>();
  return (payload, options) => {
    const {idempotencyKey} = options;
    const pending = inFlight.get(idempotencyKey);
    if (pending) return pending;
    const answer = send(payload, idempotencyKey, options).finally(() => inFlight.delete(idempotencyKey));
    inFlight.set(idempotencyKey, answer);
    return answer;
  };
}

/** Whole seconds, from the answer's `retryAfter` or else its `Retry-After` header (seconds; a date is not read). */
function secondsOf(value: unknown, header: string | null): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  return header !== null && /^\d{1,9}$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

/**
 * The card-testing guard's two answers on a gift route: 429 `rate-limited`,
 * with the seconds to wait, and 403 `bot-check`. Any other refusal is not
 * the guard's.
 */
export function guardedBy(reply: Reply<{status: 'rejected'; reason: string; retryAfter?: number}>): Guarded | null {
  const {status, body} = reply;
  if (!says(reply, 'rejected')) return null;
  if (status === 429 && body.reason === 'rate-limited') {
    const retryAfter = secondsOf(body.retryAfter, reply.retryAfter);
    return {status: 'guarded', reason: 'rate-limited', ...(retryAfter === undefined ? {} : {retryAfter})};
  }
  if (status === 403 && body.reason === 'bot-check') return {status: 'guarded', reason: 'bot-check'};
  return null;
}

export const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

const notCharged = (detail: string, retryable = true): ChargeResult => ({status: 'error', outcome: 'not-charged', retryable, detail});

/** A hosted payment page's address: https, or http on this machine while trying things out. */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    return url.protocol === 'https:' || (url.protocol === 'http:' && local) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * POSTs gifts and signups as JSON with an `Idempotency-Key` header, to the
 * contract's routes under `endpoint`.
 *
 * A gift goes to a hosted checkout: the request holds the gift (never card or
 * bank details) with `returnUrl` and `cancelUrl` (the contract's `POST
 * /checkout`; nothing is sent without both), and the endpoint answers
 * `{"status":"redirect","url":"https://…","reference":"…"}`, the address of
 * the processor's payment page, or `{"status":"declined","reason":"…"}` (200
 * or 402), with a `code` from DECLINE_CODES to tell the supporter why, or
 * the card-testing guard's refusal (`guardedBy`).
 * Nothing can be charged before that page, so any other answer, a timeout or
 * a dropped connection leaves nothing charged, and the same key may be sent
 * again.
 *
 * A signup is recorded by the endpoint itself: `{"status":"accepted","reference":"…"}`
 * or `{"status":"rejected","reason":"…"}` (200 or 422); any other answer, a
 * timeout or a dropped connection is an error.
 */
export function createHttpGateway({
  endpoint,
  timeoutMs = 15_000,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
}: HttpGatewayOptions): Gateway & SignupGateway {
  const url = routesUnder<HttpRoute>(endpoint);
  const checkout = {url: url('checkout'), timeoutMs, fetch: fetchImpl};
  const signatures = {...checkout, url: url('signatures')};
  return {
    charge: onePerKey(async (intent: GiftIntent, key, {returnUrl, cancelUrl}: ChargeOptions): Promise<ChargeResult> => {
      if (returnUrl === undefined || cancelUrl === undefined) return notCharged('a hosted checkout needs returnUrl and cancelUrl', false);
      // The hosted page keeps no card, so the gift never asks it to.
      const {savePaymentMethod: _kept, ...rest} = intent;
      const gift: CheckoutRequest = {...rest, returnUrl, cancelUrl};
      const sent = await postWithKey<ChargeResult, CheckoutAnswer>(checkout, 'payment service', gift, key, (reply) => {
        const {ok, status, body} = reply;
        const url = safeRedirect(body.url);
        if (ok && says(reply, 'redirect') && url && typeof body.reference === 'string') {
          return {status: 'redirect', url, reference: body.reference};
        }
        if ((ok || status === 402) && says(reply, 'declined')) {
          const code = DECLINE_CODES.find((known) => known === body.code);
          return {status: 'declined', reason: text(body.reason, 'declined'), ...(code ? {code} : {})};
        }
        return guardedBy(reply);
      });
      if ('answer' in sent) return sent.answer;
      // The hosted page takes the payment, so nothing was charged yet, whatever became of this request.
      return notCharged(sent.undelivered.detail);
    }),
    sign: onePerKey(async (signup: Signup, key): Promise<SignupResult> => {
      const sent = await postWithKey<SignupResult, SignatureAnswer>(signatures, 'signup service', signup, key, (reply) => {
        const {ok, status, body} = reply;
        if (ok && says(reply, 'accepted') && typeof body.reference === 'string') {
          return {status: 'accepted', reference: body.reference};
        }
        if ((ok || status === 422) && says(reply, 'rejected')) return {status: 'rejected', reason: text(body.reason, 'not accepted')};
        return null;
      });
      if ('answer' in sent) return sent.answer;
      return {status: 'error', ...sent.undelivered, retryable: sent.undelivered.outcome === 'not-sent'};
    }),
  };
}
