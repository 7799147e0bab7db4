/**
 * The endpoint on Node's own HTTP server: `npm run server` (server/main.ts)
 * starts it. Node 20's http module speaks IncomingMessage/ServerResponse, so
 * a small adapter turns each request into a web-platform Request and the
 * handler's Response back.
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {resolve} from 'node:path';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import type {ReadableStream as NodeReadableStream} from 'node:stream/web';
import {pino} from 'pino';
import Stripe from 'stripe';
import type {Database} from './db/database';
import {openMigrated} from './db/open';
import {createPgStore} from './db/store';
import {readEndpointEnv, type EndpointEnv} from './env';
import {createForwarder} from './forward';
import type {RequestContext} from './guard/guard';
import {createCoralHandler} from './handler';
import type {Logger} from './log';

/** More than any gift or Stripe event needs; a bigger body is refused before it is buffered. */
const MAX_REQUEST_BYTES = 1024 * 1024;

class TooLarge extends Error {}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, {method, headers});
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_REQUEST_BYTES) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return new Request(url, {method, headers, body: Buffer.concat(chunks)});
}

/** A Node request listener that serves a Request → Response handler. */
export function toNodeListener(handler: (request: Request, context?: RequestContext) => Promise<Response>, log: Logger) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const answer = async () => {
      let response: Response;
      try {
        response = await handler(await toRequest(req), {clientAddress: req.socket.remoteAddress});
      } catch (error) {
        if (error instanceof TooLarge) {
          // The rest of the body is not read: the connection closes after the answer.
          response = Response.json({status: 'rejected', reason: 'the body is too large'}, {status: 413, headers: {connection: 'close'}});
        } else {
          log.error({error: error instanceof Error ? error.name : 'error'}, 'a request could not be read');
          response = Response.json({status: 'error', outcome: 'unknown', retryable: false, detail: 'the endpoint failed'}, {status: 500});
        }
      }
      res.writeHead(response.status, [...response.headers]);
      if (!response.body) {
        res.end();
        return;
      }
      // Streamed, so a long export is never held whole; a body that fails halfway cuts the connection, and the
      // client sees a broken download rather than one that looks complete.
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch((error: unknown) => {
        log.error({error: error instanceof Error ? error.name : 'error'}, 'an answer failed while it was being sent');
        res.destroy();
      });
    };
    void answer();
  };
}

export type RunningEndpoint = {server: Server; port: number; db: Database; env: EndpointEnv; stop: () => Promise<void>};

function makeStripe(env: EndpointEnv): Stripe | null {
  if (!env.stripe) return null;
  return new Stripe(env.stripe.secretKey, {
    ...env.stripe.api,
    // The browser gives up after 15 s; answering within that lets it tell the supporter what happened.
    timeout: 10_000,
    maxNetworkRetries: 2,
    appInfo: {name: 'coral-endpoint'},
  });
}

/**
 * Starts the endpoint from the environment: opens and migrates the database,
 * listens, and forwards records when asked to. Answers the running endpoint,
 * or a one-line message naming what is missing or wrong.
 */
export async function startNodeEndpoint(
  vars: NodeJS.ProcessEnv,
  {logger}: {logger?: Logger} = {},
): Promise<({ok: true} & RunningEndpoint) | {ok: false; message: string}> {
  // `npm run server` runs in server/; a relative path means one from where the operator ran npm (INIT_CWD).
  const from = vars.INIT_CWD ?? process.cwd();
  const read = readEndpointEnv(vars, (path) => readFileSync(resolve(from, path), 'utf8'));
  if (!read.ok) return read;
  const env = {...read.env, dataDir: resolve(from, read.env.dataDir)};
  const log: Logger = logger ?? pino({level: env.logLevel, base: {service: 'coral-endpoint'}});

  let db: Database;
  try {
    const opened = await openMigrated({databaseUrl: env.databaseUrl, dataDir: env.dataDir});
    db = opened.db;
    if (opened.applied.length > 0) log.info({applied: opened.applied}, 'migrations applied');
  } catch (error) {
    const where = env.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${env.dataDir}`;
    return {ok: false, message: `coral endpoint: ${where} could not be opened (${error instanceof Error ? error.message : String(error)})`};
  }

  const handler = createCoralHandler({
    stripe: makeStripe(env),
    webhookSecret: env.stripe?.webhookSecret ?? null,
    allowedOrigins: env.allowedOrigins,
    campaigns: env.campaigns.donateForms,
    powerforms: env.campaigns.powerforms,
    store: createPgStore(db, {outbox: env.forward !== null}),
    db,
    exportToken: env.exportToken,
    basePath: env.basePath,
    logger: log,
    guard: env.guard,
  });
  const server = createServer(toNodeListener(handler, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.port, resolve);
    });
  } catch (error) {
    await db.close().catch(() => {});
    const code = (error as {code?: string}).code;
    const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs privileges this user lacks' : `failed (${code})`;
    return {ok: false, message: `coral endpoint: port ${env.port} ${why}: set PORT to another`};
  }
  const stopForwarding = env.forward ? createForwarder({db, ...env.forward, log}).start() : async () => {};

  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await stopForwarding();
    await db.close();
  };
  return {ok: true, server, port: (server.address() as AddressInfo).port, db, env, stop};
}
