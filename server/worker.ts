/**
 * The endpoint on fetch-style hosts: a Cloudflare Worker's default export,
 * and `handlerFromEnv(process.env)` for Vercel and Netlify functions. It uses
 * Stripe's fetch-based HTTP client; on Workers the SDK's worker build checks
 * webhook signatures with Web Crypto. Variables and secrets come from the
 * host's environment (`wrangler secret put STRIPE_SECRET_KEY`);
 * CORAL_CAMPAIGNS is the JSON itself, as there is no file to read.
 *
 * The memory store lives as long as one isolate: a deployment records gifts
 * in Workers KV, D1 or a Durable Object behind the GiftStore interface.
 */
import Stripe from 'stripe';
import {readEndpointEnv} from './env';
import {createCoralHandler} from './handler';
import {createMemoryGiftStore, type GiftStore} from './store';

export type WorkerEnv = Readonly<Record<string, string | undefined>>;

let built: {source: WorkerEnv; handle: (request: Request) => Promise<Response>} | null = null;

/** The handler for an environment, built once per isolate or process (and again if the environment object changes). */
export function handlerFromEnv(vars: WorkerEnv, store?: GiftStore): (request: Request) => Promise<Response> {
  if (built?.source === vars) return built.handle;
  const read = readEndpointEnv(vars);
  if (!read.ok) {
    console.error(read.message);
    // The operator reads the message in the Worker's log; the browser only learns that nothing was done.
    return async () =>
      Response.json({status: 'error', outcome: 'not-charged', retryable: false, detail: 'endpoint not configured'}, {status: 500});
  }
  const {env} = read;
  const stripe = new Stripe(env.secretKey, {
    ...env.stripeApi,
    httpClient: Stripe.createFetchHttpClient(),
    timeout: 10_000,
    maxNetworkRetries: 2,
  });
  const handle = createCoralHandler({
    stripe,
    webhookSecret: env.webhookSecret,
    allowedOrigins: env.allowedOrigins,
    campaigns: env.campaigns,
    store: store ?? createMemoryGiftStore(),
    basePath: env.basePath,
  });
  built = {source: vars, handle};
  return handle;
}

export default {
  fetch: (request: Request, env: WorkerEnv): Promise<Response> => handlerFromEnv(env)(request),
};
