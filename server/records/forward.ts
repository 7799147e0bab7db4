/**
 * Forwarding: each new record in the outbox is POSTed to the organisation's
 * CRM, signed, oldest first, until the CRM answers 2xx. A record that fails
 * holds back the ones after it (a payment never arrives before its gift) and
 * is retried with a growing pause. Delivery is at least once: the CRM dedupes
 * on Coral-Record-Id.
 *
 * Only the head of the queue (the oldest undelivered record) is ever sent,
 * and an instance claims it by moving its `next_attempt_at` past the time its
 * delivery can take: a lease. Any other instance (or a second forwarder in
 * this process) finds the head not yet due and waits, so records go out one
 * at a time and in order however many instances run. No transaction is held
 * while the CRM answers: on PGlite, which runs one statement at a time, that
 * would hold up every gift and signature for as long as the CRM took.
 */
import type {Database} from '../db';
import {encoder, hmacKey, inRounds, type Rounds, toHex} from '../http';

export type ForwardLog = {info(details: object, message?: string): void; warn(details: object, message?: string): void};

export type ForwarderOptions = {
  db: Database;
  /** The CRM's address for new records (CORAL_FORWARD_URL). */
  url: string;
  /** The secret both sides hold, to sign and check each record. */
  secret: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, the wall clock unless a test sets it. */
  now?: () => number;
  log?: ForwardLog;
  /** How long the CRM has to answer one record. */
  timeoutMs?: number;
};

export type ForwardRound = {
  delivered: number;
  /** Whether records are left undelivered after this round (a failure, a pause before a retry, or more than a batch). */
  waiting: boolean;
};

/** Each round delivers due records in order until one fails, none is due, or a batch is done. */
export type Forwarder = Rounds<ForwardRound>;

/** The Coral-Signature header for `body` sent at `timestamp` (seconds): `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export async function signRecord(secret: string, timestamp: number, body: string): Promise<string> {
  const t = Math.floor(timestamp);
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(`${t}.${body}`));
  return `t=${t},v1=${toHex(mac)}`;
}

/**
 * The CRM's side: whether `header` signs `body` (the raw bytes received, before
 * any JSON parsing) with `secret`, at most `toleranceSeconds` from `nowSeconds`.
 * Web Crypto's verify compares in constant time. Several v1 values are allowed,
 * so a secret can be rotated.
 */
export async function verifyCoralSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): Promise<boolean> {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const times = parts.filter(([name]) => name === 't');
  if (times.length !== 1 || !/^\d{1,12}$/.test(times[0]![1] ?? '')) return false;
  const t = Number(times[0]![1]);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const key = await hmacKey(secret, 'verify');
  const signed = encoder.encode(`${t}.${body}`);
  for (const [name, value = ''] of parts) {
    if (name !== 'v1' || !/^[0-9a-f]{64}$/.test(value)) continue;
    const mac = new Uint8Array(value.match(/../g)!.map((pair) => parseInt(pair, 16)));
    if (await crypto.subtle.verify('HMAC', key, mac, signed)) return true;
  }
  return false;
}

/** Records sent per round at most, so one round never runs on for long. */
const BATCH = 50;
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 10 * 60 * 1000;
/** Beyond the CRM's time to answer, so a lease never runs out while its delivery is in flight. */
const LEASE_MARGIN_MS = 30_000;

/** The pause before the next try after `attempts` failures: 1 s, 2 s, 4 s… up to 10 minutes. */
export const retryPause = (attempts: number): number => Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1), LONGEST_PAUSE_MS);

type Head = {id: number | string; record_id: string; payload: string; attempts: number};

// Claims the head of the queue if it is due. A second instance claiming at the same moment waits on the row,
// then finds it no longer due (Postgres checks the WHERE again on the row as updated) and claims nothing.
const CLAIM = `
  update outbox set next_attempt_at = $2::timestamptz
  where id = (select id from outbox where delivered_at is null order by id limit 1)
    and delivered_at is null and next_attempt_at <= $1::timestamptz
  returning id, record_id, payload::text as payload, attempts`;

// A supporter's erasure or correction carries the email it is about: once the CRM has it, it is kept here no longer.
const DELIVERED = `update outbox set delivered_at = $2::timestamptz, last_error = null,
  payload = case when kind like 'supporter.%' then payload - 'data' else payload end
  where id = $1 and delivered_at is null`;

// Only while this instance still holds the lease: should it have run out and another instance taken the record, that one's word stands.
const FAILED = `
  update outbox set attempts = $2, last_error = $3, next_attempt_at = $4::timestamptz
  where id = $1 and delivered_at is null and next_attempt_at = $5::timestamptz`;

const WAITING = 'select exists (select 1 from outbox where delivered_at is null) as waiting';

const at = (ms: number) => new Date(ms).toISOString();

/** What went wrong, for the log and `last_error`: a status or an error's name, never a body. */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  const code = (error.cause as {code?: unknown} | undefined)?.code;
  return typeof code === 'string' ? `${error.name} (${code})` : error.name;
}

const defaultLog: ForwardLog = {
  info: () => {},
  warn: (details, message) => console.warn(JSON.stringify({level: 'warn', ...details, msg: message})),
};

export function createForwarder(options: ForwarderOptions): Forwarder {
  const {db, url, secret} = options;
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const log = options.log ?? defaultLog;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** Sends one record; answers null on a 2xx, else what went wrong. */
  async function deliver(head: Head): Promise<{status: number | string} | null> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('the CRM did not answer in time', 'TimeoutError')), timeoutMs);
    try {
      const response = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'coral-signature': await signRecord(secret, Math.floor(now() / 1000), head.payload),
          'coral-record-id': head.record_id,
          'user-agent': 'coral-forwarder',
        },
        body: head.payload,
        signal: controller.signal,
        // A redirect is a failure with its status in the log, so the operator fixes the address; the record never follows it elsewhere.
        redirect: 'manual',
      });
      // The answer's body is not read: only its status counts.
      await response.body?.cancel().catch(() => {});
      return response.ok ? null : {status: response.status};
    } catch (error) {
      return {status: failureOf(error)};
    } finally {
      clearTimeout(timer);
    }
  }

  async function round(): Promise<ForwardRound> {
    let delivered = 0;
    while (delivered < BATCH) {
      const lease = at(now() + timeoutMs + LEASE_MARGIN_MS);
      const [head] = await db.query<Head>(CLAIM, [at(now()), lease]);
      if (!head) break;
      const failure = await deliver(head);
      if (failure === null) {
        await db.query(DELIVERED, [head.id, at(now())]);
        delivered += 1;
        log.info({recordId: head.record_id, attempts: head.attempts + 1}, 'forwarded');
        continue;
      }
      const attempts = head.attempts + 1;
      const pause = retryPause(attempts);
      const lastError = typeof failure.status === 'number' ? `HTTP ${failure.status}` : failure.status;
      await db.query(FAILED, [head.id, attempts, lastError, at(now() + pause), lease]);
      log.warn({recordId: head.record_id, attempts, status: failure.status, retryInSeconds: pause / 1000}, 'forward failed');
      break;
    }
    const [left] = await db.query<{waiting: boolean}>(WAITING);
    return {delivered, waiting: left?.waiting ?? false};
  }

  return inRounds(round, {
    // A full batch means more are due: the next round starts at once.
    full: (result) => result.delivered === BATCH,
    failed: (error) => log.warn({error: failureOf(error), code: (error as {code?: unknown} | null)?.code}, 'forward round failed'),
  });
}
