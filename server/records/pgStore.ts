/**
 * The records in PostgreSQL. Each write is one statement, or with forwarding
 * to a CRM on, one transaction that also queues what may now go out (a
 * signature as it is kept; a gift and its payments once it has an outcome:
 * see outbox.ts), so a record is never queued without being kept.
 */
import {SUPPORTER_FIELDS} from '../../src/coral/contract/library';
import {type GiftStore, newSignatureReference, repeatReference, UPGRADE_LEASE_SECONDS} from './store';
import type {Database, Queryable} from '../db';
import {lockReference, release} from './outbox';
import {orNull, recordOfRow, signaturePayload, SUPPORTER_COLUMNS, type ForwardedRecord, type PaymentRow} from './payloads';

export {giftPayload, paymentPayload, signaturePayload, type ForwardedRecord} from './payloads';

/** A gift keeps every supporter field; a signature all but the street address, which no powerform asks for. */
const SIGNER_FIELDS = SUPPORTER_FIELDS.filter((field) => field !== 'address');
const GIFT_DETAILS = SUPPORTER_FIELDS.map((field) => SUPPORTER_COLUMNS[field]).join(', ');
const SIGNATURE_DETAILS = SIGNER_FIELDS.map((field) => SUPPORTER_COLUMNS[field]).join(', ');

/** The rows each petition's count is spread over (0007_signature_counts.sql): enough that signers seldom wait on one. */
const COUNT_SHARDS = 16;

export type PgStoreOptions = {
  /** Queue every new record for forwarding (CORAL_FORWARD_URL is set). */
  outbox?: boolean;
  /**
   * Runs in the transaction that kept a payment's outcome, a gift or a hosted checkout's link, holding the lock on
   * the reference it names: receipts are issued and their mail queued here (CORAL_SMTP_URL is set).
   */
  afterPayment?: (tx: Queryable, reference: string) => Promise<void>;
};

type Releasing = Required<Pick<PgStoreOptions, 'outbox'>> & Pick<PgStoreOptions, 'afterPayment'>;

/**
 * Runs `insert` (a statement whose CTE is named `kept`, returning the new row)
 * and, with the outbox on, queues `payload` for the row it inserted, in one statement; `also` adds more
 * statements on `kept` to it (`, name as (…)`), which Postgres runs whether or not the answer reads them.
 */
async function insertOnce(
  db: Queryable,
  outbox: boolean,
  insert: string,
  params: readonly unknown[],
  payload?: ForwardedRecord,
  also = '',
): Promise<boolean> {
  const n = params.length;
  const text =
    outbox && payload
      ? `with kept as (${insert}), queued as (
         insert into outbox (record_id, kind, payload) select $${n + 1}, $${n + 2}, $${n + 3}::text::jsonb from kept returning 1
       )${also} select 1 as kept from kept`
      : `with kept as (${insert})${also} select 1 as kept from kept`;
  const args = outbox && payload ? [...params, payload.id, payload.type, JSON.stringify(payload)] : params;
  return (await db.query(text, args)).length > 0;
}

/**
 * Runs `write` alone, or with the outbox or receipts on, in a transaction holding `reference`'s lock, then queues
 * what it let go out (see outbox.ts) and issues what it calls for. Answers what `write` answered.
 */
async function releasing(
  db: Database,
  {outbox, afterPayment}: Releasing,
  reference: string,
  write: (tx: Queryable) => Promise<boolean>,
): Promise<boolean> {
  if (!outbox && !afterPayment) return write(db);
  return db.transaction(async (tx) => {
    await lockReference(tx, reference);
    const written = await write(tx);
    if (written && outbox) await release(tx, reference);
    if (written && afterPayment) await afterPayment(tx, reference);
    return written;
  });
}

