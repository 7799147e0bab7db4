/**
 * The embedded Postgres: PGlite, Postgres compiled to WebAssembly, keeping
 * its files in a folder (CORAL_DATA_DIR), so `npm run server` needs no
 * database server and loses nothing on restart. One process holds the
 * folder at a time (folderLock.ts); past one, use a Postgres server (DATABASE_URL).
 */
import {PGlite, type Transaction} from '@electric-sql/pglite';
import {DatabaseUnavailable, type Database, type Queryable, type Row} from '../db';
import {lockFolder} from './folderLock';

/**
 * Postgres's own errors carry a SQLSTATE code; anything else from PGlite (it
 * was closed, its folder could not be written) means the records are out of reach.
 */
async function reached<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (typeof (error as {code?: unknown} | null)?.code === 'string') throw error;
    throw new DatabaseUnavailable(error instanceof Error ? error.message : String(error), {cause: error});
  }
}

const wrap = (db: PGlite | Transaction): Queryable => ({
  query: <T extends Row = Row>(text: string, params: readonly unknown[] = []) =>
    reached(async () => (await db.query<T>(text, [...params])).rows),
  script: (text: string) =>
    reached(async () => {
      await db.exec(text);
    }),
});

/**
 * Opens (or creates) the database in `dataDir`, once no other process holds the folder; `by` names this one to
 * any that tries while it does. With no folder the database lives in memory, for tests.
 */
export async function openPglite(dataDir?: string, by = 'coral endpoint'): Promise<Database> {
  const unlock = dataDir === undefined ? () => {} : await lockFolder(dataDir, by);
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close().finally(unlock),
  };
}
