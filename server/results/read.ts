/**
 * A published form's figures, read from the records: its events (visitors by version, variant, day and source) and
 * the gifts and signatures made on it. A gift counts once a payment of it is paid, and raises what Stripe has
 * received for it so far; a regular gift's monthly value is its amount with the fee (a weekly one's times 52 ÷ 12).
 *
 * An experiment compares gifts by a value fixed when the gift is made (REGULAR_VALUE), not by what has been paid so
 * far: a one-off gift by its amount, a regular gift by its first twelve months' payments (a monthly gift twelve of
 * them, a weekly one 52, a daily one its days, at most a year's), so a monthly ask is not judged by the one payment
 * it has had yet against a one-off ask's whole gift.
 */
import type {EventKind} from '../../src/coral/contract';
import type {Queryable} from '../db';
import {REGULAR_VALUE} from './plan';

export {REGULAR_VALUE} from './plan';

/** One version and variant's counts and sums, before any statistics. */
export type VariantFigures = {
  version: number;
  variant: string;
  events: Record<EventKind, number>;
  gifts: number;
  signatures: number;
  raised: number;
  /** The gifts' values (REGULAR_VALUE), each capped at the version's 99th percentile, summed, and their squares summed. */
  capped: number;
  cappedSquares: number;
  /** The version's cap on each gift's value; null with no gift. */
  cap: number | null;
  regularGifts: number;
  regularMonthly: number;
};

export type DayFigures = {day: string; visitors: number; gifts: number; raisedCents: number; signatures: number};
export type AmountFigures = {frequency: string; amountCents: number; gifts: number};
export type SourceFigures = {
  source: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  visitors: number;
  gifts: number;
  signatures: number;
  raisedCents: number;
};

/** Each version's first day with a visitor (UTC). */
export type VersionDays = {version: number; first: string};

/** A campaign's signatures from one country; `country` null for those kept without one. */
export type CountryFigures = {country: string | null; signatures: number};

export type FormFigures = {
  variants: VariantFigures[];
  versionDays: VersionDays[];
  days: DayFigures[];
  amounts: AmountFigures[];
  sources: SourceFigures[];
  currency: string | null;
  /** A powerform's campaign's signatures by country (`readCountries`); left out for other forms. */
  countries?: CountryFigures[];
};

/** Each gift is capped at this quantile of its version's gifts for the comparison, so one large gift cannot decide it. */
export const CAP_QUANTILE = 0.99;

/** The most amounts and sources a results page lists: the rest are a long tail of ones. */
const LISTED = 50;

// Events: each day's counts, every visitor's row counted as it was kept (events.ts), so a read is a few rows a day
// however many visitors a form has.
const EVENTS = `(select version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, visitors
  from form_event_days where form = $1) as e`;

// Each gift made on the form with a paid payment, and what has been paid of it so far.
const PAID = `paid as (
  select g.form_version as version, coalesce(g.form_variant, '') as variant, g.frequency, g.amount, g.fee, g.currency,
    coalesce(g.source_code, '') as source, coalesce(g.utm->>'utm_source', '') as utm_source,
    coalesce(g.utm->>'utm_medium', '') as utm_medium, coalesce(g.utm->>'utm_campaign', '') as utm_campaign,
    (g.created_at at time zone 'UTC')::date::text as day, sum(p.amount)::float8 as value,
    (case g.frequency when 'monthly' then (g.amount + g.fee) * ${REGULAR_VALUE.monthly}
       when 'weekly' then (g.amount + g.fee) * ${REGULAR_VALUE.weekly}
       when 'daily' then (g.amount + g.fee) * least(coalesce(g.payments, 1), ${REGULAR_VALUE.dailyMost})
       else g.amount + g.fee end)::float8 as valued
  from gifts g join payments p on p.reference = g.reference and p.outcome = 'paid'
  where g.form = $1
  group by g.reference)`;

