/**
 * What the routes share: what a page's request is once through the doorway, and the replies for a database that does
 * not answer, a statement that fails and a service's error.
 */
import {isDatabaseError, isUnavailable} from '../db';
import type {Address} from './address';
import type {Logger} from './log';
import {fromStripeError, logLine, type Reply} from './reply';

/** A page's request, once the doorway has checked its origin, read its JSON body and claimed its Idempotency-Key. */
export type PageRequest = {body: unknown; key: string; log: Logger; address: Address | null};

/** An Idempotency-Key: long enough that two clients never pick the same one; only characters safe to pass on to Stripe. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,200}$/;

/** Seconds since the epoch, by the handler's clock. */
export type Seconds = () => number;

/** What a request is replied when the records cannot be reached: nothing was kept, and the same request may be sent again. */
export const UNAVAILABLE: Reply = {
  status: 503,
  body: {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the records could not be reached; send the same request again'},
};

/** A fault of the endpoint's own, not the supporter's nor a service's: nothing to retry. */
const FAILED: Reply = {status: 500, body: {status: 'error', outcome: 'unknown', retryable: false, detail: 'the endpoint failed'}};

/** Runs a step that calls Stripe or the database, turning their errors into the replies the form understands. */
export async function answerFailures(log: Logger, step: () => Promise<Reply>): Promise<Reply> {
  try {
    return await step();
  } catch (error) {
    if (isUnavailable(error)) {
      log.error({error: (error as Error).name, code: (error as {code?: unknown}).code}, 'the database did not answer');
      return UNAVAILABLE;
    }
    if (isDatabaseError(error)) {
      log.error({error: (error as Error).name, code: (error as {code?: unknown}).code}, 'a database statement failed');
      return FAILED;
    }
    const reply = fromStripeError(error);
    if (reply.status >= 500) log.error({error: logLine(error)}, 'a Stripe call failed');
    return reply;
  }
}

/**
 * A route's path as a pattern, with the part `param` stands for (e.g. `{form}`) as its one group matching `part`:
 * the table writes each path once, and the handler matches requests against it.
 */
export function pathPattern(path: string, param: string, part = '[^/]+'): RegExp {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const [before = '', after = ''] = path.split(param);
  return new RegExp(`^${escaped(before)}(${part})${escaped(after)}$`);
}
