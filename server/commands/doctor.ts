/**
 * `npm run doctor`: reads the Stripe account the endpoint's key belongs to
 * and names each thing the endpoint needs of it that is missing, one line
 * each, saying how to set it right: the webhook endpoint at this server's
 * public address (its events and API version), BECS Direct Debit when a
 * campaign offers direct debit, and the wallet domains for the pages; and,
 * when receipts are mailed, that the relay answers and takes the sign-in.
 */
import Stripe from 'stripe';
import {ROUTES} from '../../src/coral/contract';
import {type Campaigns, type SettingVars} from '../settings';
import {readEndpointEnv, type StripeSettings} from '../doorway';
import {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from '../gifts';
import {relayProblems, type RelaySettings} from '../mail';

export type DoctorSettings = {
  /** Where Stripe sends events: the public address, the base path and /webhooks/stripe. */
  webhookUrl: string;
  campaigns: Campaigns;
  allowedOrigins: readonly string[];
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const DASHBOARD_WEBHOOKS = 'Developers → Webhooks in Stripe’s Dashboard';

async function webhookProblems(stripe: Stripe, url: string): Promise<string[]> {
  const endpoints: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({limit: 100})) if (endpoint.url === url) endpoints.push(endpoint);
  const wanted = `with API version ${WEBHOOK_API_VERSION} and the events ${WEBHOOK_EVENTS.join(', ')}`;
  if (endpoints.length === 0) {
    return [
      `webhook: no webhook endpoint at ${url}: add one in ${DASHBOARD_WEBHOOKS} ${wanted}, then put its signing secret in STRIPE_WEBHOOK_SECRET`,
    ];
  }
  const problemsOf = (endpoint: Stripe.WebhookEndpoint): string[] => {
    const named = `webhook: the endpoint ${endpoint.id} at ${url}`;
    const problems: string[] = [];
    if (endpoint.status !== 'enabled') problems.push(`${named} is ${endpoint.status}: enable it in ${DASHBOARD_WEBHOOKS}`);
    if (endpoint.api_version !== WEBHOOK_API_VERSION) {
      problems.push(
        `${named} sends events in API version ${endpoint.api_version ?? '(the account’s default)'}, and this endpoint reads ${WEBHOOK_API_VERSION}: ` +
          `an endpoint's version cannot be changed, so add a new one ${wanted}, put its signing secret in STRIPE_WEBHOOK_SECRET, and delete this one`,
      );
    }
    const listens = new Set(endpoint.enabled_events);
    const unheard = listens.has('*') ? [] : WEBHOOK_EVENTS.filter((type) => !listens.has(type));
    if (unheard.length > 0) problems.push(`${named} does not listen to ${unheard.join(', ')}: add them to it in ${DASHBOARD_WEBHOOKS}`);
    return problems;
  };
  // One endpoint set up right is enough; otherwise the one closest to right says what to change.
  const found = endpoints.map(problemsOf).sort((a, b) => a.length - b.length);
  return found[0]!;
}

async function directDebitProblems(stripe: Stripe, campaigns: Campaigns): Promise<string[]> {
  const offering = [...campaigns.donateForms.values()].filter((config) => config.directDebit).map((config) => config.campaign);
  if (offering.length === 0) return [];
  const account = await stripe.accounts.retrieveCurrent();
  const status = account.capabilities?.au_becs_debit_payments ?? 'not requested';
  if (status === 'active') return [];
  return [
    `direct debit: BECS Direct Debit is ${status} on this Stripe account, and ${offering.join(', ')} offer${offering.length === 1 ? 's' : ''} direct debit: ` +
      'turn on BECS Direct Debit in Settings → Payment methods in Stripe’s Dashboard, or set directDebit to false in CORAL_CAMPAIGNS',
  ];
}

async function walletProblems(stripe: Stripe, campaigns: Campaigns, allowedOrigins: readonly string[]): Promise<string[]> {
  const wallets = [...campaigns.donateForms.values()].some((config) => config.gateway.type === 'stripe' && config.gateway.wallets);
  if (!wallets) return [];
  const registered = new Map<string, Stripe.PaymentMethodDomain>();
  for await (const domain of stripe.paymentMethodDomains.list({limit: 100})) registered.set(domain.domain_name, domain);
  const problems: string[] = [];
  for (const host of new Set(allowedOrigins.map((origin) => new URL(origin).hostname))) {
    if (LOCAL_HOSTS.has(host)) continue;
    const domain = registered.get(host);
    const where = 'Settings → Payment method domains in Stripe’s Dashboard';
    if (!domain)
      problems.push(`wallets: ${host} is not a payment method domain, so Apple Pay and Google Pay stay hidden there: add it in ${where}`);
    else if (!domain.enabled) problems.push(`wallets: the payment method domain ${host} is disabled: enable it in ${where}`);
  }
  return problems;
}

/** What the account lacks, one line each; none when the endpoint has all it needs. Throws what Stripe throws. */
export async function accountProblems(stripe: Stripe, settings: DoctorSettings): Promise<string[]> {
  return [
    ...(await webhookProblems(stripe, settings.webhookUrl)),
    ...(await directDebitProblems(stripe, settings.campaigns)),
    ...(await walletProblems(stripe, settings.campaigns, settings.allowedOrigins)),
  ];
}

/** The address Stripe sends events to, from CORAL_PUBLIC_URL (the server's own origin, as the internet reaches it) and the base path. */
function webhookUrlOf(publicUrl: string | undefined, basePath: string): string {
  const given = publicUrl?.trim();
  if (!given)
    throw new Error('CORAL_PUBLIC_URL is not set: give the address the internet reaches this endpoint at, e.g. https://coral.example.org');
  const url = URL.canParse(given) ? new URL(given) : null;
  if (!url || url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `CORAL_PUBLIC_URL: "${given}" is not an https:// origin like https://coral.example.org (Stripe sends events over HTTPS only)`,
    );
  }
  return `${url.origin}${basePath}${ROUTES.stripeWebhook.path}`;
}

