/**
 * What the endpoint sends back over HTTP, and what each Stripe error means for the supporter. The bodies follow the
 * form's HTTP gateway: `declined` (402), `rejected` (4xx, nothing done), and `error` with an outcome for everything
 * else; the contract's answers (src/coral/contract) are what a 200 carries.
 */

/** A route's reply: its status, its JSON body, and any header of its own (a cache's rule, a Retry-After). */
export type Reply = {status: number; body: Record<string, unknown>; headers?: Record<string, string>};

/** The Response for a reply: JSON, never cached unless the reply says how. `headers`: the doorway's own (CORS). */
export function respond({status, body, headers: own = {}}: Reply, headers: Headers = new Headers()): Response {
  headers.set('content-type', 'application/json; charset=utf-8');
  // Read as JSON only, never sniffed into a page or a script, whatever text a value holds.
  headers.set('x-content-type-options', 'nosniff');
  for (const [name, value] of Object.entries(own)) headers.set(name, value);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  // Its length said, so a host sends it in one write rather than as a stream.
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  headers.set('content-length', String(bytes.byteLength));
  return new Response(bytes, {status, headers});
}

export const rejected = (reason: string, status = 400): Reply => ({status, body: {status: 'rejected', reason}});

/** Read by type name rather than class, so it holds whichever build of the SDK (Node or fetch) threw. */
type StripeLikeError = {type?: unknown; message?: unknown; code?: unknown; requestId?: unknown};

const UNKNOWN_OUTCOME =
  'no clear answer from Stripe: an intent may have been created, but nothing is charged until the browser confirms it; ' +
  'sending the same request again with the same Idempotency-Key meets the intent Stripe made, or makes one if Stripe made none';

/**
 * Maps an error thrown by a Stripe call:
 * - a card error (a decline, an off-session payment the bank wants to authenticate) → 402 declined;
 * - an invalid request, or an Idempotency-Key reused for a different gift → 400 rejected;
 * - a rate limit, a timeout, a dropped connection or a Stripe 5xx → 503 with outcome unknown. Stripe may
 *   have acted on the request, so the browser must retry with the same key (Stripe then answers with the
 *   object it already made), never with a new one;
 * - anything else (a wrong key, a bug) → 500, outcome unknown, not worth retrying.
 */
export function fromStripeError(error: unknown): Reply {
  const {type, message, code} = (typeof error === 'object' && error !== null ? error : {}) as StripeLikeError;
  const text = typeof message === 'string' ? message : 'unexpected error';
  switch (type) {
    case 'StripeCardError':
      return {status: 402, body: {status: 'declined', reason: text, ...(typeof code === 'string' ? {code} : {})}};
    case 'StripeInvalidRequestError':
    case 'StripeIdempotencyError':
      return rejected(text);
    case 'StripeRateLimitError':
    case 'StripeConnectionError':
    case 'StripeAPIError':
      return {status: 503, body: {status: 'error', outcome: 'unknown', retryable: true, detail: UNKNOWN_OUTCOME}};
    default:
      return {status: 500, body: {status: 'error', outcome: 'unknown', retryable: false, detail: 'the payment service could not be used'}};
  }
}

/** One line for the operator's log: the error's kind and Stripe's request id, never a request body. */
export function logLine(error: unknown): string {
  const {type, code, requestId} = (typeof error === 'object' && error !== null ? error : {}) as StripeLikeError;
  const parts = [typeof type === 'string' ? type : error instanceof Error ? error.name : 'error'];
  if (typeof code === 'string') parts.push(`code=${code}`);
  if (typeof requestId === 'string') parts.push(`request=${requestId}`);
  if (type === undefined && error instanceof Error) parts.push(error.message);
  return `coral: ${parts.join(' ')}`;
}
