/**
 * Retention: what the endpoint stops holding as records age, run once a day (node.ts's timer, worker.ts's Cron
 * Trigger; whichever instance claims the day does the work).
 *
 * - With CORAL_RETENTION_DAYS set, a gift is de-identified that many days after its last payment (so a regular
 *   gift still being paid keeps its supporter's details), and a signature that many days after it was made.
 *   Unset, nothing is de-identified for its age.
 * - Whatever the setting, a gift started and never paid nor failed (an abandoned form, a card-testing bot) keeps
 *   no details after a day, unless the supporter ticked the consent box; a direct debit, which Stripe may take
 *   days to report, after two weeks.
 * - Whatever the setting, a record delivered to the CRM is emptied from the outbox a week after delivery.
 * - Whatever the setting, a published form's visitors' events are folded into daily counts, their random ids
 *   dropped, once they are older than the results need (EVENTS_KEPT_DAYS); reading the results folds them too.
 */
import {lockReference} from '../records';
import type {Database, Queryable} from '../db';
import {foldBefore, foldEvents} from '../results';
import {deidentify, listed} from './deidentify';

/** Days a delivered record's payload stays in the outbox, in case the CRM must be sent it again. */
export const DELIVERED_KEPT_DAYS = 7;
/** Days a started direct debit keeps its details without an outcome: Stripe may take several business days to report one. */
export const DIRECT_DEBIT_DAYS = 14;
/** Records de-identified per transaction, so a first run over years of records never holds a lock for long. */
const BATCH = 200;

export type RetentionReport = {
  aged: {gifts: number; signatures: number};
  abandoned: number;
  outboxEmptied: number;
  eventsFolded: number;
};

// A gift's payments are recorded under its own reference or, for a hosted checkout, under what the session made.
const PAID_UNDER = 'p.reference in (g.reference, coalesce(g.payment_reference, g.reference))';
/** $2: the days a direct debit may take to be reported (DIRECT_DEBIT_DAYS). */
const ABANDONED = `g.deidentified_at is null and not g.consent
  and g.created_at < to_timestamp($1) - case when g.method = 'direct-debit' then make_interval(days => $2) else interval '1 day' end
  and not exists (select 1 from payments p where ${PAID_UNDER} and p.outcome in ('paid', 'failed', 'upgraded'))`;
const AGED_GIFT = `g.deidentified_at is null
  and coalesce((select max(p.recorded_at) from payments p where ${PAID_UNDER}), g.created_at) < to_timestamp($1) - make_interval(days => $2)`;

/** De-identifies, a batch at a time, the gifts `condition` picks ($1 the time, $2 a number of days); answers how many. */
async function deidentifyGifts(db: Database, condition: string, nowSeconds: number, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const picked = await db.query<{reference: string; payment_reference: string | null}>(
      `select reference, payment_reference from gifts g where ${condition} order by created_at limit ${BATCH}`,
      [nowSeconds, days],
    );
    if (picked.length === 0) return total;
    const changed = await db.transaction(async (tx: Queryable) => {
      // Held as a webhook giving the gift its outcome holds it, then picked again: one paid meanwhile keeps its details.
      for (const row of picked) await lockReference(tx, row.payment_reference ?? row.reference);
      const still = await tx.query<{reference: string}>(
        `select reference from gifts g where ${condition} and reference in ${listed('$3')}`,
        [nowSeconds, days, JSON.stringify(picked.map((row) => row.reference))],
      );
      return deidentify(tx, {gifts: still.map((row) => row.reference), signatures: []}, nowSeconds);
    });
    total += changed.gifts.length;
    if (picked.length < BATCH) return total;
  }
}

async function deidentifySignatures(db: Database, nowSeconds: number, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      const picked = await tx.query<{reference: string}>(
        `select reference from signatures where deidentified_at is null and created_at < to_timestamp($1) - make_interval(days => $2)
         order by created_at limit ${BATCH}`,
        [nowSeconds, days],
      );
      return deidentify(tx, {gifts: [], signatures: picked.map((row) => row.reference)}, nowSeconds);
    });
    total += changed.signatures.length;
    if (changed.signatures.length < BATCH) return total;
  }
}

/** One retention pass at `nowSeconds`; `days` is CORAL_RETENTION_DAYS, null to keep records whatever their age. */
export async function applyRetention(
  db: Database,
  {days, nowSeconds}: {days: number | null; nowSeconds: number},
): Promise<RetentionReport> {
  const abandoned = await deidentifyGifts(db, ABANDONED, nowSeconds, DIRECT_DEBIT_DAYS);
  const aged =
    days === null
      ? {gifts: 0, signatures: 0}
      : {gifts: await deidentifyGifts(db, AGED_GIFT, nowSeconds, days), signatures: await deidentifySignatures(db, nowSeconds, days)};
  const emptied = await db.query(
    `update outbox set payload = payload - 'data'
     where delivered_at < to_timestamp($1) - make_interval(days => $2) and payload ? 'data' returning 1`,
    [nowSeconds, DELIVERED_KEPT_DAYS],
  );
  const eventsFolded = await foldEvents(db, foldBefore(nowSeconds * 1000));
  return {aged, abandoned, outboxEmptied: emptied.length, eventsFolded};
}

/** Claims today's run: true for the one instance (or Cron run) whose claim lands at least a day after the last. */
export async function claimRetentionRun(db: Queryable, nowSeconds: number): Promise<boolean> {
  const claimed = await db.query(
    `update retention_runs set last_run_at = to_timestamp($1) where last_run_at <= to_timestamp($1) - interval '1 day' returning 1`,
    [nowSeconds],
  );
  return claimed.length > 0;
}

/** Runs retention when a day has passed since its last run, anywhere; answers what it did, or null when it was not due. */
export async function retainDaily(db: Database, days: number | null, nowSeconds: number): Promise<RetentionReport | null> {
  if (!(await claimRetentionRun(db, nowSeconds))) return null;
  return applyRetention(db, {days, nowSeconds});
}

export type RetentionLog = {info(details: object, message?: string): void; error(details: object, message?: string): void};

/**
 * On Node: asks every hour (and at once) whether the day's run is due, and runs it. The function it answers stops
 * asking, waiting for a run in flight, so the database is never closed under it.
 */
export function startRetention(db: Database, days: number | null, log: RetentionLog, now: () => number = Date.now): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const report = await retainDaily(db, days, Math.floor(now() / 1000));
        if (report) log.info({...report, retentionDays: days ?? 'keep'}, 'retention ran');
      } catch (error) {
        log.error({error: error instanceof Error ? error.message : String(error)}, 'retention failed; it is tried again within the hour');
      }
    });
  };
  tick();
  const timer = setInterval(tick, 60 * 60 * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
