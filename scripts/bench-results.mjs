#!/usr/bin/env node
/**
 * `npm run bench:results`: how long staff wait for a busy form's results, `GET /results/<form>` on the endpoint as
 * an operator runs it, on the embedded PGlite and, when TEST_DATABASE_URL names a Postgres server, on a throwaway
 * database made there. Figures are printed as tables and never asserted by tests.
 *
 *   npm run bench:results                          a donate form with a million visitors' rows, 20 reads after the first
 *   npm run bench:results -- --events 50000        a quick run
 *   npm run bench:results -- --reads 50            more reads after the first
 *   npm run bench:results -- --no-build            measure the endpoint already in server/dist
 *   npm run bench:results -- --write               also write the figures into BENCHMARKS.md, between their marks
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import {join} from 'node:path';
import {ROOT, endpointSettings, onEachDatabase, openPlace, prepareEndpoint} from './lib/benchEndpoint.mjs';
import {createReport} from './lib/benchReport.mjs';
import {answerProblems, parseResultsArgs, readFigures, resultsTargetRows, trafficFor, withResultsFigures} from './lib/resultsBench.mjs';
import {VARIANTS, countsOf, loadTraffic} from './lib/resultsLoad.mjs';
import {optionsOrExit} from './lib/serverBench.mjs';

const options = optionsOrExit('bench:results', parseResultsArgs);
const FIGURES_FILE = join(ROOT, 'BENCHMARKS.md');
const FORM = 'reef-appeal';
const CAMPAIGN = 'save-the-reef';
/** Obviously fake, as every secret the benchmark gives the endpoint is. */
const ADMIN_TOKEN = 'admin-token-for-the-benchmark-only-not-real';
const ADMIN = {authorization: `Bearer ${ADMIN_TOKEN}`};
/** The form as its operator publishes it: two variants of the asks, shown to visitors half and half. */
const REEF = {
  component: 'donate-form',
  campaign: CAMPAIGN,
  frequencies: ['one-off', 'monthly'],
  fields: {postcode: 'optional'},
  experiment: {
    id: 'reef-asks',
    variants: [
      {id: VARIANTS[0], weight: 1, changes: {}},
      {id: VARIANTS[1], weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
    ],
  },
};
const started = {at: new Date(), load: loadavg()[0] ?? 0, cores: cpus().length};

const parts = await prepareEndpoint(options.build);

/**
 * The newest migration the load's inserts are written against. The traffic goes into a database migrated that far,
 * and the migrations after it then run over it, as an operator's upgrade runs over the records already kept: a later
 * table that counts the events carries these as it would an operator's.
 */
const LOAD_SCHEMA = 11;

/**
 * Loads the form's traffic into a database migrated as far as LOAD_SCHEMA, then upgrades it; answers the rows
 * loaded, how long the load and the upgrade took, and each variant's counts as loaded.
 * @param {import('./lib/benchEndpoint.mjs').Place} place
 */
async function load(place) {
  const db = await openPlace(parts, place);
  try {
    const loadStarted = performance.now();
    await parts.migrate(
      db,
      parts.MIGRATIONS.filter((migration) => migration.version <= LOAD_SCHEMA),
    );
    const rows = await loadTraffic(db, {form: FORM, campaign: CAMPAIGN, events: options.events});
    const expected = await countsOf(db, FORM);
    const upgradeStarted = performance.now();
    await parts.migrate(db);
    return {rows, ms: upgradeStarted - loadStarted, upgradeMs: performance.now() - upgradeStarted, expected};
  } finally {
    await db.close();
  }
}

/** The visitors' rows left once the first read has folded the old ones. @param {import('./lib/benchEndpoint.mjs').Place} place */
async function rowsKept(place) {
  const db = await openPlace(parts, place);
  try {
    const [kept] = await db.query(`select count(*)::int as rows from form_events where form = $1`, [FORM]);
    return /** @type {{rows: number}} */ (kept).rows;
  } finally {
    await db.close();
  }
}

/**
 * One read of the results, timed from the request to the whole answer parsed, and checked against the counts loaded.
 * @param {string} base @param {Record<string, import('./lib/resultsBench.mjs').VariantCounts>} expected
 */
async function timedRead(base, expected) {
  const asked = performance.now();
  const answer = await fetch(`${base}/results/${FORM}`, {headers: ADMIN});
  const body = await answer.json();
  const ms = performance.now() - asked;
  if (answer.status !== 200) throw new Error(`the results answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const problems = answerProblems(body, expected);
  if (problems.length > 0) throw new Error(`the results are not what was loaded: ${problems.join('; ')}`);
  return ms;
}

/** @param {import('./lib/benchEndpoint.mjs').Place} place @param {string} stripeUrl */
async function measure(place, stripeUrl) {
  const traffic = trafficFor(options.events);
  console.log(
    `\n${place.name}: loading ${traffic.visitors.toLocaleString('en')} visitors of the last 60 days, ` +
      `${traffic.olderVisitors.toLocaleString('en')} before the 90 days kept and ${traffic.paidGifts.toLocaleString('en')} paid gifts…`,
  );
  const loaded = await load(place);
  console.log(
    `${place.name}: loaded ${JSON.stringify(loaded.rows)} in ${(loaded.ms / 1000).toFixed(1)} s, ` +
      `upgraded in ${(loaded.upgradeMs / 1000).toFixed(1)} s; starting the endpoint`,
  );
  const running = await parts.start(endpointSettings(parts, place, stripeUrl, {CORAL_ADMIN_TOKEN: ADMIN_TOKEN}));
  /** @type {number[]} */
  const later = [];
  let first = 0;
  try {
    const published = await fetch(`${running.base}/forms/${FORM}`, {
      method: 'PUT',
      headers: {...ADMIN, 'content-type': 'application/json'},
      body: JSON.stringify(REEF),
    });
    if (published.status !== 201) throw new Error(`publishing the form answered ${published.status}: ${await published.text()}`);
    first = await timedRead(running.base, loaded.expected);
    for (let read = 0; read < options.reads; read += 1) later.push(await timedRead(running.base, loaded.expected));
  } finally {
    await parts.stop(running);
  }
  const kept = await rowsKept(place);
  const folded = loaded.rows.events - kept;
  console.log(`${place.name}: the first read folded ${folded.toLocaleString('en')} rows; ${kept.toLocaleString('en')} kept`);
  return {loaded, folded, figures: readFigures(first, later)};
}

const byDatabase = await onEachDatabase(parts, measure);

const report = createReport();
report.line(
  `\`npm run bench:results -- --events ${options.events} --reads ${options.reads}\`, ${started.at.toISOString().slice(0, 10)}, ` +
    `Node.js ${process.version}, ${started.cores} cores, load average ${started.load.toFixed(2)} at the start; ` +
    `the endpoint and the Postgres server on this machine; each read timed from the request to its answer parsed, one at a time.`,
);
/** @type {Record<string, Record<string, string | number>>} */
const rows = {};
for (const [name, {loaded, folded, figures}] of Object.entries(byDatabase)) {
  rows[name] = {
    'event rows': loaded.rows.events,
    'folded by the first read': folded,
    'gifts (paid and not)': loaded.rows.gifts,
    payments: loaded.rows.payments,
    'load s': Math.round(loaded.ms / 100) / 10,
    [`migrations after ${String(LOAD_SCHEMA).padStart(4, '0')}, s`]: Math.round(loaded.upgradeMs / 100) / 10,
    ...figures,
  };
}
report.table(`GET /results/…: the first read, then ${options.reads} one after another`, rows);
report.table(
  'Targets',
  resultsTargetRows(Object.fromEntries(Object.entries(byDatabase).map(([name, each]) => [name, each.figures])), options.events),
);

if (options.write) {
  writeFileSync(
    FIGURES_FILE,
    withResultsFigures(readFileSync(FIGURES_FILE, 'utf8'), report.markdown("### The results' figures of the last run")),
  );
  console.log(`\nWrote the figures into ${FIGURES_FILE}.`);
}
