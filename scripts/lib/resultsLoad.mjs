/**
 * A busy donate form's traffic for `npm run bench:results`, put straight into the records while no endpoint holds
 * them: its visitors' events over the last 60 days and some months before the 90 days they are kept, and its gifts
 * with the payments Stripe's webhooks record for them, written to the columns the endpoint's own code writes.
 */
import {FUNNEL, trafficFor} from './resultsBench.mjs';

/** The form's two variants: visitors alternate between them, as the experiment's equal weights share them. */
export const VARIANTS = ['control', 'higher-asks'];
const BATCH = 25_000;

/** The form's source codes, and the campaigns' links: `(i % n) + 1`-th of each, so every pairing is seen. */
const SOURCES = `(array['', 'REEF-EMAIL', 'REEF-SOCIAL', 'REEF-SEARCH'])`;
const UTM = {
  source: `(array['', 'facebook', 'google', 'newsletter', 'instagram'])`,
  medium: `(array['', 'paid_social', 'cpc', 'email', 'paid_social'])`,
  campaign: `(array['', 'eofy-2026', 'reef-search', 'november-appeal', 'eofy-2026'])`,
};
const TODAY = `(now() at time zone 'UTC')::date`;

/**
 * Visitors `from` to `to`'s rows, each on its variant, on a day `first` to `first + days - 1` days back, with a
 * random-looking id as a page makes one. Each takes the funnel's steps by its number, so the rates are FUNNEL's.
 */
const EVENTS = `insert into form_events (form, version, variant, kind, visitor, day, source, utm_source, utm_medium, utm_campaign)
  select $1, 1, (array[${VARIANTS.map((each) => `'${each}'`).join(', ')}])[1 + i % 2], k.kind,
    substr(md5($6::text || i), 1, 22), ${TODAY} - ($4::int + (i * 7) % $5::int), ${SOURCES}[1 + i % 4],
    ${UTM.source}[1 + (i / 4) % 5], ${UTM.medium}[1 + (i / 4) % 5], ${UTM.campaign}[1 + (i / 4) % 5]
  from generate_series($2::int, $3::int) as i
  cross join lateral (values ('view', true), ('start', (i / 2) % 100 < ${FUNNEL.start}),
    ('submit', (i / 2) % 100 < ${FUNNEL.submit}), ('done', (i / 2) % 100 < ${FUNNEL.done})) as k (kind, taken)
  where k.taken`;

/**
 * Gifts `from` to `to`, keyed `$5` and their number, made in the last 60 days on their variants: one in five monthly (a subscription's gift,
 * `sub_…`), the rest one-off (a PaymentIntent's, `pi_…`); the higher asks' variant chooses larger amounts.
 */
const GIFTS = `insert into gifts (reference, idempotency_key, via, campaign, source_code, frequency, method, amount, fee, currency,
    first_name, last_name, email, postcode, consent, consent_wording, consent_version, consented_at, utm,
    form, form_version, form_variant, created_at)
  select case when j % 5 = 0 then 'sub_' else 'pi_' end || substr(md5('gift' || j), 1, 24), $5::text || j, 'gifts', $1,
    nullif(${SOURCES}[1 + j % 4], ''), case when j % 5 = 0 then 'monthly' else 'one-off' end, 'card', a.amount,
    case when j % 4 = 0 then round(a.amount * 0.03)::int else 0 end, 'AUD', 'Ana', 'Fifita', 'giver.' || j || '@example.org',
    '2000', j % 3 <> 0, 'Keep me posted about the reef', 'bench', g.at, g.utm, $2, 1, g.variant, g.at
  from generate_series($3::int, $4::int) as j
  cross join lateral (select (array[${VARIANTS.map((each) => `'${each}'`).join(', ')}])[1 + j % 2] as variant,
    now() - ((j * 7919) % (60 * 86400)) * interval '1 second' as at,
    case when j % 3 = 0 then '{}'::jsonb else jsonb_build_object('utm_source', ${UTM.source}[1 + j % 5],
      'utm_medium', ${UTM.medium}[1 + j % 5], 'utm_campaign', ${UTM.campaign}[1 + j % 5]) end as utm) as g
  cross join lateral (select case
    when j % 5 = 0 then (array[1500, 2500, 4000])[1 + (j / 5) % 3]
    when j % 2 = 0 then (array[2500, 5000, 10000, 3500])[1 + (j / 2) % 4]
    else (array[5000, 10000, 20000, 7500, 100000])[1 + (j / 2) % 5] end as amount) as a`;

