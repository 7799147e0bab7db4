/**
 * What the endpoint's benchmarks (`npm run bench:server`, `npm run bench:results`) share: the endpoint built and its
 * own code loaded, a throwaway database of each kind, and the endpoint started on one as an operator starts it.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {runnerImport} from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');

/** @typedef {typeof import('./serverBenchParts')} Parts */

/**
 * A database of each kind: where its records are, and how to throw it away.
 * @typedef {{name: string, settings: {databaseUrl: string | null, dataDir: string}, drop(): Promise<void>}} Place
 */

/**
 * Builds the endpoint unless told not to, then loads what the benchmark takes from the endpoint's code.
 * @param {boolean} build
 * @returns {Promise<Parts>}
 */
export async function prepareEndpoint(build) {
  if (build && spawnSync('npm', ['run', 'server:build'], {cwd: ROOT, stdio: 'inherit'}).status !== 0) {
    throw new Error('The endpoint did not build; fix it before benchmarking.');
  }
  /** @type {{module: Parts}} */
  const {module} = await runnerImport(join(ROOT, 'scripts/lib/serverBenchParts.ts'), {configFile: false, logLevel: 'error'});
  return module;
}

/** @returns {Place} */
function pgliteFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'coral-bench-'));
  return {name: 'PGlite', settings: {databaseUrl: null, dataDir: folder}, drop: async () => rmSync(folder, {recursive: true, force: true})};
}

/**
 * Runs `measure` on a throwaway PGlite folder and, when TEST_DATABASE_URL names a Postgres server, on a throwaway
 * database made there, dropping each after, with the Stripe stand-in at `stripeUrl`; answers the figures keyed by
 * the database's name.
 * @template T
 * @param {Parts} parts
 * @param {(place: Place, stripeUrl: string) => Promise<T>} measure
 * @returns {Promise<Record<string, T>>}
 */
export async function onEachDatabase(parts, measure) {
  const url = process.env.TEST_DATABASE_URL;
  /** @type {Array<() => Promise<Place>>} */
  const places = [async () => pgliteFolder()];
  if (url) {
    places.push(async () => {
      const made = await parts.throwawayDatabase(url, 'coral_bench');
      return {name: 'Postgres server', settings: {databaseUrl: made.url, dataDir: ''}, drop: made.drop};
    });
  }
  /** @type {Record<string, T>} */
  const byDatabase = {};
  const stripe = await parts.startStripeStandIn();
  try {
    for (const make of places) {
      const place = await make();
      try {
        byDatabase[place.name] = await measure(place, stripe.url);
      } finally {
        await place.drop();
      }
    }
  } finally {
    await stripe.close();
  }
  return byDatabase;
}

/**
 * Opens a place's database straight, while no endpoint holds it, to load records into it.
 * @param {Parts} parts @param {Place} place
 */
export async function openPlace(parts, place) {
  const {databaseUrl, dataDir} = place.settings;
  return databaseUrl ? parts.openPostgres(databaseUrl) : await parts.openPglite(dataDir, 'coral bench');
}

/**
 * The variables the endpoint starts with on `place`, with Stripe at the stand-in: only these reach it.
 * @param {Parts} parts @param {Place} place @param {string} stripeUrl @param {Record<string, string>} settings
 */
export const endpointSettings = (parts, place, stripeUrl, settings) => ({
  PATH: process.env.PATH,
  CORAL_ALLOWED_ORIGINS: parts.ORIGIN,
  ...(place.settings.databaseUrl ? {DATABASE_URL: place.settings.databaseUrl} : {CORAL_DATA_DIR: place.settings.dataDir}),
  PORT: '0',
  STRIPE_SECRET_KEY: parts.STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: parts.WEBHOOK_SECRET,
  STRIPE_API_URL: stripeUrl,
  CORAL_GUARD_SECRET: parts.GUARD_SECRET,
  ...settings,
});
