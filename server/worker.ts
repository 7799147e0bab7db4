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
 * Its Cron Trigger (`scheduled`) forwards new records to the CRM.
 */
import Stripe from 'stripe';
import {migrate} from './db/migrate';
import {openPostgres} from './db/postgres';
import {createPgStore} from './db/store';
import {readEndpointEnv} from './env';
import {createForwarder} from './forward';
import type {RequestContext} from './guard/guard';
import {createCoralHandler, STRIPE_CALL_LIMITS} from './handler';
import {consoleLogger} from './log';
import type {GiftStore} from './store';

/** A Worker's environment: variables and secrets as strings, and Hyperdrive's binding. */
export type WorkerEnv = Readonly<Record<string, unknown>> & {HYPERDRIVE?: {connectionString: string}};

type Built = {
  handle: (request: Request, context?: RequestContext) => Promise<Response>;
  /** Resolves once every gift answered before Stripe did has been kept. */
  settled: () => Promise<void>;
  forward: (() => Promise<unknown>) | null;
};

type Context = {waitUntil(promise: Promise<unknown>): void};

let built: {source: WorkerEnv; ready: Built} | null = null;

const notConfigured = (detail: string): Built => ({
  // The operator reads the reason in the Worker's log; the browser only learns that nothing was done.
  handle: async () => Response.json({status: 'error', outcome: 'not-sent', retryable: false, detail}, {status: 500}),
  settled: async () => {},
  forward: null,
});

function strings(vars: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(vars).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The handler for an environment, built once per isolate or process (and
 * again if the environment object changes). `store` replaces the database, for tests.
 */
export function buildFromEnv(vars: WorkerEnv, store?: GiftStore): Built {
  if (built?.source === vars) return built.ready;
  const read = readEndpointEnv(strings(vars));
  const databaseUrl = vars.HYPERDRIVE?.connectionString ?? (read.ok ? read.env.databaseUrl : null);
  let ready: Built;
  if (!read.ok) {
    console.error(read.message);
    ready = notConfigured('endpoint not configured');
  } else if (!databaseUrl && !store) {
    console.error(
      'coral endpoint: DATABASE_URL is not set: a Worker keeps nothing between requests, so its records need a Postgres server (DATABASE_URL, or a Hyperdrive binding named HYPERDRIVE)',
    );
    ready = notConfigured('endpoint not configured');
  } else {
    const {env} = read;
    const logger = consoleLogger({service: 'coral-endpoint'}, env.logLevel);
    // Hyperdrive pools connections for the Worker, so the Worker itself keeps few.
    const db = databaseUrl ? openPostgres(databaseUrl, {max: 5}) : null;
    // Each isolate checks the migrations before its first request (an up-to-date database answers at once),
    // and again on the next request should that fail.
    let migrated: Promise<unknown> | null = null;
    const migrateOnce = () => {
      migrated ??= (db ? migrate(db) : Promise.resolve()).catch((error: unknown) => {
        migrated = null;
        throw error;
      });
      return migrated;
    };
    const handle = createCoralHandler({
      stripe: env.stripe
        ? new Stripe(env.stripe.secretKey, {
            ...env.stripe.api,
            httpClient: Stripe.createFetchHttpClient(),
            ...STRIPE_CALL_LIMITS,
          })
        : null,
      webhookSecret: env.stripe?.webhookSecret ?? null,
      allowedOrigins: env.allowedOrigins,
      campaigns: env.campaigns.donateForms,
      powerforms: env.campaigns.powerforms,
      store: store ?? createPgStore(db!, {outbox: env.forward !== null}),
      ...(db ? {db} : {}),
      exportToken: env.exportToken,
      basePath: env.basePath,
      logger,
      guard: env.guard,
    });
    const forwarder = db && env.forward ? createForwarder({db, ...env.forward, log: logger}) : null;
    ready = {
      handle: async (request, context) => {
        try {
          await migrateOnce();
        } catch (error) {
          logger.error({error: error instanceof Error ? error.message : String(error)}, 'migrations failed');
          return Response.json(
            {status: 'error', outcome: 'not-sent', retryable: true, detail: 'the records could not be reached'},
            {status: 503},
          );
        }
        return handle(request, context);
      },
      settled: handle.settled,
      forward: forwarder
        ? async () => {
            await migrateOnce();
            return forwarder.runOnce();
          }
        : null,
    };
  }
  built = {source: vars, ready};
  return ready;
}

/** For Vercel and Netlify functions: `handlerFromEnv(process.env)(request)`. */
export const handlerFromEnv = (vars: WorkerEnv, store?: GiftStore) => buildFromEnv(vars, store).handle;

export default {
  fetch: async (request: Request, env: WorkerEnv, context?: Context): Promise<Response> => {
    const ready = buildFromEnv(env);
    // Cloudflare sets CF-Connecting-IP to the visitor's address, replacing any a visitor sent; no other host's is believed.
    const response = await ready.handle(request, {clientAddress: request.headers.get('cf-connecting-ip')});
    // A gift answered before Stripe did is still kept: the Worker lives on until it is.
    context?.waitUntil(ready.settled());
    return response;
  },
  /** A Cron Trigger (e.g. every minute) forwards what is waiting in the outbox. */
  scheduled: async (_controller: unknown, env: WorkerEnv, context: Context): Promise<void> => {
    const {forward} = buildFromEnv(env);
    if (forward) context.waitUntil(forward());
  },
};
