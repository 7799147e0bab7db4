/**
 * Node's host: the server, its stopping, where it reads its files from, and the database it opens: PGlite in a folder
 * held by one process (loaded only when it is opened), or a Postgres server reached first, migrated either way.
 */
import type {Database} from '../db';
import type {openPglite as open} from './pglite';

export {mailComposer} from './mailing';
export {makeStripe, startNodeEndpoint} from './node';
export {fileReader, readNodeEnv, readNodeRecords, repositoryRoot, warnUnknownSettings} from './nodeSettings';
export {openMigrated} from './open';
export {startLine} from './startLine';

/** The embedded database, opened as `openPglite` in `pglite.ts` does: loaded only when called, as `openDatabase` loads it. */
export const openPglite = async (...args: Parameters<typeof open>): Promise<Database> => (await import('./pglite')).openPglite(...args);