export type DoctorResult = {ok: boolean; lines: string[]};

/** Reads the environment as the endpoint does, asks Stripe, and answers the lines to print: `ok` alone when nothing is missing. */
export async function runDoctor(
  vars: SettingVars,
  readFile?: (path: string) => string,
  makeStripe: (settings: StripeSettings) => Stripe = (settings) => new Stripe(settings.secretKey, {...settings.api, maxNetworkRetries: 2}),
  checkRelay: (settings: RelaySettings) => Promise<string[]> = relayProblems,
): Promise<DoctorResult> {
  const read = readEndpointEnv(vars, readFile);
  if (!read.ok) return {ok: false, lines: [read.message]};
  const {env} = read;
  const relay = env.mail ? await checkRelay(env.mail.relay) : [];
  if (!env.stripe) {
    if (env.mail) return relay.length === 0 ? {ok: true, lines: ['ok']} : {ok: false, lines: relay};
    return {
      ok: false,
      lines: ['coral doctor: no campaign takes gifts and STRIPE_SECRET_KEY is not set: there is no Stripe account to check'],
    };
  }
  let webhookUrl: string;
  try {
    webhookUrl = webhookUrlOf(vars.CORAL_PUBLIC_URL, env.basePath);
  } catch (error) {
    return {ok: false, lines: [`coral doctor: ${(error as Error).message}`, ...relay]};
  }
  try {
    const problems = await accountProblems(makeStripe(env.stripe), {
      webhookUrl,
      campaigns: env.campaigns,
      allowedOrigins: env.allowedOrigins,
    });
    const all = [...problems, ...relay];
    return all.length === 0 ? {ok: true, lines: ['ok']} : {ok: false, lines: all};
  } catch (error) {
    const message = error instanceof Stripe.errors.StripeError ? `Stripe answered ${error.type}: ${error.message}` : String(error);
    return {ok: false, lines: [`coral doctor: could not read the Stripe account (${message})`, ...relay]};
  }
}
