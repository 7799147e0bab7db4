/**
 * Where a gift's payment or a petition signature goes. Every gateway answers
 * one of three ways, and an error always says whether anything was recorded
 * (charged, or signed), so a form can tell the supporter honestly and never
 * invite a second charge or a duplicate signature.
 */
import type {Frequency} from './frequency';
import type {Cents} from './money';
import type {Utm} from './urlParams';

export type PaymentDetails =
  | {method: 'card'; number: string; expiry: {month: number; year: number}; cvc: string}
  | {method: 'direct-debit'; bsb: string; account: string; name: string};

export type GiftIntent = {
  campaign: string;
  sourceCode?: string;
  amount: Cents;
  fee: Cents;
  currency: string;
  frequency: Frequency;
  supporter: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    postcode?: string;
    address?: string;
    consent: boolean;
  };
  payment: PaymentDetails;
  utm: Utm;
  /** Set when the supporter was asked to give monthly instead of once: the gift first chosen, and the answer. */
  upgrade?: {from: {amount: Cents; frequency: Frequency}; accepted: boolean};
};

export type ChargeResult =
  | {status: 'approved'; reference: string}
  | {status: 'declined'; reason: string}
  | {status: 'error'; outcome: 'not-charged' | 'unknown'; retryable: boolean; detail: string};

export interface Gateway {
  /** Charges once per idempotency key: the same key always gets the first answer back. */
  charge(intent: GiftIntent, options: {idempotencyKey: string}): Promise<ChargeResult>;
}

/** A petition signature or lead, as a powerform sends it. */
export type Signup = {
  campaign: string;
  sourceCode?: string;
  variant: 'petition' | 'leads';
  supporter: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    postcode?: string;
    consent: boolean;
  };
  /** The answer to the form's extra question, when it has one and the signer answered. */
  answer?: {id: string; value: string};
  utm: Utm;
};

export type SignupResult =
  | {status: 'accepted'; reference: string}
  | {status: 'rejected'; reason: string}
  | {status: 'error'; outcome: 'not-sent' | 'unknown'; retryable: boolean; detail: string};

export interface SignupGateway {
  /** Records one signature per idempotency key: the same key always gets the first answer back. */
  sign(signup: Signup, options: {idempotencyKey: string}): Promise<SignupResult>;
}

export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const reference = (): string => `CRL-${newIdempotencyKey().slice(0, 8).toUpperCase()}`;

/** The sandbox's test card numbers, as the demos show them. */
export const SANDBOX_CARDS = [
  {number: '4242 4242 4242 4242', result: 'Approved'},
  {number: '4000 0000 0000 0002', result: 'Declined: card declined'},
  {number: '4000 0000 0000 9995', result: 'Declined: insufficient funds'},
  {number: '4000 0000 0000 0119', result: 'Processing error: nothing charged, safe to retry'},
] as const;

const SANDBOX_OUTCOMES: Record<string, ChargeResult | undefined> = {
  '4000000000000002': {status: 'declined', reason: 'card declined'},
  '4000000000009995': {status: 'declined', reason: 'insufficient funds'},
  '4000000000000119': {status: 'error', outcome: 'not-charged', retryable: true, detail: 'processing error'},
};

/** The sandbox's test email addresses for signups: any other address is accepted. */
export const SANDBOX_SIGNUP_EMAILS = [
  {email: 'name@example.org', result: 'Accepted (any address not listed here)'},
  {email: 'name+reject@example.org', result: 'Rejected: the address cannot receive email'},
  {email: 'name+error@example.org', result: 'Service error: nothing saved, safe to try again'},
  {email: 'name+unknown@example.org', result: 'No answer: the signature may have been saved'},
] as const;

const SANDBOX_SIGNUP_OUTCOMES: Record<string, SignupResult | undefined> = {
  reject: {status: 'rejected', reason: 'the address cannot receive email'},
  error: {status: 'error', outcome: 'not-sent', retryable: true, detail: 'signup service unavailable'},
  unknown: {status: 'error', outcome: 'unknown', retryable: false, detail: 'no answer from the signup service'},
};

/** The tag before the @ picks a test outcome: "name+error@example.org" → "error". */
const emailTag = (email: string | undefined): string => /\+([a-z]+)@/i.exec(email ?? '')?.[1]?.toLowerCase() ?? '';

/**
 * The sandbox's memory: one answer per idempotency key, after a delay, for as
 * long as the page lives. An answer that invites a retry is forgotten, so the
 * same key can be tried again, as a real service allows.
 */
function sandboxLedger<R>(delayMs: number, retryable: (result: R) => boolean) {
  const answers = new Map<string, Promise<R>>();
  return (key: string, decide: () => R): Promise<R> => {
    const earlier = answers.get(key);
    if (earlier) return earlier;
    const answer = new Promise<R>((resolve) => {
      setTimeout(() => {
        const result = decide();
        if (retryable(result)) answers.delete(key);
        resolve(result);
      }, delayMs);
    });
    answers.set(key, answer);
    return answer;
  };
}

