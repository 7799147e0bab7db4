/**
 * The database every host uses: the interface the records are kept through, a Postgres server's client, and the
 * scrub that drops a page's values from the events. Its schema (the migrations) is in schema/; Node's own ways to
 * open it (the embedded PGlite in a folder, a server reached first) are in node/.
 */
export {CannotOpen, type Database, DatabaseUnavailable, isDatabaseError, isUnavailable, type Queryable, type Row} from './database';
export {scrubEventValues} from './eventValues';
export {openPostgres} from './postgres';
