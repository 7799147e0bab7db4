/**
 * The endpoint on Node's own HTTP server: `npm run server` (server/main.ts)
 * starts it. Node 20's http module speaks IncomingMessage/ServerResponse, so
 * a small adapter turns each request into a web-platform Request and the
 * handler's Response back.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import type {ReadableStream as NodeReadableStream} from 'node:stream/web';
import {pino} from 'pino';
import Stripe from 'stripe';
import {CannotOpen, type Database} from '../db';
import {openMigrated} from './open';
import {createPgStore, createForwarder} from '../records';
import {closeGently} from './drain';
import {type EndpointEnv, createCoralHandler, STRIPE_CALL_LIMITS, type CoralHandlerOptions} from '../doorway';
import type {RequestContext} from '../guard';
import {type Logger, rejected, respond} from '../http';
import {readNodeEnv} from './nodeSettings';
import {startRetention} from '../supporters';
import {issueFor} from '../receipts';
import {startMailing} from './mailing';

/**
 * How long a client has to send a whole request, and its headers: a gift's body is a few kilobytes, so a request
 * still arriving after this is cut off with a 408, and a connection that stops mid-body is not held open.
 */
export const REQUEST_TIMEOUTS = {requestMs: 10_000, headersMs: 5_000};

/** On SIGTERM, requests still running after this long are cut: a platform's own grace period is usually 30 s. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * A request's body as a web stream, read only as the handler asks for it. Node's own `Readable.toWeb` is not used: a
 * reader that cancels it (a body over its route's limit) while chunks are still arriving makes it throw outside any
 * request, which stops the process. Here a cancel only stops listening: the rest is never read, and the connection
 * is closed once the answer is sent.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const stopListening = () => {
    open = false;
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onError);
    req.removeListener('aborted', onAborted);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  function onData(chunk: Buffer) {
    if (!open) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  function onEnd() {
    if (!open) return;
    stopListening();
    controller.close();
  }
  function onError(error: Error) {
    if (!open) return;
    stopListening();
    controller.error(error);
  }
  const onAborted = () => onError(new Error('the client stopped sending'));
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        req.pause();
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onError);
        req.once('aborted', onAborted);
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        stopListening();
        req.pause();
        // An error the socket meets after this has no listener left to reach: one that does nothing keeps it quiet.
        req.on('error', () => {});
      },
    },
    {highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength},
  );
}

/** Methods a web-platform Request cannot carry: no route takes them. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The request as the handler reads it, or the answer to one that cannot be: a method no route takes, or a Host header
 * or path that makes no address. Node takes either on the wire; the handler never sees them.
 */
function toRequest(req: IncomingMessage): Request | Response {
  if (FORBIDDEN_METHODS.has((req.method ?? '').toUpperCase())) return respond(rejected(`no route takes ${req.method}`, 405));
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return respond(rejected('the Host header and the path make no address'));
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, {method, headers});
  // The body is handed on as it arrives: the handler checks the origin first and reads only what it needs.
  // `duplex` is required by Node's fetch for a streamed body, and not yet in the DOM types.
  const init: RequestInit & {duplex: 'half'} = {method, headers, body: bodyStream(req), duplex: 'half'};
  return new Request(url, init);
}

/** How much of a body no route read is still read and dropped before its answer goes: a client's last second of sending. */
const LINGER = {ms: 1_000, bytes: 1024 * 1024};

/**
 * Reads what is left of a request's body and drops it, until it ends, for `LINGER.ms` or `LINGER.bytes` at most:
 * closing a connection with bytes unread makes the system reset it, and the client may never read the answer.
 */
function dropTheRest(req: IncomingMessage): Promise<void> {
  return new Promise((done) => {
    let dropped = 0;
    const finish = () => {
      clearTimeout(timer);
      req.removeListener('data', count);
      req.pause();
      done();
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > LINGER.bytes) finish();
    };
    const timer = setTimeout(finish, LINGER.ms);
    // The body's stream has its answer already: nothing reads it now.
    req.removeAllListeners('data');
    req.on('data', count);
    req.once('end', finish);
    req.once('close', finish);
    req.resume();
  });
}

