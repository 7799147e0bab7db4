/**
 * Mail to supporters, from the `mail` table through the organisation's own relay. A message is queued in the
 * transaction that made what it carries (a receipt, a statement), so it is never queued for something not kept;
 * here each due message is claimed by one endpoint with a lease, composed from the records as they are now, and
 * handed to the relay, outside any transaction and never in a request's path. A relay that fails is retried with a
 * growing pause; one that refuses an address for good (a 5xx) is not tried again.
 *
 * A message the relay took is marked sent at once, so each goes once. Should the endpoint stop between the
 * relay's answer and that mark, it goes again with the same Message-ID, which mail programs show once.
 */
import type {Database} from '../db';
import {inRounds, type Rounds} from '../http';

/** A message as the relay takes it: nodemailer's fields, from the address the settings give. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: {filename: string; content: Uint8Array; contentType: string}[];
};

/** What is queued: its key, its kind, and the receipt, statement or link to a supporter's page it carries. */
export type QueuedMail = {key: string; kind: string; receipt: number | null; statement: number | null; link: string | null};

/** Composes a queued message from the records; null when there is no one to send it to any more (erased). */
export type Compose = (mail: QueuedMail) => Promise<MailMessage | null>;

/** The part of a nodemailer transport the mailer uses. */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    attachments: {filename: string; content: Buffer; contentType: string}[];
  }): Promise<unknown>;
};

export type MailLog = {info(details: object, message?: string): void; warn(details: object, message?: string): void};

export type MailerOptions = {
  db: Database;
  transport: MailTransport;
  /** CORAL_MAIL_FROM: `Name <receipts@example.org>`. */
  from: string;
  compose: Compose;
  /** Runs before each round: the monthly receipts are issued here. */
  beforeRound?: () => Promise<unknown>;
  now?: () => number;
  log?: MailLog;
  /** How long the relay has to take one message; the lease on it runs a little longer. */
  timeoutMs?: number;
};

export type MailRound = {sent: number; failed: number};

export type Mailer = Rounds<MailRound>;

const BATCH = 50;
const FIRST_PAUSE_MS = 2_000;
const LONGEST_PAUSE_MS = 30 * 60 * 1000;
const LEASE_MARGIN_MS = 30_000;

/** The pause before the next try after `attempts` failures: 2 s, 4 s, 8 s… up to half an hour. */
export const mailPause = (attempts: number): number => Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1), LONGEST_PAUSE_MS);

type Claimed = QueuedMail & {id: string; attempts: number};

// One due message, claimed by moving its next try past the lease; a second endpoint skips the row this one holds.
const CLAIM = `
  update mail set next_attempt_at = $2::timestamptz
  where id = (select id from mail where sent_at is null and next_attempt_at <= $1::timestamptz order by id limit 1 for update skip locked)
  returning id::text as id, key, kind, receipt, statement, link, attempts`;

const at = (ms: number) => new Date(ms).toISOString();

/** What went wrong, for the log and `last_error`: the relay's code and status, never its text, which may quote an address. */
function failureOf(error: unknown): {said: string; permanent: boolean} {
  const {code, responseCode, command} = (error ?? {}) as {code?: unknown; responseCode?: unknown; command?: unknown};
  const status = typeof responseCode === 'number' ? responseCode : null;
  const name = typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error';
  // Only the recipient refused for good is this message's own: a sender refused (MAIL FROM) is the relay's settings,
  // and every message waits, retried, until they are put right.
  const refusedRecipient = code === 'EENVELOPE' && command === 'RCPT TO' && status !== null && status >= 500;
  return {said: status === null ? name : `${name} ${status}`, permanent: refusedRecipient};
}

/** A Message-ID that is the same each time one message is sent, at the sender's domain. */
function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'coral.invalid';
  return `<coral.${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}

const defaultLog: MailLog = {
  info: () => {},
  warn: (details, message) => console.warn(JSON.stringify({level: 'warn', ...details, msg: message})),
};

export function createMailer(options: MailerOptions): Mailer {
  const {db, transport, from, compose} = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? defaultLog;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function deliver(claimed: Claimed): Promise<'sent' | 'dropped' | {said: string; permanent: boolean}> {
    try {
      const message = await compose(claimed);
      if (message === null) return 'dropped';
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('the relay did not answer in time'), {code: 'ETIMEDOUT'})), timeoutMs);
      });
      try {
        await Promise.race([
          transport.sendMail({
            from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            messageId: messageIdOf(claimed.key, from),
            attachments: message.attachments.map((file) => ({...file, content: Buffer.from(file.content)})),
          }),
          late,
        ]);
      } finally {
        clearTimeout(timer);
      }
      return 'sent';
    } catch (error) {
      return failureOf(error);
    }
  }

  async function round(): Promise<MailRound> {
    await options.beforeRound?.();
    const done: MailRound = {sent: 0, failed: 0};
    while (done.sent + done.failed < BATCH) {
      const lease = at(now() + timeoutMs + LEASE_MARGIN_MS);
      const [claimed] = await db.query<Claimed>(CLAIM, [at(now()), lease]);
      if (!claimed) break;
      const outcome = await deliver(claimed);
      if (outcome === 'sent') {
        await db.query('update mail set sent_at = $2::timestamptz, attempts = attempts + 1, last_error = null where id = $1', [
          claimed.id,
          at(now()),
        ]);
        done.sent += 1;
        log.info({mail: claimed.id, kind: claimed.kind, attempts: claimed.attempts + 1}, 'mail sent');
        continue;
      }
      if (outcome === 'dropped') {
        // Its supporter's details were erased since it was queued: nothing is left to send, nor to keep.
        await db.query('delete from mail where id = $1', [claimed.id]);
        continue;
      }
      const attempts = claimed.attempts + 1;
      const next = outcome.permanent ? 'infinity' : at(now() + mailPause(attempts));
      await db.query(
        'update mail set attempts = $2, last_error = $3, next_attempt_at = $4::text::timestamptz where id = $1 and sent_at is null',
        [claimed.id, attempts, outcome.said, next],
      );
      done.failed += 1;
      log.warn({mail: claimed.id, kind: claimed.kind, attempts, error: outcome.said, retry: !outcome.permanent}, 'mail not sent');
      // A relay that is down is down for the next message too: the round ends, and the pause starts.
      if (!outcome.permanent) break;
    }
    return done;
  }

  return inRounds(round, {
    full: (result) => result.sent === BATCH,
    failed: (error) => log.warn({error: failureOf(error).said}, 'mail round failed'),
  });
}
