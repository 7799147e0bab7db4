/**
 * The endpoint on fetch-style hosts: a Cloudflare Worker's default export,
 * and `handlerFromEnv(process.env)` for Vercel and Netlify functions. It uses
 * Stripe's fetch-based HTTP client; on Workers the SDK's worker build checks
 * webhook signatures with Web Crypto. Variables and secrets come from the
 * host's environment (`wrangler secret put STRIPE_SECRET_KEY`);
 * CORAL_CAMPAIGNS is the JSON itself, as there is no file to read.
 *
 * Records need a Postgres server: DATABASE_URL, or a Hyperdrive binding
 * named HYPERDRIVE in front of one. An isolate forgets everything, so there
 * is no embedded database here, and the Worker refuses to start without one.
 * Workers let a request use only the connections it opened itself, so each
 * request (and each Cron Trigger run) opens its own and closes it when its
 * work is done. The Cron Trigger (`scheduled`) forwards new records to the CRM, runs the day's retention and, with
 * CORAL_SMTP_URL set, sends what the mail queue holds through the relay over Workers' TCP sockets.
 */
import Stripe from 'stripe';
import {type Database, openPostgres} from '../db';
import {migrate} from '../schema';
import {createPgStore, createForwarder, type GiftStore} from '../records';
import {readEndpointEnv, createCoralHandler, STRIPE_CALL_LIMITS} from '../doorway';
import type {RequestContext} from '../guard';
import resultsScript from 'virtual:coral-results-script';
import {consoleLogger} from '../http';
import {unknownSettings} from '../settings';
import {retainDaily} from '../supporters';
import {createMailer} from '../mail';
import {issueFor, issueMonthly, provideFonts} from '../receipts';
// eslint-disable-next-line boundaries/dependencies -- the node room's door would bring Node's server into the Worker's bundle
import {mailComposer} from '../node/mailing';
import {type Fonts, workerFonts} from './fonts';

/** A Worker's environment: variables and secrets as strings, and Hyperdrive's binding. */
export type WorkerEnv = Readonly<Record<string, unknown>> & {HYPERDRIVE?: {connectionString: string}};

type Built = {
  /** Answers one request; `done` resolves once its late work is kept and its connection closed. */
  serve: (request: Request, context?: RequestContext) => Promise<{response: Response; done: Promise<void>}>;
  /** A Cron Trigger's run: the day's retention, when due, then forwarding what the outbox holds, then a round of mail. */
  scheduled: (() => Promise<void>) | null;
};

type Context = {waitUntil(promise: Promise<unknown>): void};

let built: {source: WorkerEnv; ready: Built} | null = null;

const notConfigured = (detail: string): Built => ({
  // The operator reads the reason in the Worker's log; the browser only learns that nothing was done.
  serve: async () => ({
    response: Response.json({status: 'error', outcome: 'not-sent', retryable: false, detail}, {status: 500}),
    done: Promise.resolve(),
  }),
  scheduled: null,
});