/** A Node request listener that serves a Request → Response handler, and how many requests it is answering. */
export function toNodeListener(handler: (request: Request, context?: RequestContext) => Promise<Response>, log: Logger) {
  let active = 0;
  let closing = false;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const answer = async () => {
      let response: Response;
      try {
        const request = toRequest(req);
        response = request instanceof Response ? request : await handler(request, {clientAddress: req.socket.remoteAddress});
      } catch (error) {
        // The handler answers whatever it meets itself: what throws here is a request no Request can be made of.
        log.warn({error: error instanceof Error ? error.name : 'error'}, 'a request could not be read');
        response = respond(rejected('the request could not be read'));
      }
      // A body the handler did not read (a refused origin, one too large) is read on and dropped for a moment, so a
      // client that sent it whole hears the answer rather than a reset; past that moment the connection is closed, as
      // it is for another request on it once the endpoint is stopping.
      if (!req.complete) await dropTheRest(req);
      if (!req.complete || closing) response.headers.set('connection', 'close');
      res.writeHead(response.status, [...response.headers]);
      if (!response.body) {
        res.end();
        return;
      }
      // An answer of known length is whole already: one write, without a stream's machinery.
      if (response.headers.has('content-length')) {
        res.end(new Uint8Array(await response.arrayBuffer()));
        return;
      }
      // Streamed, so a long export is never held whole; a body that fails halfway cuts the connection, and the
      // client sees a broken download rather than one that looks complete.
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch((error: unknown) => {
        log.error({error: error instanceof Error ? error.name : 'error'}, 'an answer failed while it was being sent');
        res.destroy();
      });
    };
    active += 1;
    void answer().finally(() => (active -= 1));
  };
  return Object.assign(listener, {
    active: () => active,
    close: () => {
      closing = true;
    },
  });
}

export type RunningEndpoint = {server: Server; port: number; db: Database; env: EndpointEnv; stop: () => Promise<void>};

export function makeStripe(env: EndpointEnv): Stripe | null {
  if (!env.stripe) return null;
  return new Stripe(env.stripe.secretKey, {
    ...env.stripe.api,
    // Each call gives up within STRIPE_CALL_LIMITS; the handler answers a gift route within GIFT_ANSWER_MS anyway.
    ...STRIPE_CALL_LIMITS,
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
  {
    logger,
    timeouts = REQUEST_TIMEOUTS,
    resultsScript,
  }: {logger?: Logger; timeouts?: typeof REQUEST_TIMEOUTS; resultsScript?: CoralHandlerOptions['resultsScript']} = {},
): Promise<({ok: true} & RunningEndpoint) | {ok: false; message: string}> {
  const read = readNodeEnv(vars);
  if (!read.ok) return read;
  const {env} = read;
  // Lines written off the event loop, a batch at a time: a line per request written at once costs a busy endpoint
  // a system call each. pino writes what is still waiting when the process exits.
  const log: Logger = logger ?? pino({level: env.logLevel, base: {service: 'coral-endpoint'}}, pino.destination({dest: 1, sync: false}));

  let db: Database;
  try {
    const opened = await openMigrated({databaseUrl: env.databaseUrl, dataDir: env.dataDir});
    db = opened.db;
    if (opened.applied.length > 0) log.info({applied: opened.applied}, 'migrations applied');
  } catch (error) {
    if (error instanceof CannotOpen) return {ok: false, message: `coral endpoint: ${error.message}`};
    const where = env.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${env.dataDir}`;
    return {ok: false, message: `coral endpoint: ${where} could not be opened (${error instanceof Error ? error.message : String(error)})`};
  }

  const stripe = makeStripe(env);
  const {mail} = env;
  const handler = createCoralHandler({
    stripe,
    webhookSecret: env.stripe?.webhookSecret ?? null,
    allowedOrigins: env.allowedOrigins,
    adminOrigins: env.adminOrigins,
    campaigns: env.campaigns.donateForms,
    versions: env.versions,
    powerforms: env.campaigns.powerforms,
    store: createPgStore(db, {
      outbox: env.forward !== null,
      afterPayment: mail ? (tx, reference) => issueFor(tx, reference, mail.rules, Math.floor(Date.now() / 1000)) : undefined,
    }),
    db,
    exportToken: env.exportToken,
    privacyToken: env.privacyToken,
    adminToken: env.adminToken,
    forwarding: env.forward !== null,
    supporterPage: mail?.pageUrl ? {rules: mail.rules, pageUrl: mail.pageUrl} : null,
    basePath: env.basePath,
    logger: log,
    guard: env.guard,
    resultsScript,
  });
  const listener = toNodeListener(handler, log);
  const server = createServer(
    {requestTimeout: timeouts.requestMs, headersTimeout: timeouts.headersMs, connectionsCheckingInterval: 1_000},
    listener,
  );
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
  const stopRetention = startRetention(db, env.retentionDays, log, {stripe});
  const stopMail = mail ? await startMailing(db, mail, env.guard.secret, log) : async () => {};
  const stop = async () => {
    log.info({inFlight: listener.active()}, 'stopping: taking the connections already waiting, then refusing new ones');
    const cut = setTimeout(() => {
      log.warn({inFlight: listener.active(), afterMs: SHUTDOWN_GRACE_MS}, 'stopping: cutting the requests still running');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await closeGently(server, () => {
      listener.close();
      log.info({inFlight: listener.active()}, 'stopping: new connections refused; answering the requests on open ones');
    });
    clearTimeout(cut);
    // A gift answered "not yet known" may still be waiting for Stripe: it keeps its record before the database closes.
    await handler.settled();
    await stopForwarding();
    await stopMail();
    await stopRetention();
    await db.close();
    log.info({}, 'stopped: every request answered, the database closed');
  };
  return {ok: true, server, port: (server.address() as AddressInfo).port, db, env, stop};
}
