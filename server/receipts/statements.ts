/**
 * Statements of a financial year's gifts: one for each supporter (by email) with a payment paid in their country's
 * financial year, queued once however often `npm run statements` runs for that year.
 */
import type {Database} from '../db';
import type {ReceiptRules} from './settings';

/** The days a financial year named by the year it ends in runs over, starting in `startMonth` (1 to 12). */
export function financialYear(year: number, startMonth: number): {from: string; to: string} {
  const day = (y: number, m: number, d: number) =>
    `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (startMonth === 1) return {from: day(year, 1, 1), to: day(year, 12, 31)};
  const lastMonth = startMonth - 1;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return {from: day(year - 1, startMonth, 1), to: day(year, lastMonth, lastDay)};
}

/** The month a supporter's financial year starts in, by their country (the organisation's when none was recorded). */
export const yearStartOf = (rules: ReceiptRules, country: string | null): number => rules.yearStarts[country ?? rules.country] ?? 1;

type PaidRow = {email: string; first_name: string | null; last_name: string | null; country: string | null; day: string};

export type StatementsQueued = {
  queued: number;
  /** Queued by an earlier run: not again. */
  already: number;
  /** Supporters whose financial year of that name is not over yet: none is queued before it is. */
  notOver: number;
};

/**
 * Queues a statement for `year` for each supporter with a gift paid in it, once their year is over; answers how many
 * it queued, how many an earlier run queued, and how many wait for their year to end. The name and country are those
 * of the supporter's latest gift.
 */
export async function queueStatements(db: Database, rules: ReceiptRules, year: number, nowSeconds: number): Promise<StatementsQueued> {
  // Every payment that could fall in some country's year of that name, newest gift first for each email.
  const rows = await db.query<PaidRow>(
    `select lower(gifts.email) as email, gifts.first_name, gifts.last_name, gifts.country,
       to_char(coalesce(payments.event_created, payments.recorded_at) at time zone $1, 'YYYY-MM-DD') as day
     from payments join gifts on payments.reference in (gifts.reference, coalesce(gifts.payment_reference, gifts.reference))
     where payments.outcome = 'paid' and gifts.email is not null
       and coalesce(payments.event_created, payments.recorded_at) >= make_date($2 - 1, 1, 1) - interval '1 day'
       and coalesce(payments.event_created, payments.recorded_at) < make_date($2 + 1, 1, 1) + interval '1 day'
     order by lower(gifts.email), gifts.created_at desc`,
    [rules.issuer.timeZone, year],
  );
  const supporters = new Map<string, {latest: PaidRow; days: string[]}>();
  for (const row of rows) {
    const seen = supporters.get(row.email);
    if (seen) seen.days.push(row.day);
    else supporters.set(row.email, {latest: row, days: [row.day]});
  }
  const counted: StatementsQueued = {queued: 0, already: 0, notOver: 0};
  // Today in the organisation's time zone: a year is over once its last day has passed there.
  const today = new Intl.DateTimeFormat('en-CA', {timeZone: rules.issuer.timeZone}).format(new Date(nowSeconds * 1000));
  for (const [email, {latest, days}] of supporters) {
    const {from, to} = financialYear(year, yearStartOf(rules, latest.country));
    if (!days.some((day) => day >= from && day <= to)) continue;
    // A statement goes once: sent before its year is over, it would miss the rest of the year for good.
    if (to >= today) {
      counted.notOver += 1;
      continue;
    }
    const queued = await db.transaction(async (tx) => {
      const [made] = await tx.query<{id: number}>(
        `insert into statements (year, from_day, to_day, first_name, last_name, email, country, issued_at)
         values ($1, $2::date, $3::date, $4, $5, $6, $7, to_timestamp($8))
         on conflict (year, email) where email is not null do nothing returning id`,
        [year, from, to, latest.first_name, latest.last_name, email, latest.country, nowSeconds],
      );
      if (!made) return false;
      await tx.query(
        "insert into mail (key, kind, statement, next_attempt_at, created_at) values ($1, 'statement', $2, to_timestamp($3), to_timestamp($3))",
        [`statement:${made.id}`, made.id, nowSeconds],
      );
      return true;
    });
    counted[queued ? 'queued' : 'already'] += 1;
  }
  return counted;
}
