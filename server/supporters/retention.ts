/**
 * Retention: what the endpoint stops holding as records age, run once a day (node.ts's timer, worker.ts's Cron
 * Trigger; whichever instance claims the day does the work).
 *
 * - With CORAL_RETENTION_DAYS set, a gift is de-identified that many days after its last payment (so a regular
 *   gift still being paid keeps its supporter's details), and a signature that many days after it was made.
 *   Unset, nothing is de-identified for its age.
 * - Whatever the setting, a gift started and never paid nor failed (an abandoned form, a card-testing bot) keeps
 *   no details after a day, unless the supporter ticked the consent box; a direct debit, which Stripe may take
 *   days to report, after two weeks. Stripe is asked first: a gift it paid whose webhook has not come (Stripe
 *   retries one for up to three days) keeps its details, and the Customer of one it did not is deleted. Where
 *   Stripe cannot be asked, a gift waits past those days instead.
 * - A Stripe Customer made for a gift that failed after it was made, which no kept gift names, is deleted at
 *   Stripe two days after it was made, once no retry of the gift can use it again.
 * - Whatever the setting, a record delivered to the CRM is emptied from the outbox a week after delivery.
 * - Whatever the setting, a published form's visitors' events are folded into daily counts, their random ids
 *   dropped, once they are older than the results need (EVENTS_KEPT_DAYS); reading the results folds them too.
 */
import type Stripe from 'stripe';
import {lockReference} from '../records';
import type {Database, Queryable} from '../db';
import {eraseStatements} from '../receipts';
import {foldBefore, foldEvents} from '../results';
import {deleteCustomer, stripeSays} from './customers';
import {deidentify, listed} from './deidentify';

/** Days a delivered record's payload stays in the outbox, in case the CRM must be sent it again. */
export const DELIVERED_KEPT_DAYS = 7;
/** Days a started direct debit keeps its details without an outcome: Stripe may take several business days to report one. */
export const DIRECT_DEBIT_DAYS = 14;
/**
 * Days a gift with no outcome keeps its details where Stripe cannot be asked about it: Stripe retries a live
 * webhook for up to three days, and a day more covers its last try.
 */
export const STRIPE_RETRY_DAYS = 4;
/** Days a Customer no kept gift names waits before it is deleted: past a day, when a retry of its gift starts afresh. */
export const UNKEPT_CUSTOMER_DAYS = 2;
/** Records de-identified per transaction, so a first run over years of records never holds a lock for long. */
const BATCH = 200;

export type RetentionReport = {
  aged: {gifts: number; signatures: number};
  abandoned: number;
  /** Gifts with no outcome here that Stripe says it paid or may yet: their details stay until their outcome comes. */
  paidAtStripe: number;
  /** Stripe Customers deleted: those of abandoned gifts, and those no kept gift named. */
  customersDeleted: number;
  outboxEmptied: number;
  eventsFolded: number;
};

// A gift's payments are recorded under its own reference or, for a hosted checkout, under what the session made.
const PAID_UNDER = 'p.reference in (g.reference, coalesce(g.payment_reference, g.reference))';
/** $2: the days a direct debit may take to be reported (DIRECT_DEBIT_DAYS); $3, any other gift (1, or STRIPE_RETRY_DAYS). */
const ABANDONED = `g.deidentified_at is null and not g.consent
  and g.created_at < to_timestamp($1) - make_interval(days => case when g.method = 'direct-debit' then $2::int else $3::int end)
  and not exists (select 1 from payments p where ${PAID_UNDER} and p.outcome in ('paid', 'failed', 'upgraded'))`;
const AGED_GIFT = `g.deidentified_at is null
  and coalesce((select max(p.recorded_at) from payments p where ${PAID_UNDER}), g.created_at) < to_timestamp($1) - make_interval(days => $2)`;

type Picked = {reference: string; payment_reference: string | null};

/**
 * De-identifies, a batch at a time, the gifts `condition` picks (`args` its parameters, the run's time first) and
 * `choose` keeps of each batch; answers how many, and how many `choose` left.
 */
async function deidentifyGifts(
  db: Database,
  condition: string,
  args: readonly [nowSeconds: number, ...rest: number[]],
  choose: (picked: Picked[]) => Promise<Picked[]> = async (picked) => picked,
): Promise<{changed: number; left: number}> {
  // Each query takes the condition's parameters and one more: the batch's cursor, or the batch's references.
  const last = `$${args.length + 1}`;
  const [nowSeconds] = args;
  let after = '';
  let changed = 0;
  let left = 0;
  for (;;) {
    const picked = await db.query<Picked>(
      `select reference, payment_reference from gifts g where ${condition} and g.reference > ${last} order by reference limit ${BATCH}`,
      [...args, after],
    );
    if (picked.length === 0) return {changed, left};
    after = picked.at(-1)!.reference;
    const chosen = await choose(picked);
    left += picked.length - chosen.length;
    const done = await db.transaction(async (tx: Queryable) => {
      // Held as a webhook giving the gift its outcome holds it, then picked again: one paid meanwhile keeps its details.
      for (const row of chosen) await lockReference(tx, row.payment_reference ?? row.reference);
      const still = await tx.query<{reference: string}>(
        `select reference from gifts g where ${condition} and reference in ${listed(last)}`,
        [...args, JSON.stringify(chosen.map((row) => row.reference))],
      );
      return deidentify(tx, {gifts: still.map((row) => row.reference), signatures: []}, nowSeconds);
    });
    changed += done.gifts.length;
    if (picked.length < BATCH) return {changed, left};
  }
}

