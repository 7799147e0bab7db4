/**
 * Before the driver connects at start-up: is a Postgres server at DATABASE_URL's host and port? The driver
 * itself waits on an address where something else answers, retrying for ever, and says nothing; this asks the
 * one question every Postgres server answers at once (may we speak TLS? one byte, S or N), under a deadline, and
 * names what is wrong in a line the operator can act on. Node only.
 */
import {connect} from 'node:net';
import {CannotOpen} from '../db';

/** How long the address has to answer: start-up then says what is wrong within about 10 seconds. */
export const REACH_DEADLINE_MS = 7_000;

/** Postgres's SSLRequest: a length of 8 and the code 80877103. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
const POSTGRES_ANSWERS = new Set(['S'.charCodeAt(0), 'N'.charCodeAt(0)]);

type Target = {host: string; port: number};

/**
 * The host and port the driver would try, read as it reads them; null for what this check leaves to the driver:
 * several hosts, or a Unix socket's folder.
 */
function targetOf(databaseUrl: string, env: NodeJS.ProcessEnv): Target | null {
  if (!URL.canParse(databaseUrl)) return null;
  const url = new URL(databaseUrl);
  const host = url.hostname || env.PGHOST || 'localhost';
  if (host.includes('/') || host.includes(',')) return null;
  return {host: host.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || env.PGPORT || 5432)};
}

type Outcome = 'postgres' | 'other' | 'no answer' | 'no lookup' | string;

function ask({host, port}: Target, deadlineMs: number): Promise<Outcome> {
  return new Promise((answer) => {
    let looked = false;
    let connected = false;
    const socket = connect({host, port});
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      socket.destroy();
      answer(outcome);
    };
    const timer = setTimeout(() => done(looked ? 'no answer' : 'no lookup'), deadlineMs);
    socket.once('lookup', () => (looked = true));
    socket.once('connect', () => {
      looked = connected = true;
      socket.write(SSL_REQUEST);
    });
    socket.once('data', (data) => done(data.length === 1 && POSTGRES_ANSWERS.has(data[0]!) ? 'postgres' : 'other'));
    // Closed or cut without a word: not a Postgres server, which would have answered.
    socket.once('end', () => done('other'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(connected ? 'other' : (error.code ?? 'error')));
  });
}

/** Throws CannotOpen, naming the host and port (never the password) and what to check, unless Postgres answers there. */
export async function reachPostgres(databaseUrl: string, {deadlineMs = REACH_DEADLINE_MS, env = process.env} = {}): Promise<void> {
  const target = targetOf(databaseUrl, env);
  if (target === null) return;
  const outcome = await ask(target, deadlineMs);
  if (outcome === 'postgres') return;
  const where = `the database at DATABASE_URL (${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port})`;
  const seconds = `${Math.round(deadlineMs / 1000)} s`;
  const why: Record<string, string> = {
    other: 'answers, but not as Postgres: check its port (Postgres listens on 5432 unless set otherwise)',
    'no answer': `did not answer within ${seconds}: check its host and port, and that a firewall lets this machine reach it`,
    'no lookup': `did not answer within ${seconds}: looking up ${target.host} took too long; check this machine’s DNS`,
    ECONNREFUSED: 'refuses connections: check its host and port, and that Postgres is running there',
    ENOTFOUND: `cannot be found: no host is named ${target.host}; check the host name, and this machine’s DNS`,
    EAI_AGAIN: `cannot be found: looking up ${target.host} failed for now; check this machine’s DNS`,
  };
  throw new CannotOpen(`${where} ${why[outcome] ?? `cannot be reached (${outcome}): check its host and port, and this machine’s network`}`);
}
