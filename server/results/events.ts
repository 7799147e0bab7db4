/**
 * Events in the records (migrations 0010_events.sql, 0012_event_counts.sql): one row per visitor, form version,
 * variant and kind, the first time it happens, so a visitor counts once however often they reload; and the daily
 * counts the results read, each row counted as it is kept. Once the rows are older than the results need them they
 * are folded: the visitor ids go, the counts stay.
 */
import type {EventRequest, Experiment} from '../../src/coral/contract';
import type {Queryable} from '../db';
import {readForm} from '../forms';

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
