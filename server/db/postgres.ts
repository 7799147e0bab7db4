/**
 * A Postgres server, through the `postgres` driver: any managed Postgres, a
 * server of the organisation's own, or Cloudflare Hyperdrive in front of one.
 */
import postgres from 'postgres';
import {DatabaseUnavailable, type Database, type Queryable, type Row} from './database';

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * A failure of the driver as the endpoint reads it: one that names neither a SQLSTATE nor a network code is the
 * database not answering. On Cloudflare Workers the driver talks through `cloudflare:sockets`, whose errors carry a
 * message alone ("Network connection lost."); without this they would read as some other service's failure.
 */
export function driverFailure(error: unknown): unknown {
  const {code, name} = (error ?? {}) as {code?: unknown; name?: unknown};
  if (error instanceof Error && code === undefined && name !== 'PostgresError') {
    return new DatabaseUnavailable('the database could not be reached', {cause: error});
  }
  return error;
}

const reached = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw driverFailure(error);
  }
};

const wrap = (sql: Sql): Queryable => ({
  query: <T extends Row = Row>(text: string, params: readonly unknown[] = []) =>
    reached(async () => (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[]),
  script: (text: string) =>
    reached(async () => {
      await sql.unsafe(text).simple();
    }),
});

export type PostgresOptions = {
  /** Connections in the pool; a Worker keeps it small, as Hyperdrive pools for it. */
  max?: number;
  /** Seconds to wait for a connection before the request is answered 503. */
  connectTimeout?: number;
};

export function openPostgres(url: string, {max = 10, connectTimeout = 10}: PostgresOptions = {}): Database {
  const sql = postgres(url, {
    max,
    connect_timeout: connectTimeout,
    idle_timeout: 60,
    // Notices (such as "relation already exists, skipping") are not the operator's business.
    onnotice: () => {},
  });
  return {
    kind: 'postgres',
    ...wrap(sql),
    transaction: async (work) => {
      // A failure before the work began (the BEGIN, the connection) is the driver's; what the work throws is its own.
      let began = false;
      const run = () =>
        sql.begin((tx) => {
          began = true;
          return work(wrap(tx));
        });
      try {
        return (await run()) as Awaited<ReturnType<typeof work>>;
      } catch (error) {
        throw began ? error : driverFailure(error);
      }
    },
    close: () => sql.end({timeout: 5}),
  };
}
