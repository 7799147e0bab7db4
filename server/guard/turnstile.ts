/**
 * Cloudflare Turnstile's server-side check: the token the form's widget gave
 * is sent to siteverify with the secret key, and the visitor's address. A
 * token passes once: siteverify refuses it a second time
 * (`timeout-or-duplicate`), and after five minutes. An idempotency key makes
 * a retry after a lost answer safe.
 */

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * `passed`; `refused`, the token is missing, forged, spent or expired; `misconfigured`, siteverify refuses the
 * secret key; `unavailable`, no usable answer came back.
 */
export type BotCheckResult =
  | {outcome: 'passed'}
  | {outcome: 'refused'; codes: string[]}
  | {outcome: 'misconfigured'; codes: string[]}
  | {outcome: 'unavailable'; detail: string};

/** The error codes that say the secret key, not the visitor, is wrong. */
const SECRET_CODES = new Set(['missing-input-secret', 'invalid-input-secret']);
/** The codes that say siteverify could not decide this time. */
const RETRY_CODES = new Set(['internal-error']);

const ATTEMPTS = 2;
const TIMEOUT_MS = 5_000;

export type SiteverifyOptions = {secret: string; url?: string; fetch?: typeof fetch};

type Siteverify = {success?: unknown; 'error-codes'?: unknown};

/** Asks siteverify about `token`; `remoteIp` when the client's address is known. */
export async function verifyBotCheck(token: string, remoteIp: string | null, options: SiteverifyOptions): Promise<BotCheckResult> {
  const send = options.fetch ?? fetch;
  const form = new URLSearchParams({secret: options.secret, response: token, idempotency_key: crypto.randomUUID()});
  if (remoteIp !== null) form.set('remoteip', remoteIp);
  let detail = 'siteverify did not answer';
  // The same idempotency key on the retry: siteverify answers a token it already judged under that key the same way.
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let answer: Siteverify;
    try {
      const response = await send(options.url ?? SITEVERIFY_URL, {method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS)});
      if (!response.ok) {
        detail = `siteverify answered ${response.status}`;
        continue;
      }
      answer = (await response.json()) as Siteverify;
    } catch (error) {
      detail = `siteverify could not be reached (${error instanceof Error ? error.name : 'error'})`;
      continue;
    }
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].filter((code) => typeof code === 'string') : [];
    if (answer.success === true) return {outcome: 'passed'};
    if (codes.some((code) => SECRET_CODES.has(code))) return {outcome: 'misconfigured', codes};
    if (codes.length > 0 && codes.every((code) => RETRY_CODES.has(code))) {
      detail = `siteverify answered ${codes.join(', ')}`;
      continue;
    }
    return {outcome: 'refused', codes};
  }
  return {outcome: 'unavailable', detail};
}
