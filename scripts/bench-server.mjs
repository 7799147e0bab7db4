#!/usr/bin/env node
/**
 * `npm run bench:server`: the endpoint under load, as an operator runs it (`node server/dist/main.mjs`), on the
 * embedded PGlite and, when TEST_DATABASE_URL names a Postgres server, on a throwaway database made there.
 * Figures are printed as tables and never asserted by tests.
 *
 *   npm run bench:server                                     a million signatures behind the count, 10 s a measurement
 *   npm run bench:server -- --signatures 20000 --seconds 3   a quick run
 *   npm run bench:server -- --no-build                       measure the endpoint already in server/dist
 *   npm run bench:server -- --write                          also write the figures into BENCHMARKS.md, between their marks
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import {join} from 'node:path';
import autocannon from 'autocannon';
import {ROOT, endpointSettings, onEachDatabase, openPlace, prepareEndpoint} from './lib/benchEndpoint.mjs';
import {createReport} from './lib/benchReport.mjs';
import {figuresOf, instancesFor, optionsOrExit, parseServerBenchArgs, targetRows, withServerFigures} from './lib/serverBench.mjs';

const options = optionsOrExit('bench:server', parseServerBenchArgs);
const FIGURES_FILE = join(ROOT, 'BENCHMARKS.md');
const PETITION = 'ban-deep-sea-mining';
const DONATE = 'save-the-reef';
const CAMPAIGNS = JSON.stringify({
  powerforms: [{campaign: PETITION, variant: 'petition', counter: {count: 0, goal: 2_000_000}}],
  donateForms: [{campaign: DONATE, frequencies: ['one-off']}],
});
/**
 * The newest migration the load's insert is written against. The signatures go into a database migrated that far,
 * and the migrations after it then run over them, as an operator's upgrade runs over the records already kept: a
 * later table that keeps the count carries these signatures as it would an operator's.
 */
const LOAD_SCHEMA = 6;
const LOAD_BATCH = 50_000;
/** Connections autocannon keeps open on each route: the load the targets are set at. */
const CONNECTIONS = {count: 10, signing: 50, gift: 10};
/**
 * Seconds each route is driven at the same load before it is measured: the figures are a running instance's, whose
 * code is compiled and whose connections and statements are ready, not a cold start's.
 */
const WARMUP_SECONDS = 2;
const started = {at: new Date(), load: loadavg()[0] ?? 0, cores: cpus().length};

const parts = await prepareEndpoint(options.build);

/**
 * Puts `count` signatures on the petition straight into the database, while no endpoint holds it.
 * @param {import('./lib/benchEndpoint.mjs').Place} place @param {number} count
 */
async function loadSignatures(place, count) {
  const db = await openPlace(parts, place);
  try {
    await parts.migrate(
      db,
      parts.MIGRATIONS.filter((migration) => migration.version <= LOAD_SCHEMA),
    );
    for (let from = 1; from <= count; from += LOAD_BATCH) {
      await db.query(
        `insert into signatures (reference, idempotency_key, campaign, kind, first_name, email, consent, consent_wording,
           consent_version, consented_at, created_at)
         select 'sig_load_' || lpad(i::text, 9, '0'), 'bench-load-' || lpad(i::text, 9, '0'), $1, 'petition', 'Ada',
           'signer.' || i || '@example.org', true, 'Keep me posted about this campaign', 'bench',
           now() - i * interval '1 second', now() - i * interval '1 second'
         from generate_series($2::int, $3::int) as i`,
        [PETITION, from, Math.min(count, from + LOAD_BATCH - 1)],
      );
    }
    await parts.migrate(db);
  } finally {
    await db.close();
  }
}

/** @param {string} base */
async function countOf(base) {
  const answer = await fetch(`${base}/campaigns/${PETITION}/count`, {headers: {origin: parts.ORIGIN}});
  if (!answer.ok) throw new Error(`the count answered ${answer.status}: ${await answer.text()}`);
  return /** @type {{count: number}} */ (await answer.json()).count;
}

/**
 * One autocannon run; `body(n)` makes the n-th request's body, sent with its own idempotency key and, with
 * `forwarded`, from its own client address.
 * @param {string} base
 * @param {{path: string, connections: number, body?: (n: number) => string, key?: string, forwarded?: boolean}} load
 */
async function hammer(base, {path, connections, body, key = 'bench', forwarded = false}) {
  let sent = 0;
  /** @type {string | null} */
  let firstRefusal = null;
  const result = await autocannon({
    url: base,
    connections,
    duration: options.seconds,
    // Not in @types/autocannon, which lags the package: autocannon 8 runs the warm-up, then measures afresh.
    .../** @type {{}} */ ({warmup: {connections, duration: WARMUP_SECONDS}}),
    requests: [
      {
        method: body ? 'POST' : 'GET',
        path,
        headers: {origin: parts.ORIGIN, ...(body ? {'content-type': 'application/json'} : {})},
        setupRequest: (request) => {
          if (!body) return request;
          sent += 1;
          const idempotencyKey = `${key}-${String(sent).padStart(10, '0')}`;
          const from = forwarded ? {'x-forwarded-for': benchmarkAddress(sent)} : {};
          return {...request, body: body(sent), headers: {...request.headers, 'idempotency-key': idempotencyKey, ...from}};
        },
        onResponse: (status, answer) => {
          if ((status < 200 || status > 299) && firstRefusal === null) firstRefusal = `${status} ${answer.slice(0, 300)}`;
        },
      },
    ],
  });
  if (firstRefusal !== null) console.warn(`${path}: the first answer that was not 2xx: ${firstRefusal}`);
  const warmup = /** @type {{warmup?: {'2xx': number, errors: number}}} */ (result).warmup;
  if (!warmup) throw new Error('autocannon ran no warm-up: the figures would include a cold start');
  return {figures: figuresOf(result), answered2xx: result['2xx'] + warmup['2xx'], unanswered: result.errors + warmup.errors};
}

