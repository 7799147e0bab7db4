/**
 * A receipt or statement as its message states it, read back from the records when the mail goes: the donor's
 * details are those kept with it, so a correction made since it was issued is not on it, and an erasure leaves
 * nothing to send.
 */
import type {Frequency} from '../../src/coral/contract/library';
import type {Queryable} from '../db';
import type {ReceiptDocument, StatementDocument} from './documents';
import type {ReceiptRules} from './settings';
import {takenBack} from './takenBack';

/** The locale a document is written in: English, with the supporter's country's dates and money. */
export const localeOf = (country: string | null, rules: ReceiptRules): string => `en-${country ?? rules.country}`;

type ReceiptRow = {
  number: number;
  kind: 'receipt' | 'cancellation';
  cancels: number | null;
  month: string | null;
  amount: number;
  currency: string;
  method: string;
  frequency: Frequency;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  issued_at: Date;
};

type LineRow = {paid_at: Date; amount: number};

/** Receipt `number` as its message states it, and whom it goes to; null once its donor's details are erased. */
export async function readReceipt(db: Queryable, number: number, rules: ReceiptRules): Promise<ReceiptDocument | null> {
  const [row] = await db.query<ReceiptRow>('select * from receipts where number = $1', [number]);
  if (!row || row.email === null) return null;
  // A cancellation states the payments of the receipt it cancels.
  const lines = await db.query<LineRow>('select paid_at, amount from receipt_lines where receipt = $1 order by paid_at, payment', [
    row.cancels ?? row.number,
  ]);
  const cancelled =
    row.cancels === null ? null : (await db.query<{amount: number}>('select amount from receipts where number = $1', [row.cancels]))[0];
  return {
    number: row.number,
    kind: row.kind,
    cancels: row.cancels,
    refunded: row.kind === 'cancellation' ? row.amount : null,
    issuedAt: row.issued_at.toISOString(),
    donor: {firstName: row.first_name, lastName: row.last_name, email: row.email},
    lines: lines.map((line) => ({paidAt: line.paid_at.toISOString(), amount: line.amount, currency: row.currency})),
    total: row.kind === 'cancellation' ? (cancelled?.amount ?? row.amount) : row.amount,
    currency: row.currency,
    method: row.method,
    frequency: row.frequency,
    month: row.month,
    taxWords: rules.taxWords[row.country ?? rules.country] ?? null,
    locale: localeOf(row.country, rules),
  };
}

type StatementRow = {
  id: number;
  year: number;
  from_day: string;
  to_day: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  issued_at: Date;
};

/** Statement `id` as its message states it: every payment of the supporter's gifts in its year. Null once erased. */
export async function readStatement(db: Queryable, id: number, rules: ReceiptRules): Promise<StatementDocument | null> {
  const [row] = await db.query<StatementRow>(
    "select id, year, to_char(from_day, 'YYYY-MM-DD') as from_day, to_char(to_day, 'YYYY-MM-DD') as to_day, first_name, last_name, email, country, issued_at from statements where id = $1",
    [id],
  );
  if (!row || row.email === null) return null;
  const lines = await db.query<{paid_at: Date; amount: number; currency: string; receipt: number | null; refunded: number}>(
    `select coalesce(payments.event_created, payments.recorded_at) as paid_at, payments.amount, payments.currency,
       (select receipts.number from receipt_lines join receipts on receipts.number = receipt_lines.receipt
         where receipt_lines.payment = payments.key and receipts.kind = 'receipt' and receipts.cancelled_by is null limit 1) as receipt,
       ${takenBack('payments')}::int as refunded
     from payments join gifts on payments.reference in (gifts.reference, coalesce(gifts.payment_reference, gifts.reference))
     where payments.outcome = 'paid' and payments.amount is not null and payments.currency is not null and lower(gifts.email) = $1
       and (coalesce(payments.event_created, payments.recorded_at) at time zone $2)::date between $3::date and $4::date
     order by paid_at, payments.key`,
    [row.email, rules.issuer.timeZone, row.from_day, row.to_day],
  );
  const totals = new Map<string, number>();
  for (const line of lines)
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amount - Math.min(line.refunded, line.amount));
  return {
    year: row.year,
    from: row.from_day,
    to: row.to_day,
    issuedAt: row.issued_at.toISOString(),
    donor: {firstName: row.first_name, lastName: row.last_name, email: row.email},
    lines: lines.map((line) => ({
      paidAt: line.paid_at.toISOString(),
      amount: line.amount,
      currency: line.currency,
      receipt: line.receipt,
      refunded: Math.min(line.refunded, line.amount),
    })),
    totals: [...totals].map(([currency, amount]) => ({currency, amount})),
    taxWords: rules.taxWords[row.country ?? rules.country] ?? null,
    locale: localeOf(row.country, rules),
  };
}
