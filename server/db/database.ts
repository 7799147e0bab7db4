/**
 * The one shape every database takes here: parameterised SQL in, rows out.
 * The embedded Postgres (PGlite) and a Postgres server (through the
 * `postgres` driver) both stand behind it, so the records, the migrations
 * and their tests are the same SQL on either.
 */

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1`-style parameters; answers its rows. */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements and no parameters, as a migration file holds them. */
  script(text: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Errors that mean the database could not be reached or could not write
 * (a lost connection, a full disk, a server shutting down), as opposed to a
 * query the code got wrong. The caller answers them 503 and asks for a retry.
 */
export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

// Postgres's SQLSTATE classes for a connection lost (08), too little room or memory (53), the server going away (57) or its host failing (58).
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ENOSPC',
]);

/** Whether an error thrown by either driver means "the database is not there right now". */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const code = (error as {code?: unknown} | null)?.code;
  if (typeof code !== 'string') return false;
  return NETWORK_CODES.has(code) || (code.length === 5 && UNAVAILABLE_CLASSES.has(code.slice(0, 2)));
}

/**
 * Whether an error came from the database rather than Stripe: a statement it refused, with its SQLSTATE code (five
 * characters) from either driver. Its message is never logged, as it may quote the value it refused.
 */
export function isDatabaseError(error: unknown): boolean {
  const {code, name} = (error ?? {}) as {code?: unknown; name?: unknown};
  return (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) || name === 'PostgresError' || name === 'DatabaseError';
}

/** The database cannot be opened, for a reason the operator can put right: the message says which, and how. */
export class CannotOpen extends Error {
  override name = 'CannotOpen';
}