/**
 * What Stripe's webhooks record for each gift but the unpaid ones: a one-off gift's PaymentIntent paid, a monthly
 * gift's invoices paid, one a month since it was made; each of its amount with the fee.
 */
const PAYMENTS = `insert into payments (key, outcome, reference, stripe_id, campaign, frequency, amount, currency, event_id,
    recorded_at, event_created)
  select 'paid:' || p.id, 'paid', g.reference, p.id, g.campaign, g.frequency, g.amount + g.fee, g.currency,
    'evt_' || substr(md5('event' || p.id), 1, 24), g.created_at + (m - 1) * interval '1 month' + interval '4 seconds',
    g.created_at + (m - 1) * interval '1 month' + interval '3 seconds'
  from gifts g
  cross join lateral generate_series(1, case when g.frequency = 'monthly' and g.created_at < now() - interval '1 month' then 2 else 1 end) as m
  cross join lateral (select case when g.frequency = 'monthly' then 'in_' || substr(md5(g.reference || m), 1, 24)
    else g.reference end as id) as p
  where g.form = $1 and g.idempotency_key like 'bench-paid-%'`;

/**
 * Loads the form's traffic for `events` rows; answers the rows loaded, by table.
 * @param {import('../../server/db').Queryable} db
 * @param {{form: string, campaign: string, events: number}} load
 */
export async function loadTraffic(db, {form, campaign, events}) {
  const traffic = trafficFor(events);
  /** @param {number} count @param {(from: number, to: number) => Promise<unknown>} batch */
  const inBatches = async (count, batch) => {
    for (let from = 1; from <= count; from += BATCH) await batch(from, Math.min(count, from + BATCH - 1));
  };
  await inBatches(traffic.visitors, (from, to) => db.query(EVENTS, [form, from, to, 0, 60, 'visitor']));
  await inBatches(traffic.olderVisitors, (from, to) => db.query(EVENTS, [form, from, to, 91, 90, 'older visitor']));
  await inBatches(traffic.paidGifts, (from, to) => db.query(GIFTS, [campaign, form, from, to, 'bench-paid-']));
  // Started and never paid: numbered on from the paid ones, so no two gifts share a reference.
  const paid = traffic.paidGifts;
  await inBatches(traffic.unpaidGifts, (from, to) => db.query(GIFTS, [campaign, form, paid + from, paid + to, 'bench-unpaid-']));
  await db.query(PAYMENTS, [form]);
  const [rows] = await db.query(
    `select (select count(*) from form_events)::int as events, (select count(*) from gifts)::int as gifts,
       (select count(*) from payments)::int as payments`,
  );
  return /** @type {{events: number, gifts: number, payments: number}} */ (rows);
}

/**
 * Each variant's visitors, starts, paid gifts and what they raised, counted straight from the rows as loaded
 * (before any are folded), to check the results' answer against.
 * @param {import('../../server/db').Queryable} db
 * @param {string} form
 * @returns {Promise<Record<string, import('./resultsBench.mjs').VariantCounts>>}
 */
export async function countsOf(db, form) {
  const events = await db.query(
    `select variant, count(*) filter (where kind = 'view')::int as visitors, count(*) filter (where kind = 'start')::int as starts
     from form_events where form = $1 group by variant`,
    [form],
  );
  const gifts = await db.query(
    `select g.form_variant as variant, count(*)::int as gifts, sum(p.paid)::float8 as "raisedCents"
     from gifts g join (select reference, sum(amount) as paid from payments where outcome = 'paid' group by reference) p
       on p.reference = g.reference
     where g.form = $1 group by g.form_variant`,
    [form],
  );
  /** @type {Record<string, import('./resultsBench.mjs').VariantCounts>} */
  const counts = {};
  for (const variant of VARIANTS) {
    const seen = /** @type {{visitors: number, starts: number} | undefined} */ (events.find((row) => row.variant === variant));
    const paid = /** @type {{gifts: number, raisedCents: number} | undefined} */ (gifts.find((row) => row.variant === variant));
    counts[variant] = {
      visitors: seen?.visitors ?? 0,
      starts: seen?.starts ?? 0,
      gifts: paid?.gifts ?? 0,
      raisedCents: paid?.raisedCents ?? 0,
    };
  }
  return counts;
}
