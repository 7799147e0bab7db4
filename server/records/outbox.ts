/**
 * What goes into the outbox for a gift, and when. A gift is kept as it is started, but the CRM hears of it only
 * once it has an outcome: when the first payment Stripe reports for it is paid or failed (or the endpoint made it
 * paid, a one-tap upgrade), the gift is queued, then every payment record kept for it so far, then each new one as
 * it is kept. A gift started and never paid nor failed (an abandoned form, a card-testing bot) is never sent, nor
 * what follows it alone (its subscription expiring).
 *
 * Stripe promises no order between events, and a hosted checkout's payment may be reported before the event that
 * ties it to its gift, so a record that cannot go out yet is held in `payments` and queued when its gift is.
 * Everything that may release records for one payment reference takes that reference's lock first, in the same
 * transaction, so two deliveries arriving at once never leave a record held with its gift already sent.
 */
import type {Queryable} from '../db';
import {giftOfRow, giftPayload, paymentPayload, recordOfRow, type ForwardedRecord, type GiftRow, type PaymentRow} from './payloads';

/** Queues a record, once: a record already queued (or sent) keeps its place. */
export async function queue(db: Queryable, record: ForwardedRecord): Promise<void> {
  await db.query('insert into outbox (record_id, kind, payload) values ($1, $2, $3::text::jsonb) on conflict (record_id) do nothing', [
    record.id,
    record.type,
    JSON.stringify(record),
  ]);
}

/** Holds, until the transaction ends, the lock on what is queued for one payment reference (a PaymentIntent, a Subscription). */
export async function lockReference(tx: Queryable, reference: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`coral-outbox:${reference}`]);
}

/**
 * Queues what may now go out for the payments recorded under `reference`: the gift, if it has an outcome and is
 * not yet queued, then its payment records not yet queued, oldest first. Nothing while its gift is not kept (or,
 * for a hosted checkout, not yet tied to what Stripe made) or has no outcome. Call it holding `lockReference`.
 */
export async function release(tx: Queryable, reference: string): Promise<void> {
  const [row] = await tx.query<GiftRow>(
    'select * from gifts where reference = $1 or payment_reference = $1 order by (reference = $1) desc limit 1',
    [reference],
  );
  if (!row) return;
  // A hosted checkout's gift is kept under its session; its payments are recorded under what the session made.
  const paidUnder = [row.reference, row.payment_reference ?? row.reference];
  const [sent] = await tx.query('select 1 from outbox where record_id = $1', [`gift:${row.reference}`]);
  if (!sent) {
    const [outcome] = await tx.query(
      "select 1 from payments where reference in ($1, $2) and outcome in ('paid', 'failed', 'upgraded') limit 1",
      paidUnder,
    );
    if (!outcome) return;
    await queue(tx, giftPayload(giftOfRow(row)));
  }
  const held = await tx.query<PaymentRow>(
    `select * from payments where reference in ($1, $2)
       and not exists (select 1 from outbox where record_id = 'payment:' || payments.key)
     order by recorded_at, key`,
    paidUnder,
  );
  for (const payment of held) await queue(tx, paymentPayload(payment.key, recordOfRow(payment)));
}
