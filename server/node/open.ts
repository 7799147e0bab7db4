/**
 * Opens the records' database on Node and brings it up to date: a Postgres
 * server when DATABASE_URL is set, otherwise the embedded one in a folder.
 */
import {mkdirSync} from 'node:fs';
import {resolve} from 'node:path';
import {type Database, openPostgres} from '../db';
import {migrate} from '../schema';
import {reachPostgres} from './reach';

/** `by` names the program opening it ("coral endpoint", "coral migrate") to another that finds the folder held. */
export type DatabaseSettings = {databaseUrl: string | null; dataDir: string; by?: string};

/** Throws CannotOpen, with a line for the operator, when the server does not answer or another process holds the folder. */
export async function openDatabase({databaseUrl, dataDir, by}: DatabaseSettings): Promise<Database> {
  if (databaseUrl) {
    await reachPostgres(databaseUrl);
    return openPostgres(databaseUrl);
  }
  const folder = resolve(dataDir);
  mkdirSync(folder, {recursive: true});
  // Loaded only here, so a host with a Postgres server never loads the embedded one.
  const {openPglite} = await import('./pglite');
  return openPglite(folder, by);
}

/** Opens the database and applies the migrations it lacks; answers both. */
export async function openMigrated(settings: DatabaseSettings): Promise<{db: Database; applied: string[]}> {
  const db = await openDatabase(settings);
  try {
    return {db, applied: await migrate(db)};
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