const SIGNED = `(select form_version as version, coalesce(form_variant, '') as variant, coalesce(source_code, '') as source,
    coalesce(utm->>'utm_source', '') as utm_source, coalesce(utm->>'utm_medium', '') as utm_medium,
    coalesce(utm->>'utm_campaign', '') as utm_campaign, (created_at at time zone 'UTC')::date::text as day
  from signatures where form = $1) as s`;

/** A version and variant with nothing recorded yet. */
export const NO_FIGURES: Omit<VariantFigures, 'version' | 'variant'> = {
  events: {view: 0, start: 0, submit: 0, done: 0, failed: 0},
  gifts: 0,
  signatures: 0,
  raised: 0,
  capped: 0,
  cappedSquares: 0,
  cap: null,
  regularGifts: 0,
  regularMonthly: 0,
};

const keyOf = (version: number, variant: string) => `${version}\n${variant}`;

async function variantFigures(db: Queryable, form: string): Promise<VariantFigures[]> {
  const [events, gifts, signatures] = await Promise.all([
    db.query<{version: number; variant: string; kind: EventKind; visitors: number}>(
      `select version, variant, kind, sum(visitors)::integer as visitors from ${EVENTS} group by 1, 2, 3`,
      [form],
    ),
    db.query<Omit<VariantFigures, 'events' | 'signatures'>>(
      `with ${PAID}, caps as (select version, percentile_cont(${CAP_QUANTILE}) within group (order by valued) as cap from paid group by version)
       select version, variant, count(*)::integer as gifts, sum(value)::float8 as raised,
         sum(least(valued, cap))::float8 as capped, sum(least(valued, cap) ^ 2)::float8 as "cappedSquares", max(cap)::float8 as cap,
         (count(*) filter (where frequency in ('monthly', 'weekly')))::integer as "regularGifts",
         coalesce(sum(case frequency when 'monthly' then amount + fee when 'weekly' then (amount + fee) * 52.0 / 12 end), 0)::float8
           as "regularMonthly"
       from paid join caps using (version) group by 1, 2`,
      [form],
    ),
    db.query<{version: number; variant: string; signatures: number}>(
      `select version, variant, count(*)::integer as signatures from ${SIGNED} group by 1, 2`,
      [form],
    ),
  ]);
  const figures = new Map<string, VariantFigures>();
  const at = (version: number, variant: string): VariantFigures => {
    const key = keyOf(version, variant);
    let found = figures.get(key);
    if (found === undefined) {
      found = {version, variant, ...NO_FIGURES, events: {...NO_FIGURES.events}};
      figures.set(key, found);
    }
    return found;
  };
  for (const row of events) at(row.version, row.variant).events[row.kind] = row.visitors;
  for (const row of gifts) Object.assign(at(row.version, row.variant), row);
  for (const row of signatures) at(row.version, row.variant).signatures = row.signatures;
  return [...figures.values()].sort((a, b) => a.version - b.version || a.variant.localeCompare(b.variant));
}

async function dayFigures(db: Queryable, form: string): Promise<DayFigures[]> {
  const rows = await db.query<DayFigures>(
    `with ${PAID}
     select day, sum(visitors)::integer as visitors, sum(gifts)::integer as gifts, sum(raised)::float8 as "raisedCents",
       sum(signatures)::integer as signatures
     from (
       select day::text as day, visitors, 0 as gifts, 0 as raised, 0 as signatures from ${EVENTS} where kind = 'view'
       union all select day, 0, 1, value, 0 from paid
       union all select day, 0, 0, 0, 1 from ${SIGNED}
     ) as t group by day order by day`,
    [form],
  );
  return rows;
}

