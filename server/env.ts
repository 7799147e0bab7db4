/**
 * The endpoint's settings, read from the environment only: secrets never come
 * from a file in the repository. Each host's entry (node.ts, worker.ts) reads
 * its environment through here, so a missing or wrong variable is named the
 * same way everywhere, in one line.
 */
import type Stripe from 'stripe';
import type {DonateFormConfig} from '../src/coral/donate-form/schema';
import {parseCampaigns} from './gift';

export type EndpointEnv = {
  secretKey: string;
  webhookSecret: string;
  allowedOrigins: string[];
  campaigns: Map<string, DonateFormConfig>;
  /** Where the Stripe SDK sends its calls: Stripe itself unless STRIPE_API_URL points at a local stand-in. */
  stripeApi: Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;
  basePath: string;
};

export type EnvResult = {ok: true; env: EndpointEnv} | {ok: false; message: string};

const fail = (message: string): EnvResult => ({ok: false, message: `coral endpoint: ${message}`});

/**
 * Reads the variables. `readFile` reads CORAL_CAMPAIGNS when it names a file
 * (Node); hosts without a file system pass none and give the JSON inline.
 */
export function readEndpointEnv(vars: Readonly<Record<string, string | undefined>>, readFile?: (path: string) => string): EnvResult {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CORAL_ALLOWED_ORIGINS', 'CORAL_CAMPAIGNS'] as const;
  for (const name of required) {
    if (!vars[name]?.trim()) return fail(`${name} is not set (see server/README.md for what it holds)`);
  }
  const secretKey = vars.STRIPE_SECRET_KEY!.trim();
  if (secretKey.startsWith('pk_'))
    return fail('STRIPE_SECRET_KEY holds a publishable key (pk_…): the endpoint needs the secret key (sk_… or rk_…)');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    return fail('STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_test_… or sk_live_…)');
  const webhookSecret = vars.STRIPE_WEBHOOK_SECRET!.trim();
  if (!webhookSecret.startsWith('whsec_')) return fail('STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret (whsec_…)');

  const allowedOrigins = vars
    .CORAL_ALLOWED_ORIGINS!.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const badOrigin = allowedOrigins.find((origin) => !/^https?:\/\/[^/\s]+$/.test(origin));
  if (badOrigin !== undefined)
    return fail(`CORAL_ALLOWED_ORIGINS: "${badOrigin}" is not an origin like https://www.example.org (no path, no trailing slash)`);

  const source = vars.CORAL_CAMPAIGNS!.trim();
  let campaigns: Map<string, DonateFormConfig>;
  try {
    const text = source.startsWith('[') ? source : readFile ? readFile(source) : null;
    if (text === null) return fail('CORAL_CAMPAIGNS must hold the campaigns as JSON on this host (a file path needs a file system)');
    campaigns = parseCampaigns(JSON.parse(text));
  } catch (error) {
    return fail(`CORAL_CAMPAIGNS: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (campaigns.size === 0) return fail('CORAL_CAMPAIGNS lists no campaigns');

  let stripeApi: EndpointEnv['stripeApi'] = {};
  const apiUrl = vars.STRIPE_API_URL?.trim();
  if (apiUrl) {
    if (!URL.canParse(apiUrl)) return fail(`STRIPE_API_URL: "${apiUrl}" is not an address like http://127.0.0.1:12111`);
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    stripeApi = {host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol};
  }
  const port = vars.PORT?.trim();
  if (port && !/^\d{1,5}$/.test(port)) return fail(`PORT: "${port}" is not a port number`);
  return {ok: true, env: {secretKey, webhookSecret, allowedOrigins, campaigns, stripeApi, basePath: vars.CORAL_BASE_PATH?.trim() ?? ''}};
}
