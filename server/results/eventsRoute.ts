/**
 * POST /events: what a visitor did on a published form (seen, started, sent, and what came of it), sent by its page
 * as a beacon. Kept once per visitor, version, variant and kind, with no name, email, address or network address:
 * the client's address is only counted, under a keyed hash, for the rate limits, and a source code or utm value that
 * is not a machine's is dropped by the schema. A crawler's is answered and not kept.
 */
import {eventRequestSchema, isMachineValue, machineUtm, type EventRequest} from '../../src/coral/contract';
import type {Queryable} from '../db';
import {type Address, type Logger, rejected, type Reply, answerFailures} from '../http';
import {dayOf, recordEvent} from './events';

export type EventDeps = {
  /** Null where the endpoint keeps no records. */
  db: Queryable | null;
  /** Whether the event's form, version and variant are published here. */
  published: (form: EventRequest['form']) => Promise<boolean>;
  /** The rate limits (guard.limitEvents): the reply that refuses the request, or null to go on. */
  limit: (event: EventRequest, address: Address | null) => Promise<Reply | null>;
  now: () => number;
};

export type EventRequestContext = {body: unknown; address: Address | null; userAgent: string | null; log: Logger};

/**
 * User agents that say they are a program: search and social crawlers, page checkers, headless browsers, and HTTP
 * clients (Node's own fetch says `node`; Deno, Bun, Postman and HTTPie say their names).
 */
const PROGRAM =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headless|phantomjs|puppeteer|playwright|python|curl|wget|go-http|java\/|okhttp|axios|node-fetch|undici|^node\b|\bdeno\/|\bbun\/|postmanruntime|httpie|libwww-perl|\bruby\b|dart:io/i;

/** Whether a request comes from a program rather than a person's browser: it says so, or says nothing. */
export const fromProgram = (userAgent: string | null): boolean => userAgent === null || userAgent.trim() === '' || PROGRAM.test(userAgent);

/** The event with only a machine's values: a source code or utm value that is none (an email, a phone…) dropped. */
export function machineValuesOf(event: EventRequest): EventRequest {
  const {source, utm} = event;
  return {...event, source: source !== undefined && isMachineValue(source) ? source : undefined, utm: machineUtm(utm)};
}

const ACCEPTED: Reply = {status: 202, body: {status: 'accepted'}};

export async function answerEvent(deps: EventDeps, request: EventRequestContext): Promise<Reply> {
  const {db} = deps;
  if (db === null) return rejected('this endpoint keeps no events', 404);
  const event = eventRequestSchema.safeParse(request.body);
  if (!event.success) {
    const [issue] = event.error.issues;
    return rejected(`${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'not an event'}`);
  }
  // Answered as if kept, so a crawler learns nothing from the answer.
  if (fromProgram(request.userAgent)) return ACCEPTED;
  // Over a limit, 429 with retryAfter, as for a gift: the page's beacon never reads the answer, so it costs a
  // visitor nothing, while a script or a misbehaving page is told, in its own log, that it was refused and until when.
  // The limits are the code's published figures, so answering 202 would hide nothing from whoever floods.
  const limited = await deps.limit(event.data, request.address);
  if (limited !== null) return limited;
  return answerFailures(request.log, async () => {
    if (!(await deps.published(event.data.form))) return rejected('form: no such form, version or variant on this endpoint', 404);
    await recordEvent(db, machineValuesOf(event.data), dayOf(deps.now()));
    return ACCEPTED;
  });
}
