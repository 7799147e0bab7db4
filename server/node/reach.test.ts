/** Whether a Postgres server answers at DATABASE_URL, asked before the driver connects, and what to check when not. */
import {createServer as createHttpServer} from 'node:http';
import {createServer, type AddressInfo, type Server} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {CannotOpen} from '../db';
import {reachPostgres} from './reach';

/** Obviously fake; it must never be printed. */
const PASSWORD = 'not-a-real-password-0000';
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function listening(server: Server, host = '127.0.0.1'): Promise<number> {
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, host, ready));
  return (server.address() as AddressInfo).port;
}

const refusal = async (url: string, options: Parameters<typeof reachPostgres>[1] = {}) => {
  const error = await reachPostgres(url, {env: {}, ...options}).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CannotOpen);
  expect((error as Error).message).not.toContain(PASSWORD);
  return (error as Error).message;
};

describe('reachPostgres', () => {
  it('names a port nothing listens on', async () => {
    const port = await listening(createServer());
    servers.pop()!.close();
    expect(await refusal(`postgres://coral:${PASSWORD}@127.0.0.1:${port}/coral`)).toBe(
      `the database at DATABASE_URL (127.0.0.1:${port}) refuses connections: check its host and port, and that Postgres is running there`,
    );
  });

  it('names a host that does not resolve', async () => {
    expect(await refusal(`postgres://coral:${PASSWORD}@coral-db.invalid/coral`)).toBe(
      'the database at DATABASE_URL (coral-db.invalid:5432) cannot be found: no host is named coral-db.invalid; check the host name, and this machine’s DNS',
    );
  });

  it.each([
    ['a web server', () => createHttpServer((_, response) => response.end('hello'))],
    ['a server that hangs up at once', () => createServer((socket) => socket.end())],
    ['a server that answers with more than a byte', () => createServer((socket) => socket.once('data', () => socket.write('N?')))],
  ])('tells %s from Postgres', async (_, make) => {
    const port = await listening(make());
    expect(await refusal(`postgres://coral:${PASSWORD}@127.0.0.1:${port}/coral`)).toBe(
      `the database at DATABASE_URL (127.0.0.1:${port}) answers, but not as Postgres: check its port (Postgres listens on 5432 unless set otherwise)`,
    );
  });

  it('gives up on an address that says nothing, within the deadline', async () => {
    const port = await listening(
      createServer(() => {}),
      '::1',
    );
    const started = Date.now();
    expect(await refusal(`postgres://coral:${PASSWORD}@[::1]:${port}/coral`, {deadlineMs: 1_000})).toBe(
      `the database at DATABASE_URL ([::1]:${port}) did not answer within 1 s: check its host and port, and that a firewall lets this machine reach it`,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads the port from PGPORT when the address has none, as the driver does', async () => {
    const port = await listening(createHttpServer());
    expect(await refusal(`postgres://coral:${PASSWORD}@127.0.0.1/coral`, {env: {PGPORT: String(port)}})).toContain(
      `(127.0.0.1:${port}) answers, but not as Postgres`,
    );
  });

  // A Postgres server answers its first question (may we speak TLS?) with one byte.
  it.each(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [])('passes the Postgres server at %s', async (url) => {
    await expect(reachPostgres(url, {env: {}})).resolves.toBeUndefined();
  });

  it('leaves several hosts to the driver, which tries each in turn', async () => {
    await expect(reachPostgres('postgres://coral@coral-db.invalid:5432,coral-db2.invalid:5432/coral', {env: {}})).resolves.toBeUndefined();
  });
});
