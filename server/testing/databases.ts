/**
 * The databases the records' tests run on: the embedded Postgres always, and
 * a Postgres server too when TEST_DATABASE_URL names one (`.ci/run` starts one).
 * Each test gets a fresh, migrated database: PGlite in a folder of its own (so a
 * restart can be tested), or a throwaway database on the server, dropped after.
 */
import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import postgres from 'postgres';
import {type Database, openPostgres} from '../db';
import {migrate} from '../schema';
import {openPglite} from '../node';

export type TestDatabase = {
  db: Database;
  /** The database's address, for a Postgres server. */
  url?: string;
  /** Closes the connection and opens a new one to the same data, as a restart does. */
  reopen(): Promise<Database>;
  /** Closes and deletes everything. */
  drop(): Promise<void>;
};

export type DatabaseKind = {name: string; create(): Promise<TestDatabase>};

let template: Promise<string> | null = null;

/**
 * A migrated PGlite folder, made once per test process, that each test's database starts as a copy of: PGlite's
 * initdb takes seconds on a loaded machine, a copy of its folder a fraction of one. Removed as the process ends.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-pglite-template-'));
    process.once('exit', () => rmSync(folder, {recursive: true, force: true}));
    const db = await openPglite(folder);
    await migrate(db);
    await db.close();
    return folder;
  })();
  return template;
}

async function pgliteInFolder(): Promise<TestDatabase> {
  const folder = mkdtempSync(join(tmpdir(), 'coral-pglite-'));
  cpSync(await migratedTemplate(), folder, {recursive: true});
  let db = await openPglite(folder);
  return {
    get db() {
      return db;
    },
    reopen: async () => {
      await db.close();
      db = await openPglite(folder);
      return db;
    },
    drop: async () => {
      await db.close().catch(() => {});
      rmSync(folder, {recursive: true, force: true});
    },
  };
}

/** A fresh database on the Postgres server at `url`: its address, and how to drop it once nothing holds it open. */
export async function throwawayDatabase(url: string, prefix = 'coral_test'): Promise<{url: string; drop(): Promise<void>}> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, {max: 1, onnotice: () => {}});
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    drop: async () => {
      const cleanup = postgres(url, {max: 1, onnotice: () => {}});
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function onServer(url: string): Promise<TestDatabase> {
  const made = await throwawayDatabase(url);
  let db = openPostgres(made.url);
  await migrate(db);
  return {
    get db() {
      return db;
    },
    url: made.url,
    reopen: async () => {
      await db.close();
      db = openPostgres(made.url);
      return db;
    },
    drop: async () => {
      await db.close().catch(() => {});
      await made.drop();
    },
  };
}

/** The kinds to run a suite on: `describe.each(DATABASES)`. */
export const DATABASES: DatabaseKind[] = [
  {name: 'PGlite', create: pgliteInFolder},
  ...(process.env.TEST_DATABASE_URL ? [{name: 'Postgres server', create: () => onServer(process.env.TEST_DATABASE_URL!)}] : []),
];
