/**
 * A Postgres server, through the `postgres` driver: any managed Postgres, a
 * server of the organisation's own, or Cloudflare Hyperdrive in front of one.
 */
import postgres from 'postgres';
import type {Database, Queryable, Row} from './database';

type Sql = postgres.Sql | postgres.TransactionSql;

const wrap = (sql: Sql): Queryable => ({
  query: async <T extends Row = Row>(text: string, params: readonly unknown[] = []) =>
    (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
  script: async (text: string) => {
    await sql.unsafe(text).simple();
  },
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
    transaction: async (work) => (await sql.begin((tx) => work(wrap(tx)))) as Awaited<ReturnType<typeof work>>,
    close: () => sql.end({timeout: 5}),
  };
}
