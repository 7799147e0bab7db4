/**
 * Issuing receipts, in the transaction that records a payment's outcome (the store calls `issueFor` holding the
 * gift's lock, as it queues the CRM's records), so a receipt and its mail are kept with the payment or not at all.
 *
 * A paid payment gets a receipt with the next number; a failed one gets none. A refund, or a dispute lost, cancels
 * the receipt that covered its payment with a note of its own number, and what the supporter still gave, if
 * anything, gets a new receipt. With monthly receipts for regular gifts, a month's payments wait for the month to end (`issueMonthly`).
 */
import type {Database, Queryable} from '../db';
import {lockReference} from '../records';
import type {ReceiptRules} from './settings';
import {takenBack, TAKING_BACK} from './takenBack';

type GiftHead = {
  reference: string;
  payment_reference: string | null;
  frequency: string;
  method: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
};

type Line = {payment: string; paidAt: Date; amount: number};

type Issued = {
  kind: 'receipt' | 'cancellation';
  gift: GiftHead;
  cancels: number | null;
  month: string | null;
  amount: number;
  currency: string;
  lines: Line[];
};

/**
 * Receipts are for payments recorded from an hour before the first was issued: mail turned on for an endpoint that
 * has taken gifts for years sends no receipt for those years' payments (a statement still lists them). The first
 * call sets it; later ones only read it, and lock nothing.
 */
async function receiptsSince(tx: Queryable, nowSeconds: number): Promise<string> {
  await tx.query("update receipt_numbers set since = to_timestamp($1) - interval '1 hour' where since is null", [nowSeconds]);
  const [row] = await tx.query<{since: string}>('select since::text as since from receipt_numbers');
  if (!row) throw new Error('receipt_numbers has no row: run the migrations');
  return row.since;
}

/** When a payment was paid: Stripe's time for its event, else when it was recorded. */
const PAID_AT = 'coalesce(payments.event_created, payments.recorded_at)';

async function nextNumber(tx: Queryable): Promise<number> {
  // The row's lock is held to the end of the transaction: another issuer waits, then takes the number after this one.
  const [row] = await tx.query<{last: number}>('update receipt_numbers set last = last + 1 returning last');
  if (!row) throw new Error('receipt_numbers has no row: run the migrations');
  return row.last;
}

async function issue(tx: Queryable, issued: Issued, nowSeconds: number): Promise<number> {
  const number = await nextNumber(tx);
  const {gift} = issued;
  await tx.query(
    `insert into receipts (number, kind, gift, cancels, month, amount, currency, method, frequency, first_name, last_name, email, country,
       issued_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, to_timestamp($14))`,
    [
      number,
      issued.kind,
      gift.reference,
      issued.cancels,
      issued.month,
      issued.amount,
      issued.currency,
      gift.method,
      gift.frequency,
      gift.first_name,
      gift.last_name,
      gift.email,
      gift.country,
      nowSeconds,
    ],
  );
  for (const line of issued.lines) {
    await tx.query('insert into receipt_lines (receipt, payment, paid_at, amount) values ($1, $2, $3, $4)', [
      number,
      line.payment,
      line.paidAt,
      line.amount,
    ]);
  }
  if (issued.cancels !== null) await tx.query('update receipts set cancelled_by = $2 where number = $1', [issued.cancels, number]);
  await tx.query(
    "insert into mail (key, kind, receipt, next_attempt_at, created_at) values ($1, 'receipt', $2, to_timestamp($3), to_timestamp($3))",
    [`receipt:${number}`, number, nowSeconds],
  );
  return number;
}

/** What each payment gave, less what was taken back from it so far: refunded, or lost to a dispute. */
async function netOf(tx: Queryable, payments: readonly string[]): Promise<Map<string, number>> {
  if (payments.length === 0) return new Map();
  const rows = await tx.query<{key: string; net: number}>(
    `select paid.key, (paid.amount - ${takenBack('paid')})::int as net
     from payments paid where paid.key in (select jsonb_array_elements_text($1::text::jsonb))`,
    [JSON.stringify(payments)],
  );
  return new Map(rows.map((row) => [row.key, row.net]));
}

type PaidRow = {key: string; paid_at: Date; currency: string};

async function receiptOf(tx: Queryable, gift: GiftHead, paid: PaidRow[], month: string | null, nowSeconds: number): Promise<void> {
  const net = await netOf(
    tx,
    paid.map((row) => row.key),
  );
  const lines = paid.flatMap((row) => {
    const amount = net.get(row.key) ?? 0;
    return amount > 0 ? [{payment: row.key, paidAt: row.paid_at, amount}] : [];
  });
  if (lines.length === 0) return;
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  await issue(tx, {kind: 'receipt', gift, cancels: null, month, amount, currency: paid[0]!.currency, lines}, nowSeconds);
}

/** The gift a reference names (its own, or what a hosted checkout made for it), as a receipt states it. */
async function giftOf(tx: Queryable, reference: string): Promise<GiftHead | undefined> {
  const [gift] = await tx.query<GiftHead>(
    `select reference, payment_reference, frequency, method, first_name, last_name, email, country from gifts
     where reference = $1 or payment_reference = $1 order by (reference = $1) desc limit 1`,
    [reference],
  );
  return gift;
}

