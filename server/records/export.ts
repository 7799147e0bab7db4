/**
 * The records as CSV, for a CRM import or a spreadsheet (GET /export, in
 * records/exportRoute.ts). The rows are read a page at a time and streamed, so a
 * petition's million signatures never sit in memory at once.
 */
import {stringify} from 'csv-stringify/sync';
import {UTM_PARAMS} from '../../src/coral/contract/library';
import {respond} from '../http';
import {isUnavailable, type Database} from '../db';
import {GIFT_OUTCOMES} from './store';

export type ExportDeps = {
  db: Database;
  /** The bearer token export asks for; null turns export off (404). */
  token: string | null;
  /** Milliseconds since the epoch, for the file's name. */
  now?: () => number;
  /** Rows read per query; tests make it small to cross pages. */
  pageSize?: number;
};

export const EXPORT_KINDS = ['gifts', 'signatures'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A column: its header, and the SQL that answers its cell as text (or null for an empty cell). */
type Column = readonly [header: string, sql: string];

// Formatted by the database, so both drivers hand back the same text, to the millisecond as JavaScript writes it.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const utmColumns = (table: string): Column[] => UTM_PARAMS.map((param) => [param, `${table}.utm->>'${param}'`]);

const SIGNATURE_COLUMNS: readonly Column[] = [
  ['reference', 's.reference'],
  ['campaign', 's.campaign'],
  ['kind', 's.kind'],
  ['source_code', 's.source_code'],
  ['first_name', 's.first_name'],
  ['last_name', 's.last_name'],
  ['email', 's.email'],
  ['phone', 's.phone'],
  ['postcode', 's.postcode'],
  ['answer_id', 's.answer_id'],
  ['answer', 's.answer'],
  ['consent', 's.consent::text'],
  ['consent_wording', 's.consent_wording'],
  ['consent_version', 's.consent_version'],
  ['consented_at', iso('s.consented_at')],
  ...utmColumns('s'),
  ['created_at', iso('s.created_at')],
  ['form', 's.form'],
  ['form_version', 's.form_version::text'],
  ['form_variant', 's.form_variant'],
  // Last, as columns added later are: an import mapped by position keeps reading the ones before it.
  ['country', 's.country'],
];

/**
 * A gift as the supporter started it, and what Stripe has said of it since:
 * `latest_outcome` is the outcome Stripe reported last (paid, failed, ended,
 * upgraded, refunded, disputed, dispute-won, dispute-lost) and `latest_outcome_at`
 * when, by Stripe's events' own times; `paid_count` and `paid_total_cents` count
 * and sum its paid records (fees included, in the gift's currency).
 */
const GIFT_COLUMNS: readonly Column[] = [
  ['reference', 'g.reference'],
  ['campaign', 'g.campaign'],
  ['via', 'g.via'],
  ['source_code', 'g.source_code'],
  ['frequency', 'g.frequency'],
  ['method', 'g.method'],
  ['currency', 'g.currency'],
  ['amount_cents', 'g.amount::text'],
  ['fee_cents', 'g.fee::text'],
  ['payments', 'g.payments::text'],
  ['first_name', 'g.first_name'],
  ['last_name', 'g.last_name'],
  ['email', 'g.email'],
  ['phone', 'g.phone'],
  ['postcode', 'g.postcode'],
  ['address', 'g.address'],
  ['consent', 'g.consent::text'],
  ['consent_wording', 'g.consent_wording'],
  ['consent_version', 'g.consent_version'],
  ['consented_at', iso('g.consented_at')],
  ...utmColumns('g'),
  ['upgrade_from_amount_cents', "g.upgrade_from->>'amount'"],
  ['upgrade_from_frequency', "g.upgrade_from->>'frequency'"],
  ['latest_outcome', 'paid.latest_outcome'],
  ['latest_outcome_at', iso('paid.latest_outcome_at')],
  ['paid_count', 'paid.paid_count::text'],
  ['paid_total_cents', 'paid.paid_total::text'],
  ['created_at', iso('g.created_at')],
  ['form', 'g.form'],
  ['form_version', 'g.form_version::text'],
  ['form_variant', 'g.form_variant'],
  ['country', 'g.country'],
];

const selectList = (columns: readonly Column[]) => columns.map(([header, sql]) => `${sql} as "${header}"`).join(', ');

/*
 * Pages by keyset: created_at, then reference in byte order (collate "C", so
 * PGlite and a server with any locale agree). The cursor's timestamp travels
 * as the database's own text, so no precision is lost between pages.
 * $1 since (or null), $2 and $3 the last row's cursor (or null), $4 the page size.
 */
const pageOf = (table: string, alias: string, columns: readonly Column[], join = '') => `
  select ${selectList(columns)}, ${alias}.created_at::text as cursor_at, ${alias}.reference as cursor_reference
  from ${table} ${alias} ${join}
  where ($1::timestamptz is null or ${alias}.created_at >= $1::timestamptz)
    and ($2::timestamptz is null or (${alias}.created_at, ${alias}.reference collate "C") > ($2::timestamptz, $3::text collate "C"))
  order by ${alias}.created_at, ${alias}.reference collate "C"
  limit $4`;

/** When Stripe reported a payment's outcome: its event's time, or for one the endpoint made itself, when it was recorded. */
const REPORTED_AT = 'coalesce(p.event_created, p.recorded_at)';

/**
 * A gift's payment records, latest first: by Stripe's time, whatever order the events arrived in; in one second,
 * by the gift's lifecycle (a refund after its payment, a dispute after that); then by key, so the order is total.
 */
const NEWEST_FIRST = `${REPORTED_AT} desc, array_position(array[${GIFT_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')}]::text[], p.outcome) desc, p.key collate "C" desc`;

const QUERIES: Record<ExportKind, {columns: readonly Column[]; sql: string}> = {
  signatures: {columns: SIGNATURE_COLUMNS, sql: pageOf('signatures', 's', SIGNATURE_COLUMNS)},
  gifts: {
    columns: GIFT_COLUMNS,
    sql: pageOf(
      'gifts',
      'g',
      GIFT_COLUMNS,
      `left join lateral (
         select (array_agg(p.outcome order by ${NEWEST_FIRST}))[1] as latest_outcome,
           (array_agg(${REPORTED_AT} order by ${NEWEST_FIRST}))[1] as latest_outcome_at,
           count(*) filter (where p.outcome = 'paid') as paid_count,
           coalesce(sum(p.amount) filter (where p.outcome = 'paid'), 0) as paid_total
         from payments p where p.reference = coalesce(g.payment_reference, g.reference)
       ) paid on true`,
    ),
  },
};

/** Each export's header row, in order: what the docs' table of columns lists. */
export const exportHeaders = (kind: ExportKind): string[] => QUERIES[kind].columns.map(([header]) => header);

type PageRow = Record<string, string | null> & {cursor_at: string; cursor_reference: string};

/**
 * `escape_formulas` puts an apostrophe before any cell that starts with =, +,
 * -, @, a tab or a carriage return (OWASP's advice against formula injection),
 * in every column: a spreadsheet then shows the cell as text. Phone numbers
 * are E.164 (+61412345678) and so arrive as '+61412345678; a CRM import
 * strips the leading apostrophe.
 */
const CSV_OPTIONS = {escape_formulas: true} as const;

const DATE = /^(\d{4}-\d{2}-\d{2})$/;
// URLSearchParams reads an unencoded "+" as a space, so " 10:00" is taken as the offset "+10:00".
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+\- ]\d{2}:\d{2})$/;