async function sourceFigures(db: Queryable, form: string): Promise<SourceFigures[]> {
  return db.query<SourceFigures>(
    `with ${PAID}
     select source, utm_source as "utmSource", utm_medium as "utmMedium", utm_campaign as "utmCampaign",
       sum(visitors)::integer as visitors, sum(gifts)::integer as gifts, sum(signatures)::integer as signatures,
       sum(raised)::float8 as "raisedCents"
     from (
       select source, utm_source, utm_medium, utm_campaign, visitors, 0 as gifts, 0 as signatures, 0 as raised
         from ${EVENTS} where kind = 'view'
       union all select source, utm_source, utm_medium, utm_campaign, 0, 1, 0, value from paid
       union all select source, utm_source, utm_medium, utm_campaign, 0, 0, 1, 0 from ${SIGNED}
     ) as t
     group by 1, 2, 3, 4 order by visitors desc, gifts desc, signatures desc, source limit ${LISTED}`,
    [form],
  );
}

/** Everything the results of form `form` are computed from. */
export async function readFigures(db: Queryable, form: string): Promise<FormFigures> {
  const [variants, versionDays, days, sources, amounts, currency] = await Promise.all([
    variantFigures(db, form),
    db.query<VersionDays>(`select version, min(day)::text as first from ${EVENTS} where kind = 'view' group by version order by version`, [
      form,
    ]),
    dayFigures(db, form),
    sourceFigures(db, form),
    db.query<AmountFigures>(
      `with ${PAID} select frequency, amount::float8 as "amountCents", count(*)::integer as gifts
       from paid group by 1, 2 order by 3 desc, 2 desc limit ${LISTED}`,
      [form],
    ),
    db.query<{currency: string}>(`select currency from gifts where form = $1 order by created_at desc limit 1`, [form]),
  ]);
  return {variants, versionDays, days, amounts, sources, currency: currency[0]?.currency ?? null};
}

/**
 * A campaign's signatures by the signer's country, most first, those without one last: every signature the endpoint
 * keeps for it, on any form or page, as its count (GET /campaigns/<id>/count) takes them.
 */
export async function readCountries(db: Queryable, campaign: string): Promise<CountryFigures[]> {
  return db.query<CountryFigures>(
    `select country, count(*)::integer as signatures from signatures where campaign = $1
     group by country order by country is null, count(*) desc, country`,
    [campaign],
  );
}

/** The form's visitors in the days before a time, the days that had any, and the metric's moments per visitor. */
export type FormHistory = {visitors: number; days: number; gifts: number; valued: number; valuedSquares: number; signatures: number};

/**
 * What the form's visitors did in the `days` days before `before`, across its versions and variants, for a plan:
 * its visitors, the days with any, and its gifts by their value (REGULAR_VALUE, each capped at the 99th percentile
 * of those days' gifts) and signatures.
 */
export async function readHistory(db: Queryable, form: string, before: Date, days: number): Promise<FormHistory> {
  const from = new Date(before.getTime() - days * 86_400_000);
  const window = [form, from.toISOString(), before.toISOString()];
  const [views, gifts, signed] = await Promise.all([
    db.query<{visitors: number; days: number}>(
      `select coalesce(sum(visitors), 0)::integer as visitors, count(distinct day)::integer as days from ${EVENTS}
       where kind = 'view' and day >= ($2::timestamptz at time zone 'UTC')::date and day < ($3::timestamptz at time zone 'UTC')::date`,
      window,
    ),
    db.query<{gifts: number; valued: number; valuedSquares: number}>(
      `with ${PAID.replace('where g.form = $1', 'where g.form = $1 and g.created_at >= $2 and g.created_at < $3')},
         cap as (select percentile_cont(${CAP_QUANTILE}) within group (order by valued) as cap from paid)
       select count(*)::integer as gifts, coalesce(sum(least(valued, cap)), 0)::float8 as valued,
         coalesce(sum(least(valued, cap) ^ 2), 0)::float8 as "valuedSquares"
       from paid, cap`,
      window,
    ),
    db.query<{signatures: number}>(
      `select count(*)::integer as signatures from signatures where form = $1 and created_at >= $2 and created_at < $3`,
      window,
    ),
  ]);
  return {...views[0]!, ...gifts[0]!, signatures: signed[0]!.signatures};
}