export type SandboxGateway = Gateway &
  SignupGateway & {
    /** Gifts approved so far. */
    charges: () => number;
    /** Signatures accepted so far. */
    signups: () => number;
  };

/**
 * Behaves like a card processor and a signup service with test numbers and
 * addresses, entirely in the browser: it sends nothing anywhere and keeps
 * nothing beyond the page's memory.
 */
export function createSandboxGateway({delayMs = 900}: {delayMs?: number} = {}): SandboxGateway {
  const gifts = sandboxLedger<ChargeResult>(delayMs, (r) => r.status === 'error' && r.retryable);
  const signatures = sandboxLedger<SignupResult>(delayMs, (r) => r.status === 'error' && r.retryable);
  let charges = 0;
  let signups = 0;
  return {
    charges: () => charges,
    signups: () => signups,
    charge: (intent, {idempotencyKey}) =>
      gifts(idempotencyKey, () => {
        let result: ChargeResult;
        if (intent.payment.method === 'card') {
          result = SANDBOX_OUTCOMES[intent.payment.number] ?? {status: 'approved', reference: reference()};
        } else {
          result =
            intent.payment.bsb === '000-000'
              ? {status: 'declined', reason: 'account details not accepted by the bank'}
              : {status: 'approved', reference: reference()};
        }
        if (result.status === 'approved') charges += 1;
        return result;
      }),
    sign: (signup, {idempotencyKey}) =>
      signatures(idempotencyKey, () => {
        const outcome = SANDBOX_SIGNUP_OUTCOMES[emailTag(signup.supporter.email)];
        const result: SignupResult = outcome ? {...outcome} : {status: 'accepted', reference: reference()};
        if (result.status === 'accepted') signups += 1;
        return result;
      }),
  };
}

export type HttpGatewayOptions = {
  endpoint: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/** A reply the service sent, with its JSON body (an empty object when the body was not JSON). */
type Reply = {status: number; ok: boolean; body: Record<string, unknown>};

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
async function postWithKey<T>(
  {endpoint, timeoutMs, fetch: fetchImpl}: Required<HttpGatewayOptions>,
  service: string,
  payload: unknown,
  idempotencyKey: string,
  read: (reply: Reply) => T | null,
): Promise<{answer: T} | {undelivered: Undelivered}> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
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
  const reply: Reply = {
    status: response.status,
    ok: response.ok,
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
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
function onePerKey<P, R>(send: (payload: P, key: string) => Promise<R>): (payload: P, options: {idempotencyKey: string}) => Promise<R> {
  const inFlight = new Map<string, Promise<R>>();
  return (payload, {idempotencyKey}) => {
    const pending = inFlight.get(idempotencyKey);
    if (pending) return pending;
    const answer = send(payload, idempotencyKey).finally(() => inFlight.delete(idempotencyKey));
    inFlight.set(idempotencyKey, answer);
    return answer;
  };
}

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * POSTs gifts and signups as JSON with an `Idempotency-Key` header. For a gift
 * the endpoint answers `{"status":"approved","reference":"…"}` or
 * `{"status":"declined","reason":"…"}` (200 or 402); for a signup
 * `{"status":"accepted","reference":"…"}` or `{"status":"rejected","reason":"…"}`
 * (200 or 422). Any other answer, a timeout or a dropped connection is an error.
 */
export function createHttpGateway({
  endpoint,
  timeoutMs = 15_000,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
}: HttpGatewayOptions): Gateway & SignupGateway {
  const options = {endpoint, timeoutMs, fetch: fetchImpl};
  return {
    charge: onePerKey(async (intent: GiftIntent, key): Promise<ChargeResult> => {
      const sent = await postWithKey<ChargeResult>(options, 'payment service', intent, key, ({ok, status, body}) => {
        if (ok && body.status === 'approved' && typeof body.reference === 'string') return {status: 'approved', reference: body.reference};
        if ((ok || status === 402) && body.status === 'declined') return {status: 'declined', reason: text(body.reason, 'declined')};
        return null;
      });
      if ('answer' in sent) return sent.answer;
      const {outcome, detail} = sent.undelivered;
      // Refused by the service (a 4xx): nothing was charged, so the gift can be checked and sent again.
      return {status: 'error', outcome: outcome === 'not-sent' ? 'not-charged' : 'unknown', retryable: outcome === 'not-sent', detail};
    }),
    sign: onePerKey(async (signup: Signup, key): Promise<SignupResult> => {
      const sent = await postWithKey<SignupResult>(options, 'signup service', signup, key, ({ok, status, body}) => {
        if (ok && body.status === 'accepted' && typeof body.reference === 'string') return {status: 'accepted', reference: body.reference};
        if ((ok || status === 422) && body.status === 'rejected') return {status: 'rejected', reason: text(body.reason, 'not accepted')};
        return null;
      });
      if ('answer' in sent) return sent.answer;
      return {status: 'error', ...sent.undelivered, retryable: sent.undelivered.outcome === 'not-sent'};
    }),
  };
}