/** Cancels the receipt that covered a refunded payment, and receipts what is left of what it covered. */
async function applyRefund(tx: Queryable, gift: GiftHead, refundOf: string, nowSeconds: number): Promise<void> {
  const [live] = await tx.query<{number: number; amount: number; currency: string; month: string | null}>(
    `select receipts.number, receipts.amount, receipts.currency, receipts.month from receipts
     join receipt_lines on receipt_lines.receipt = receipts.number
     where receipt_lines.payment = $1 and receipts.kind = 'receipt' and receipts.cancelled_by is null`,
    [refundOf],
  );
  // A payment with no receipt yet (a month still under way) is receipted later, less the refund.
  if (!live) return;
  const lines = await tx.query<{payment: string; paid_at: Date; amount: number}>(
    'select payment, paid_at, amount from receipt_lines where receipt = $1 order by paid_at, payment',
    [live.number],
  );
  const net = await netOf(
    tx,
    lines.map((line) => line.payment),
  );
  const left = lines.flatMap((line) => {
    const amount = Math.min(line.amount, net.get(line.payment) ?? 0);
    return amount > 0 ? [{payment: line.payment, paidAt: line.paid_at, amount}] : [];
  });
  const kept = left.reduce((sum, line) => sum + line.amount, 0);
  // A refund already taken into account (an older total delivered late) changes nothing.
  if (kept === live.amount) return;
  const base = {gift, month: live.month, currency: live.currency};
  await issue(tx, {...base, kind: 'cancellation', cancels: live.number, amount: live.amount - kept, lines: []}, nowSeconds);
  if (kept > 0) await issue(tx, {...base, kind: 'receipt', cancels: null, amount: kept, lines: left}, nowSeconds);
}

/**
 * Issues what the payments recorded under `reference` now call for: a receipt for each paid payment not yet
 * receipted (unless its gift is regular and receipted monthly), and a note for each refund not yet applied. Nothing
 * while the gift is not kept (a hosted checkout not yet tied to its payment) or has no email. Call it in the
 * transaction that recorded the payment, holding `lockReference(reference)`.
 */
export async function issueFor(tx: Queryable, reference: string, rules: ReceiptRules, nowSeconds: number): Promise<void> {
  const gift = await giftOf(tx, reference);
  if (!gift || gift.email === null) return;
  const under = [gift.reference, gift.payment_reference ?? gift.reference];
  if (!(rules.regularGifts === 'monthly' && gift.frequency !== 'one-off')) {
    const since = await receiptsSince(tx, nowSeconds);
    const paid = await tx.query<PaidRow>(
      `select key, ${PAID_AT} as paid_at, currency from payments
       where reference in ($1, $2) and outcome = 'paid' and amount is not null and currency is not null
         and recorded_at >= $3::timestamptz
         and not exists (select 1 from receipt_lines where receipt_lines.payment = payments.key)
       order by paid_at, key`,
      [...under, since],
    );
    for (const row of paid) await receiptOf(tx, gift, [row], null, nowSeconds);
  }
  const refunds = await tx.query<{key: string; refund_of: string}>(
    `select key, refund_of from payments
     where reference in ($1, $2) and outcome in ${TAKING_BACK} and refund_of is not null
       and not exists (select 1 from receipt_refunds where receipt_refunds.refund = payments.key)
     order by recorded_at, key`,
    under,
  );
  for (const refund of refunds) {
    await tx.query('insert into receipt_refunds (refund) values ($1)', [refund.key]);
    await applyRefund(tx, gift, refund.refund_of, nowSeconds);
  }
}

/**
 * Monthly receipts: one for each regular gift's payments in each month that has ended, in the issuer's time zone.
 * Each gift is issued in a transaction of its own, holding its lock, so two endpoints issue each month's once.
 * Answers how many receipts it issued.
 */
export async function issueMonthly(db: Database, rules: ReceiptRules, nowSeconds: number): Promise<number> {
  if (rules.regularGifts !== 'monthly') return 0;
  const {timeZone} = rules.issuer;
  const since = await db.transaction((tx) => receiptsSince(tx, nowSeconds));
  const due = await db.query<{reference: string}>(
    `select distinct gifts.reference from payments
     join gifts on payments.reference in (gifts.reference, coalesce(gifts.payment_reference, gifts.reference))
     where payments.outcome = 'paid' and gifts.frequency <> 'one-off' and gifts.email is not null and payments.recorded_at >= $3::timestamptz
       and not exists (select 1 from receipt_lines where receipt_lines.payment = payments.key)
       and date_trunc('month', ${PAID_AT} at time zone $1) < date_trunc('month', to_timestamp($2) at time zone $1)`,
    [timeZone, nowSeconds, since],
  );
  let issued = 0;
  for (const {reference} of due) {
    issued += await db.transaction(async (tx) => {
      await lockReference(tx, reference);
      const gift = await giftOf(tx, reference);
      if (!gift || gift.email === null) return 0;
      const paid = await tx.query<PaidRow & {month: string}>(
        `select key, ${PAID_AT} as paid_at, currency, to_char(${PAID_AT} at time zone $3, 'YYYY-MM') as month from payments
         where reference in ($1, $2) and outcome = 'paid' and amount is not null and currency is not null
           and recorded_at >= $5::timestamptz
           and not exists (select 1 from receipt_lines where receipt_lines.payment = payments.key)
           and date_trunc('month', ${PAID_AT} at time zone $3) < date_trunc('month', to_timestamp($4) at time zone $3)
         order by paid_at, key`,
        [gift.reference, gift.payment_reference ?? gift.reference, timeZone, nowSeconds, since],
      );
      const months = new Map<string, typeof paid>();
      for (const row of paid) months.set(`${row.month} ${row.currency}`, [...(months.get(`${row.month} ${row.currency}`) ?? []), row]);
      const before = await countReceipts(tx);
      for (const rows of months.values()) await receiptOf(tx, gift, rows, rows[0]!.month, nowSeconds);
      return (await countReceipts(tx)) - before;
    });
  }
  return issued;
}

const countReceipts = async (tx: Queryable) => (await tx.query<{last: number}>('select last from receipt_numbers'))[0]?.last ?? 0;
