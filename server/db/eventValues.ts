/**
 * A page's values in the events (source and utm values) dropped where they should never have been kept: by migration
 * 0013 (values that are no machine's) and by forgetting a supporter (their phone).
 */
import type {Queryable} from './database';

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