function strings(vars: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(vars).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What only a Worker has: a Cron Trigger, which sends the mail, and the receipts' fonts in its bundle. */
export type WorkerHost = {fonts: () => Promise<Fonts>};

/**
 * The handler for an environment, its settings read once per isolate or
 * process (and again if the environment object changes). `store` replaces
 * the database, for tests. Without `worker` (Vercel, Netlify) there is no
 * Cron Trigger to send mail, so mail set stops it.
 */
export function buildFromEnv(vars: WorkerEnv, store?: GiftStore, worker?: WorkerHost): Built {
  if (built?.source === vars) return built.ready;
  const read = readEndpointEnv(strings(vars));
  // Once per isolate, as the settings are read: a misspelt limit would otherwise leave its default in force unsaid.
  for (const line of unknownSettings(strings(vars))) console.warn(`coral endpoint: ${line}`);
  const databaseUrl = vars.HYPERDRIVE?.connectionString ?? (read.ok ? read.env.databaseUrl : null);
  let ready: Built;
  if (!read.ok) {
    console.error(read.message);
    ready = notConfigured('endpoint not configured');
  } else if (read.env.mail && !worker) {
    // Receipts would wait in the queue for ever: nothing here runs the rounds that send them.
    console.error(
      'coral endpoint: CORAL_SMTP_URL is set, and this host has no Cron Trigger to send mail: run the endpoint on Node (npm run server) or as a Cloudflare Worker to send receipts, or unset CORAL_SMTP_URL, CORAL_MAIL_FROM and CORAL_RECEIPTS and leave receipts to the CRM',
    );
    ready = notConfigured('endpoint not configured');
  } else if (!databaseUrl && !store) {
    console.error(
      'coral endpoint: DATABASE_URL is not set: a Worker keeps nothing between requests, so its records need a Postgres server (DATABASE_URL, or a Hyperdrive binding named HYPERDRIVE)',
    );
    ready = notConfigured('endpoint not configured');
  } else {
    const {env} = read;
    const logger = consoleLogger({service: 'coral-endpoint'}, env.logLevel);
    const stripe = env.stripe
      ? new Stripe(env.stripe.secretKey, {...env.stripe.api, httpClient: Stripe.createFetchHttpClient(), ...STRIPE_CALL_LIMITS})
      : null;
    // Hyperdrive pools connections for the Worker, so each request keeps few.
    const open = () => (databaseUrl ? openPostgres(databaseUrl, {max: 5}) : null);
    // Each isolate applies the migrations before its first request (an up-to-date database answers at once), and
    // on each request until that succeeds; two at once are safe, as migrate() holds a lock.
    let migrated = false;
    const migrateOn = async (db: Database | null) => {
      if (migrated || !db) return;
      await migrate(db);
      migrated = true;
    };
    const forwarding = env.forward;
    const {mail} = env;
    if (worker) provideFonts(worker.fonts);
    let toldNoAddress = false;
    ready = {
      serve: async (request, context) => {
        // Once per isolate or process: a host that says nothing of the client leaves every limit per address off.
        if (!context?.clientAddress && !toldNoAddress) {
          toldNoAddress = true;
          logger.warn(
            {limits: 'per visitor id and per form variant for events, per email for gifts'},
            'this host gives no client address, so the limits per address are off: pass the address it gives as {clientAddress}, the second argument of handlerFromEnv’s handler',
          );
        }
        const db = open();
        const close = async () => {
          await db?.close();
        };
        try {
          await migrateOn(db);
        } catch (error) {
          logger.error({error: error instanceof Error ? error.message : String(error)}, 'migrations failed');
          const response = Response.json(
            {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the records could not be reached'},
            {status: 503},
          );
          return {response, done: close()};
        }
        const handle = createCoralHandler({
          stripe,
          webhookSecret: env.stripe?.webhookSecret ?? null,
          allowedOrigins: env.allowedOrigins,
          adminOrigins: env.adminOrigins,
          campaigns: env.campaigns.donateForms,
          versions: env.versions,
          powerforms: env.campaigns.powerforms,
          store:
            store ??
            createPgStore(db!, {
              outbox: forwarding !== null,
              afterPayment: mail ? (tx, reference) => issueFor(tx, reference, mail.rules, Math.floor(Date.now() / 1000)) : undefined,
            }),
          ...(db ? {db} : {}),
          exportToken: env.exportToken,
          privacyToken: env.privacyToken,
          adminToken: env.adminToken,
          forwarding: forwarding !== null,
          supporterPage: mail?.pageUrl ? {rules: mail.rules, pageUrl: mail.pageUrl} : null,
          basePath: env.basePath,
          logger,
          guard: env.guard,
          resultsScript: async () => resultsScript,
        });
        const response = await handle(request, context);
        // A gift answered before Stripe did is still kept before the connection closes.
        return {response, done: handle.settled().finally(close)};
      },
      scheduled: async () => {
        const db = open();
        if (!db) return;
        try {
          await migrateOn(db);
          const retained = await retainDaily(db, env.retentionDays, Math.floor(Date.now() / 1000), stripe);
          if (retained) logger.info({...retained, retentionDays: env.retentionDays ?? 'keep'}, 'retention ran');
          if (forwarding) await createForwarder({db, ...forwarding, log: logger}).runOnce();
          if (mail && worker) {
            // Loaded only here: the sockets module exists in workerd alone, and the fonts only in the Worker's bundle.
            const [{workersTransport}, given] = await Promise.all([import('./mailTransport'), worker.fonts()]);
            await createMailer({
              db,
              transport: workersTransport(mail.relay),
              from: mail.relay.from,
              compose: mailComposer(db, mail, env.guard.secret, Date.now, given),
              beforeRound: () => issueMonthly(db, mail.rules, Math.floor(Date.now() / 1000)),
              log: logger,
            }).runOnce();
          }
        } finally {
          await db.close();
        }
      },
    };
  }
  built = {source: vars, ready};
  return ready;
}

/**
 * For Vercel and Netlify functions: `handlerFromEnv(process.env)(request, {clientAddress})`, with the client's address
 * as the host gives it (Netlify's `context.ip`; on Vercel, the `x-real-ip` header, which Vercel sets). Without it the
 * limits per address are off (see server/README.md, "Card testing" and "Results and experiments").
 */
export const handlerFromEnv = (vars: WorkerEnv, store?: GiftStore) => async (request: Request, context?: RequestContext) => {
  const {response, done} = await buildFromEnv(vars, store).serve(request, context);
  // These hosts keep the process for the work still running; a failure in it is in the log already.
  done.catch(() => {});
  return response;
};

/** Cloudflare's host, as its default export below passes it. */
export const WORKER: WorkerHost = {fonts: workerFonts};

export default {
  fetch: async (request: Request, env: WorkerEnv, context?: Context): Promise<Response> => {
    // Cloudflare sets CF-Connecting-IP to the visitor's address, replacing any a visitor sent; no other host's is believed.
    const {response, done} = await buildFromEnv(env, undefined, WORKER).serve(request, {
      clientAddress: request.headers.get('cf-connecting-ip'),
    });
    // The Worker lives on until the request's late work is kept and its connection closed.
    context?.waitUntil(done);
    return response;
  },
  /** A Cron Trigger (e.g. every minute) runs the day's retention once a day, forwards the outbox and sends the mail queue. */
  scheduled: async (_controller: unknown, env: WorkerEnv, context: Context): Promise<void> => {
    const {scheduled} = buildFromEnv(env, undefined, WORKER);
    if (scheduled) context.waitUntil(scheduled());
  },
};