export function createPgStore(db: Database, {outbox = false, afterPayment}: PgStoreOptions = {}): GiftStore {
  const after: Releasing = {outbox, afterPayment};
  return {
    recordOnce: (key, record) =>
      releasing(db, after, record.reference, async (tx) =>
        insertOnce(
          tx,
          false,
          `insert into payments (key, outcome, reference, stripe_id, campaign, frequency, amount, currency, event_id, recorded_at, event_created,
           refund_of)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10), to_timestamp($11), $12)
         on conflict (key) do nothing returning key`,
          [
            key,
            record.outcome,
            record.reference,
            record.stripeId,
            record.campaign,
            record.frequency,
            record.amount,
            record.currency,
            record.eventId,
            record.recordedAt,
            record.eventCreated,
            record.refundOf ?? null,
          ],
        ),
      ),

    get: async (key) => {
      const [row] = await db.query<PaymentRow>('select * from payments where key = $1', [key]);
      return row ? recordOfRow(row) : undefined;
    },

    // Kept as started, and queued only with its first outcome; one reported before it was kept (a one-tap upgrade's
    // first invoice, paid as it is made) lets it out at once.
    keepGift: (gift) => {
      const {supporter: s} = gift;
      return releasing(db, after, gift.reference, (tx) =>
        insertOnce(
          tx,
          false,
          `insert into gifts (reference, idempotency_key, via, campaign, source_code, frequency, method, amount, fee, currency, payments,
           ${GIFT_DETAILS}, consent, consent_wording, consent_version, consented_at,
           utm, upgrade_from, form, form_version, form_variant, country, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, to_timestamp($21),
           $22::text::jsonb, $23::text::jsonb, $24, $25, $26, $27, to_timestamp($21))
         on conflict (reference) do nothing returning reference`,
          [
            gift.reference,
            gift.idempotencyKey,
            gift.via,
            gift.campaign,
            gift.sourceCode,
            gift.frequency,
            gift.method,
            gift.amount,
            gift.fee,
            gift.currency,
            gift.payments,
            ...SUPPORTER_FIELDS.map((field) => orNull(s[field])),
            gift.consent.given,
            gift.consent.wording,
            gift.consent.version,
            gift.createdAt,
            JSON.stringify(gift.utm),
            gift.upgradeFrom === null ? null : JSON.stringify(gift.upgradeFrom),
            gift.form?.id ?? null,
            gift.form?.version ?? null,
            gift.form?.variant ?? null,
            orNull(s.country),
          ],
        ),
      );
    },

    // Tied to what Stripe made, a hosted checkout's gift may go out, with the way the supporter paid, should a
    // payment of it have been reported before this event.
    linkCheckout: async (session, reference, method) => {
      await releasing(db, after, reference, async (tx) => {
        await tx.query(
          'update gifts set payment_reference = coalesce(payment_reference, $2), method = coalesce($3, method) where reference = $1',
          [session, reference, method],
        );
        return true;
      });
    },

    sign: async (signature) => {
      const {supporter: s} = signature;
      const reference = newSignatureReference();
      const email = orNull(s.email)?.toLowerCase() ?? null;
      const created = await insertOnce(
        db,
        outbox,
        `insert into signatures (reference, idempotency_key, campaign, kind, source_code, ${SIGNATURE_DETAILS},
           answer_id, answer, consent, consent_wording, consent_version, consented_at, utm, form, form_version, form_variant, country,
           created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, to_timestamp($16), $17::text::jsonb, $18, $19,
           $20, $21, to_timestamp($16))
         on conflict do nothing returning reference`,
        [
          reference,
          signature.idempotencyKey,
          signature.campaign,
          signature.kind,
          signature.sourceCode,
          ...SIGNER_FIELDS.map((field) => (field === 'email' ? email : orNull(s[field]))),
          signature.answer?.id ?? null,
          signature.answer?.value ?? null,
          signature.consent.given,
          signature.consent.wording,
          signature.consent.version,
          signature.createdAt,
          JSON.stringify(signature.utm),
          signature.form?.id ?? null,
          signature.form?.version ?? null,
          signature.form?.variant ?? null,
          orNull(s.country),
        ],
        signaturePayload(reference, {...signature, supporter: {...s, ...(email === null ? {} : {email})}}),
        // The petition's count, by one, in the same statement: a signature refused as a repeat adds nothing.
        `, counted as (
           insert into signature_counts as counts (campaign, shard, signatures)
           select $3, ${Math.floor(Math.random() * COUNT_SHARDS)}, 1 from kept
           on conflict (campaign, shard) do update set signatures = counts.signatures + 1 returning 1
         )`,
      );
      if (created) return {reference, created: true};
      // The same key sent again is answered as it was; the same email on the same campaign under a new key, as if new.
      const [earlier] = await db.query<{reference: string; sameKey: boolean}>(
        `select reference, idempotency_key = $1 as "sameKey" from signatures
         where idempotency_key = $1 or (campaign = $2 and email = $3)
         order by (idempotency_key = $1) desc, created_at limit 1`,
        [signature.idempotencyKey, signature.campaign, email],
      );
      if (!earlier) throw new Error('a signature was refused by the database but no earlier one was found');
      const answered = earlier.sameKey ? earlier.reference : await repeatReference(earlier.reference, signature.idempotencyKey);
      return {reference: answered, created: false};
    },

    count: async (campaign) => {
      const [row] = await db.query<{count: number}>(
        'select coalesce(sum(signatures), 0)::int as count from signature_counts where campaign = $1',
        [campaign],
      );
      return row?.count ?? 0;
    },

    claimUpgrade: async (firstGift, nowSeconds) => {
      // One statement decides among any number of requests, instances or restarts: a new claim is inserted, and an
      // existing one is taken only while no gift is made and no live request holds it.
      const [claimed] = await db.query<{attempt: number}>(
        `insert into upgrade_claims as claim (first_gift, held_until, created_at) values ($1, to_timestamp($3), to_timestamp($2))
         on conflict (first_gift) do update set held_until = excluded.held_until
           where claim.subscription is null and (claim.held_until is null or claim.held_until <= to_timestamp($2))
         returning attempt`,
        [firstGift, nowSeconds, nowSeconds + UPGRADE_LEASE_SECONDS],
      );
      if (claimed) return {status: 'claimed', attempt: claimed.attempt};
      const [row] = await db.query<{subscription: string | null}>('select subscription from upgrade_claims where first_gift = $1', [
        firstGift,
      ]);
      return row?.subscription ? {status: 'made', subscription: row.subscription} : {status: 'held'};
    },

    upgradeMade: async (firstGift, subscription) => {
      await db.query('update upgrade_claims set subscription = $2, held_until = null where first_gift = $1 and subscription is null', [
        firstGift,
        subscription,
      ]);
    },

    releaseUpgrade: async (firstGift, attempt, nextKey) => {
      // Only the attempt released moves on, so two requests refused under one key move it once.
      await db.query(
        `update upgrade_claims set held_until = null, attempt = attempt + $3
         where first_gift = $1 and attempt = $2 and subscription is null`,
        [firstGift, attempt, nextKey ? 1 : 0],
      );
    },

    claimKey: async (key, route, nowSeconds) => {
      // The insert decides among requests sent at once; a key already there keeps the route it was first sent to.
      // Its commit does not wait for the disk: whatever the route then keeps waits, and the log is written in order,
      // so the claim is on disk before anything made under it. A crash before then loses only a claim nothing used,
      // made again when the request is. One wait a request rather than two is a busy petition's signing rate.
      const [inserted] = await db.query<{route: string}>(
        `with unhurried as (select set_config('synchronous_commit', 'off', true))
         insert into idempotency_keys (key, route, created_at) select $1, $2, to_timestamp($3) from unhurried
         on conflict (key) do nothing returning route`,
        [key, route, nowSeconds],
      );
      if (inserted) return inserted.route;
      const [first] = await db.query<{route: string}>('select route from idempotency_keys where key = $1', [key]);
      return first?.route ?? route;
    },

    giftAttempt: async (key, nowSeconds) => {
      const [row] = await db.query<{attempt: number; started_at: number}>(
        `select attempt, extract(epoch from coalesce(attempt_at, created_at))::float8 as started_at from idempotency_keys where key = $1`,
        [key],
      );
      return row ? {attempt: row.attempt, startedAt: Math.floor(row.started_at)} : {attempt: 0, startedAt: nowSeconds};
    },

    nextGiftAttempt: async (key, attempt, nowSeconds) => {
      // Only the attempt that failed moves on, so two requests refused under one attempt move it once.
      await db.query('update idempotency_keys set attempt = attempt + 1, attempt_at = to_timestamp($3) where key = $1 and attempt = $2', [
        key,
        attempt,
        nowSeconds,
      ]);
    },

    customerMade: async ({customer, key, email, createdAt}) => {
      await db.query(
        `insert into stripe_customers (customer, idempotency_key, email, created_at) values ($1, $2, $3, to_timestamp($4))
         on conflict (customer) do nothing`,
        [customer, key, email?.trim().toLowerCase() || null, createdAt],
      );
    },

    customerOfKey: async (key) => {
      const [row] = await db.query<{customer: string}>(
        'select customer from stripe_customers where idempotency_key = $1 order by created_at desc limit 1',
        [key],
      );
      return row?.customer ?? null;
    },

    customerKept: async (key) => {
      await db.query('update stripe_customers set email = null where idempotency_key = $1', [key]);
    },

    ping: async () => {
      await db.query('select 1 from coral_migrations limit 1');
    },

    countRequest: async (bucket, windowStart, forgetBefore) => {
      const [row] = await db.query<{hits: number}>(
        `insert into guard_counts as count (bucket, window_start, hits) values ($1, to_timestamp($2), 1)
         on conflict (bucket, window_start) do update set hits = count.hits + 1 returning hits`,
        [bucket, windowStart],
      );
      const hits = row?.hits ?? 0;
      // The first request of a window clears the windows long over, so the table holds only recent ones.
      if (hits === 1) await db.query('delete from guard_counts where window_start < to_timestamp($1)', [forgetBefore]);
      return hits;
    },

    failuresOf: async (stripeId) => {
      const [row] = await db.query<{count: number}>(
        "select count(*)::int as count from payments where outcome = 'failed' and stripe_id = $1",
        [stripeId],
      );
      return row?.count ?? 0;
    },

    outcomesSince: async (sinceSeconds) => {
      const [row] = await db.query<{paid: number; failed: number}>(
        `select count(*) filter (where outcome = 'paid')::int as paid, count(*) filter (where outcome = 'failed')::int as failed
         from payments where recorded_at >= to_timestamp($1)`,
        [sinceSeconds],
      );
      return {paid: row?.paid ?? 0, failed: row?.failed ?? 0};
    },

    setBreaker: async (open, nowSeconds) => {
      const changed = await db.query('update guard_breaker set open = $1, changed_at = to_timestamp($2) where open <> $1 returning 1', [
        open,
        nowSeconds,
      ]);
      return changed.length > 0;
    },
  };
}
