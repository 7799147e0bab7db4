/**
 * The embedded Postgres: PGlite, Postgres compiled to WebAssembly, keeping
 * its files in a folder (CORAL_DATA_DIR), so `npm run server` needs no
 * database server and loses nothing on restart. One process holds the
 * folder at a time; past one machine, use a Postgres server (DATABASE_URL).
 */
import {PGlite, type Transaction} from '@electric-sql/pglite';
import type {Database, Queryable, Row} from './database';

const wrap = (db: PGlite | Transaction): Queryable => ({
  query: async <T extends Row = Row>(text: string, params: readonly unknown[] = []) => (await db.query<T>(text, [...params])).rows,
  script: async (text: string) => {
    await db.exec(text);
  },
});

/** Opens (or creates) the database in `dataDir`; with no folder it lives in memory, for tests. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}