/** The instant `since` names (a date is its midnight UTC), or null when it is not an ISO date or date-time with a zone. */
export function parseSince(value: string): string | null {
  const match = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return null;
  const day = match[1]!;
  // Date.parse rolls 2026-02-30 over into March: a day that is not on the calendar is refused.
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return null;
  const time = match[0] === day ? midnight : Date.parse(value.replace(/ (\d{2}:\d{2})$/, '+$1'));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const encoder = new TextEncoder();

/**
 * The records of `kind` kept since `since` (or all) as a CSV download. The first page is read before replying, so a
 * database that is not there is a 503, not a broken download.
 */
export async function downloadCsv(deps: ExportDeps, kind: ExportKind, since: string | null): Promise<Response> {
  const {db} = deps;
  const {columns, sql} = QUERIES[kind];
  const pageSize = deps.pageSize ?? 1000;
  let cursor: PageRow | undefined;
  const page = () => db.query<PageRow>(sql, [since, cursor?.cursor_at ?? null, cursor?.cursor_reference ?? null, pageSize]);
  const headers = columns.map(([name]) => name);
  const csv = (rows: PageRow[], header: boolean) => stringify(rows, {...CSV_OPTIONS, header, columns: headers});

  let first: PageRow[];
  try {
    first = await page();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return respond({
      status: 503,
      body: {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the records could not be read; try again'},
      headers: {'retry-after': '30'},
    });
  }
  cursor = first.at(-1);
  let more = first.length === pageSize;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csv(first, true)));
      if (!more) controller.close();
    },
    // A later page that fails errors the stream: the download breaks off rather than ending as if complete.
    async pull(controller) {
      const rows = await page();
      cursor = rows.at(-1) ?? cursor;
      more = rows.length === pageSize;
      if (rows.length > 0) controller.enqueue(encoder.encode(csv(rows, false)));
      if (!more) controller.close();
    },
  });
  const date = new Date((deps.now ?? Date.now)()).toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="coral-${kind}-${date}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
