/**
 * Where a gift's payment goes. Every gateway answers one of three ways, and an
 * error always says whether the supporter was charged, so the form can tell
 * them honestly and never invite a second charge.
 */
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
  frequency: string;
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
  upgrade?: {from: {amount: Cents; frequency: string}; accepted: boolean};
};

export type ChargeResult =
  | {status: 'approved'; reference: string}
  | {status: 'declined'; reason: string}
  | {status: 'error'; outcome: 'not-charged' | 'unknown'; retryable: boolean; detail: string};

export interface Gateway {
  /** Charges once per idempotency key: the same key always gets the first answer back. */
  charge(intent: GiftIntent, options: {idempotencyKey: string}): Promise<ChargeResult>;
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

/** Behaves like a card processor with test numbers, entirely in the browser; sends nothing anywhere. */
export function createSandboxGateway({delayMs = 900}: {delayMs?: number} = {}): Gateway & {charges: () => number} {
  const answers = new Map<string, Promise<ChargeResult>>();
  let charges = 0;
  return {
    charges: () => charges,
    charge(intent, {idempotencyKey}) {
      const earlier = answers.get(idempotencyKey);
      if (earlier) return earlier;
      const answer = new Promise<ChargeResult>((resolve) => {
        setTimeout(() => {
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
          // A processing error may be retried with the same key, as a real processor allows.
          if (result.status === 'error') answers.delete(idempotencyKey);
          resolve(result);
        }, delayMs);
      });
      answers.set(idempotencyKey, answer);
      return answer;
    },
  };
}

/**
 * POSTs the gift as JSON with an `Idempotency-Key` header. The endpoint answers
 * `{"status":"approved","reference":"…"}` or `{"status":"declined","reason":"…"}`;
 * any other answer, a timeout or a dropped connection is an error.
 */
export function createHttpGateway({
  endpoint,
  timeoutMs = 15_000,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
}: {
  endpoint: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): Gateway {
  const inFlight = new Map<string, Promise<ChargeResult>>();
  const send = async (intent: GiftIntent, idempotencyKey: string): Promise<ChargeResult> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {'content-type': 'application/json', 'idempotency-key': idempotencyKey},
        body: JSON.stringify(intent),
        signal: controller.signal,
        credentials: 'same-origin',
        referrerPolicy: 'no-referrer',
      });
    } catch (error) {
      clearTimeout(timer);
      // Once the request may have left, a lost answer means the outcome is unknown.
      const timedOut = controller.signal.aborted;
      return {
        status: 'error',
        outcome: 'unknown',
        retryable: false,
        detail: timedOut ? `no answer within ${timeoutMs / 1000} s` : `connection failed (${String(error)})`,
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
    const answer = (body ?? {}) as {status?: unknown; reference?: unknown; reason?: unknown};
    if (response.ok && answer.status === 'approved' && typeof answer.reference === 'string') {
      return {status: 'approved', reference: answer.reference};
    }
    if ((response.status === 402 || response.ok) && answer.status === 'declined') {
      return {status: 'declined', reason: typeof answer.reason === 'string' ? answer.reason : 'declined'};
    }
    if (response.status >= 400 && response.status < 500) {
      return {status: 'error', outcome: 'not-charged', retryable: false, detail: `request refused (${response.status})`};
    }
    return {
      status: 'error',
      outcome: 'unknown',
      retryable: false,
      detail: response.ok ? 'unreadable answer from the payment service' : `payment service error (${response.status})`,
    };
  };
  return {
    charge(intent, {idempotencyKey}) {
      const pending = inFlight.get(idempotencyKey);
      if (pending) return pending;
      const answer = send(intent, idempotencyKey).finally(() => inFlight.delete(idempotencyKey));
      inFlight.set(idempotencyKey, answer);
      return answer;
    },
  };
}
