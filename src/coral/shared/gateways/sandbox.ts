/**
 * The sandbox: a card processor and a signup service with test numbers and
 * addresses, entirely in the browser. It sends nothing anywhere and keeps
 * nothing beyond the page's memory. It is the only gateway with payment
 * fields of Coral's own; what is typed there reaches it alone.
 */
import type {ChargeResult, Gateway, SignupGateway, SignupResult, TestPayment} from './gateway';

const reference = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `CRL-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}`;
};

const SANDBOX_OUTCOMES: Record<string, ChargeResult | undefined> = {
  '4000000000000002': {status: 'declined', reason: 'card declined', code: 'card'},
  '4000000000009995': {status: 'declined', reason: 'insufficient funds', code: 'funds'},
  '4000000000000119': {status: 'error', outcome: 'not-charged', retryable: true, detail: 'processing error'},
  '4000000000000259': {status: 'error', outcome: 'unknown', retryable: false, detail: 'no answer from the payment service'},
};

/** The BSB the sandbox's bank refuses; any other is accepted. */
export const SANDBOX_REFUSED_BSB = '000-000';

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

function outcomeOf(payment: TestPayment | undefined): ChargeResult {
  if (!payment) return {status: 'error', outcome: 'not-charged', retryable: false, detail: 'the sandbox was given no test payment details'};
  if (payment.method === 'card') return SANDBOX_OUTCOMES[payment.number] ?? {status: 'approved', reference: reference()};
  return payment.bsb === SANDBOX_REFUSED_BSB
    ? {status: 'declined', reason: 'account details not accepted by the bank', code: 'bank'}
    : {status: 'approved', reference: reference()};
}

export type SandboxGateway = Gateway &
  SignupGateway & {
    /** Gifts approved so far. */
    charges: () => number;
    /** Signatures accepted so far. */
    signups: () => number;
  };

export function createSandboxGateway({delayMs = 900}: {delayMs?: number} = {}): SandboxGateway {
  const gifts = sandboxLedger<ChargeResult>(delayMs, (r) => r.status === 'error' && r.retryable);
  const signatures = sandboxLedger<SignupResult>(delayMs, (r) => r.status === 'error' && r.retryable);
  let charges = 0;
  let signups = 0;
  return {
    charges: () => charges,
    signups: () => signups,
    charge: (_intent, {idempotencyKey, testPayment}) =>
      gifts(idempotencyKey, () => {
        const result = outcomeOf(testPayment);
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
