/**
 * Events in the records (migrations 0010_events.sql, 0012_event_counts.sql): one row per visitor, form version,
 * variant and kind, the first time it happens, so a visitor counts once however often they reload; and the daily
 * counts the results read, each row counted as it is kept. Once the rows are older than the results need them they
 * are folded: the visitor ids go, the counts stay.
 */
import type {EventRequest, Experiment} from '../../src/coral/contract';
import type {Queryable} from '../db/database';
import {readForm} from '../forms/store';

/** How long a visitor's rows are kept before they are folded into the daily counts: long enough for an experiment. */
export const EVENTS_KEPT_DAYS = 90;

/** A day as the records keep it: the date in UTC. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Keeps an event, once per visitor, version, variant and kind, and counts it in its day's count; true when it was new. */
export async function recordEvent(db: Queryable, event: EventRequest, day: string): Promise<boolean> {
  const {form, utm} = event;
  // One statement: a row kept is counted, a repeat (kept nothing) counts nothing.
  const kept = await db.query(
    `with kept as (
       insert into form_events (form, version, variant, kind, visitor, day, source, utm_source, utm_medium, utm_campaign)
       values ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10)
       on conflict do nothing returning form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign
     )
     insert into form_event_days as d (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, visitors)
     select form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, 1 from kept
     on conflict (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign)
     do update set visitors = d.visitors + 1
     returning 1`,
    [
      form.id,
      form.version,
      form.variant ?? '',
      event.kind,
      event.visitor,
      day,
      event.source ?? '',
      utm.utm_source ?? '',
      utm.utm_medium ?? '',
      utm.utm_campaign ?? '',
    ],
  );
  return kept.length > 0;
}

/** The columns of an event's rows that hold a page's values: its source code and its utm values. */
const VALUE_COLUMNS = ['source', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

/** Whether a value's column holds one of `$1`'s values (a JSON list), in SQL; and the column with them read as ''. */
const holds = (column: string) => `${column} in (select jsonb_array_elements_text($1::text::jsonb))`;
const without = (column: string) => `case when ${holds(column)} then '' else ${column} end`;

/**
 * Drops from the events every value `drop` picks (a value kept before the endpoint kept only a machine's, one that
 * holds a forgotten supporter's phone): the visitors' rows keep the event without it, and a daily count that holds it
 * is added to the count it then coincides with, so no visitor is lost from the figures. Answers how many values.
 */
export async function scrubEventValues(tx: Queryable, drop: (value: string) => boolean): Promise<number> {
  // Every visitor's row is counted in a daily count with the same values, so the counts hold every value kept.
  const held = await tx.query<{value: string}>(
    VALUE_COLUMNS.map((column) => `select ${column} as value from form_event_days`).join(' union '),
  );
  const dropped = held.map((row) => row.value).filter((value) => value !== '' && drop(value));
  if (dropped.length === 0) return 0;
  const values = [JSON.stringify(dropped)];
  const holding = VALUE_COLUMNS.map(holds).join(' or ');
  for (const column of VALUE_COLUMNS) await tx.query(`update form_events set ${column} = '' where ${holds(column)}`, values);
  // A count without its dropped values never holds one, so it is never a count about to be deleted.
  await tx.query(
    `insert into form_event_days as d (form, version, variant, kind, day, ${VALUE_COLUMNS.join(', ')}, visitors)
     select form, version, variant, kind, day, ${VALUE_COLUMNS.map(without).join(', ')}, sum(visitors) from form_event_days
     where ${holding} group by 1, 2, 3, 4, 5, 6, 7, 8, 9
     on conflict (form, version, variant, kind, day, ${VALUE_COLUMNS.join(', ')}) do update set visitors = d.visitors + excluded.visitors`,
    values,
  );
  await tx.query(`delete from form_event_days where ${holding}`, values);
  return dropped.length;
}

/** Drops the visitors' rows from before `day`, which are counted already: the ids go, the counts stay. Answers how many. */
export async function foldEvents(db: Queryable, day: string): Promise<number> {
  const [folded] = await db.query<{rows: number}>(
    `with gone as (delete from form_events where day < $1::date returning 1) select count(*)::integer as rows from gone`,
    [day],
  );
  return folded?.rows ?? 0;
}

/** The day before which visitors' rows are folded, at `nowMs`: EVENTS_KEPT_DAYS back. */
export const foldBefore = (nowMs: number): string => dayOf(nowMs - EVENTS_KEPT_DAYS * 86_400_000);

/** Versions kept in memory: more than an organisation runs at once; past it they are read again. */
const VERSIONS_KEPT = 256;

/**
 * Whether an event's form, version and variant are published here, each version read once (it never changes): an
 * event for a form there is not, or a variant its version has not, is not kept.
 */
export function publishedVariants(db: Queryable): (form: EventRequest['form']) => Promise<boolean> {
  const kept = new Map<string, Promise<Set<string> | null>>();
  return async ({id, version, variant}) => {
    const key = `${id}\n${version}`;
    let variants = kept.get(key);
    if (variants === undefined) {
      variants = readForm(db, id, version).then((form) => {
        if (form === null || form.version !== version) return null;
        const experiment = form.config.experiment as Experiment | undefined;
        return new Set(experiment?.variants.map((each) => each.id) ?? []);
      });
      // A failed read is not kept, nor a version not yet published: the next event reads again.
      variants.then((found) => found === null && kept.delete(key)).catch(() => kept.delete(key));
      if (kept.size >= VERSIONS_KEPT) kept.clear();
      kept.set(key, variants);
    }
    const found = await variants;
    return found !== null && (variant === undefined ? found.size === 0 : found.has(variant));
  };
}