/** The n-th address of 198.18.0.0/15, the block set aside for benchmarks (RFC 2544). */
const benchmarkAddress = (/** @type {number} */ n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

const signatureBody = (/** @type {number} */ n) =>
  JSON.stringify({
    campaign: PETITION,
    variant: 'petition',
    supporter: {firstName: 'Ada', email: `signer.live.${n}@example.org`, postcode: '2000', consent: true},
    utm: {},
  });
const giftBody = (/** @type {number} */ n) =>
  JSON.stringify(
    parts.giftBody({
      campaign: DONATE,
      supporter: {firstName: 'Ada', lastName: 'Lovelace', email: `giver.${n}@example.org`, postcode: '2000', consent: false},
    }),
  );

/** @param {import('./lib/benchEndpoint.mjs').Place} place @param {string} stripeUrl */
async function measure(place, stripeUrl) {
  console.log(`\n${place.name}: loading ${options.signatures.toLocaleString('en')} signatures…`);
  const loadStarted = Date.now();
  await loadSignatures(place, options.signatures);
  console.log(`${place.name}: loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s; starting the endpoint`);
  const running = await parts.start(
    endpointSettings(parts, place, stripeUrl, {
      CORAL_CAMPAIGNS: CAMPAIGNS,
      // The guard counts each gift in the database as it would a supporter's, each from its own address through a
      // trusted proxy, so the run measures the route with its counting, not one address's row nor the limits' refusals.
      // The limits are the highest the settings allow, as the addresses repeat after 131,072 gifts (0 skips counting).
      CORAL_GIFTS_PER_ADDRESS: '100000',
      CORAL_GIFTS_PER_EMAIL: '100000',
      CORAL_TRUSTED_PROXIES: '127.0.0.1',
    }),
  );
  try {
    const before = await countOf(running.base);
    if (before !== options.signatures) {
      throw new Error(
        `the count answered ${before}, not the ${options.signatures} signatures loaded: the store keeps the count where the load did not reach`,
      );
    }
    const count = await hammer(running.base, {path: `/campaigns/${PETITION}/count`, connections: CONNECTIONS.count});
    const signing = await hammer(running.base, {
      path: '/signatures',
      connections: CONNECTIONS.signing,
      body: signatureBody,
      key: 'bench-sign',
    });
    const gift = await hammer(running.base, {
      path: '/gifts',
      connections: CONNECTIONS.gift,
      body: giftBody,
      key: 'bench-gift',
      forwarded: true,
    });
    const after = await countOf(running.base);
    // A signing still under way when the warm-up or the measurement stopped (one a connection at most, each time), or
    // one autocannon gave up waiting for (an error), may have been kept with its answer unread.
    const least = options.signatures + signing.answered2xx;
    const most = least + 2 * CONNECTIONS.signing + signing.unanswered;
    console.log(`${place.name}: the count after signing is ${after}: loaded and answered 2xx ${least}, at most ${most}`);
    if (after < least || after > most) throw new Error(`the count answered ${after} after signing, not ${least} to ${most}`);
    return {count: count.figures, signing: signing.figures, gift: gift.figures};
  } finally {
    await parts.stop(running);
  }
}

const byDatabase = await onEachDatabase(parts, measure);

const report = createReport();
const size = options.signatures.toLocaleString('en');
report.line(
  `\`npm run bench:server -- --signatures ${options.signatures} --seconds ${options.seconds}\`, ${started.at.toISOString().slice(0, 10)}, ` +
    `Node.js ${process.version}, ${started.cores} cores, load average ${started.load.toFixed(2)} at the start; ` +
    `autocannon, the Stripe stand-in, the endpoint and the Postgres server all on this machine; each route measured after ${WARMUP_SECONDS} s of warm-up at the same load.`,
);
for (const [name, figures] of Object.entries(byDatabase)) {
  report.table(`${name} (${options.seconds} s each)`, {
    [`GET /campaigns/…/count, ${CONNECTIONS.count} connections, ${size} signatures`]: figures.count,
    [`POST /signatures, ${CONNECTIONS.signing} connections`]: figures.signing,
    [`POST /gifts (Stripe stand-in), ${CONNECTIONS.gift} connections`]: figures.gift,
  });
}
report.table('Targets', targetRows(byDatabase, options.signatures));
const shared = byDatabase['Postgres server'];
if (shared) {
  const perInstance = {signatures: shared.signing['requests/s'], gifts: shared.gift['requests/s']};
  /** @type {Record<string, Record<string, number>>} */
  const rows = {};
  for (const peak of [100, 500, 1000, 5000]) {
    rows[`${peak} a second`] = {
      'instances (signatures)': instancesFor(peak, perInstance.signatures),
      'instances (gifts)': instancesFor(peak, perInstance.gifts),
    };
  }
  report.table(
    `Instances a peak needs behind one Postgres server, at ${perInstance.signatures} signatures/s and ${perInstance.gifts} gifts/s an instance`,
    rows,
  );
}

if (options.write) {
  writeFileSync(FIGURES_FILE, withServerFigures(readFileSync(FIGURES_FILE, 'utf8'), report.markdown('### Figures of the last run')));
  console.log(`\nWrote the figures into ${FIGURES_FILE}.`);
}