/**
 * The abandoned gifts Stripe did not pay, with their Customers deleted first; a gift it paid, or may yet, is left, as
 * is one whose Customer still pays a subscription. `deleted` counts the Customers.
 */
function unpaidAtStripe(stripe: Stripe, deleted: {count: number}) {
  return async (picked: Picked[]): Promise<Picked[]> => {
    const chosen: Picked[] = [];
    for (const row of picked) {
      const says = await stripeSays(stripe, row.reference);
      if (says.state !== 'unpaid') continue;
      if (says.customer !== null) {
        const outcome = await deleteCustomer(stripe, says.customer, false);
        if (!outcome.deleted) continue;
        deleted.count += 1;
      }
      chosen.push(row);
    }
    return chosen;
  };
}

/** Deletes at Stripe the Customers no kept gift names, made more than UNKEPT_CUSTOMER_DAYS ago; answers how many. */
async function deleteUnkeptCustomers(db: Database, stripe: Stripe, nowSeconds: number): Promise<number> {
  // A gift kept since names its own Customer: its note, kept for a retry of the same request, goes once none can come.
  const KEPT = 'exists (select 1 from gifts g where g.idempotency_key = c.idempotency_key)';
  const OLD = 'c.created_at < to_timestamp($1) - make_interval(days => $2)';
  await db.query(`delete from stripe_customers c where ${OLD} and ${KEPT}`, [nowSeconds, UNKEPT_CUSTOMER_DAYS]);
  const unkept = await db.query<{customer: string}>(
    `select customer from stripe_customers c where ${OLD} and not ${KEPT} order by customer`,
    [nowSeconds, UNKEPT_CUSTOMER_DAYS],
  );
  let deleted = 0;
  for (const {customer} of unkept) {
    // One that pays a subscription after all (Stripe made it and answered 5xx) is kept, and asked about again tomorrow.
    if (!(await deleteCustomer(stripe, customer, false)).deleted) continue;
    await db.query('delete from stripe_customers where customer = $1', [customer]);
    deleted += 1;
  }
  return deleted;
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

/**
 * One retention pass at `nowSeconds`; `days` is CORAL_RETENTION_DAYS, null to keep records whatever their age.
 * `stripe`, on an endpoint that takes gifts, is asked about each abandoned gift; null waits past Stripe's retries.
 */
export async function applyRetention(
  db: Database,
  {days, nowSeconds, stripe = null}: {days: number | null; nowSeconds: number; stripe?: Stripe | null},
): Promise<RetentionReport> {
  const customers = {count: 0};
  const abandoned =
    stripe === null
      ? await deidentifyGifts(db, ABANDONED, [nowSeconds, DIRECT_DEBIT_DAYS, STRIPE_RETRY_DAYS])
      : await deidentifyGifts(db, ABANDONED, [nowSeconds, DIRECT_DEBIT_DAYS, 1], unpaidAtStripe(stripe, customers));
  if (stripe !== null) customers.count += await deleteUnkeptCustomers(db, stripe, nowSeconds);
  const aged =
    days === null
      ? {gifts: 0, signatures: 0}
      : {
          gifts: (await deidentifyGifts(db, AGED_GIFT, [nowSeconds, days])).changed,
          signatures: await deidentifySignatures(db, nowSeconds, days),
        };
  // A statement names its supporter as their gifts did: past the same age, it keeps only its year.
  if (days !== null) await eraseStatements(db, {issuedBefore: nowSeconds - days * 86_400});
  const emptied = await db.query(
    `update outbox set payload = payload - 'data'
     where delivered_at < to_timestamp($1) - make_interval(days => $2) and payload ? 'data' returning 1`,
    [nowSeconds, DELIVERED_KEPT_DAYS],
  );
  const eventsFolded = await foldEvents(db, foldBefore(nowSeconds * 1000));
  return {
    aged,
    abandoned: abandoned.changed,
    paidAtStripe: abandoned.left,
    customersDeleted: customers.count,
    outboxEmptied: emptied.length,
    eventsFolded,
  };
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
export async function retainDaily(
  db: Database,
  days: number | null,
  nowSeconds: number,
  stripe: Stripe | null = null,
): Promise<RetentionReport | null> {
  if (!(await claimRetentionRun(db, nowSeconds))) return null;
  return applyRetention(db, {days, nowSeconds, stripe});
}

export type RetentionLog = {info(details: object, message?: string): void; error(details: object, message?: string): void};

/**
 * On Node: asks every hour (and at once) whether the day's run is due, and runs it. The function it answers stops
 * asking, waiting for a run in flight, so the database is never closed under it.
 */
export function startRetention(
  db: Database,
  days: number | null,
  log: RetentionLog,
  {now = Date.now, stripe = null}: {now?: () => number; stripe?: Stripe | null} = {},
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const report = await retainDaily(db, days, Math.floor(now() / 1000), stripe);
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
