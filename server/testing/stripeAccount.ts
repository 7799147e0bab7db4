/**
 * The account behind the Stripe stand-in, as `npm run doctor` reads it: the
 * account itself with its capabilities (GET /v1/account), its webhook
 * endpoints and its payment method domains (both lists, paged with `limit`
 * and `starting_after` as Stripe pages them). A test tells it what the
 * account has; a new stand-in's account has card payments and nothing else.
 */
import type {FormValue} from './formBody';
import {ok, type Reply, type Route} from './stripeValues';

type Json = Record<string, unknown>;
type Params = Record<string, FormValue>;

export type StandInAccount = ReturnType<typeof createAccount>;

export function createAccount() {
  let serial = 0;
  const id = (prefix: string) => `${prefix}_standin${String((serial += 1)).padStart(4, '0')}`;
  const capabilities: Record<string, 'active' | 'inactive' | 'pending'> = {card_payments: 'active', transfers: 'active'};
  const webhookEndpoints: Json[] = [];
  const domains: Json[] = [];
  return {
    capabilities,
    webhookEndpoints,
    domains,
    /** A webhook endpoint as the Dashboard makes one: enabled, in the given API version, listening to the given events. */
    addWebhookEndpoint(endpoint: {url: string; enabled_events: string[]; api_version: string; status?: 'enabled' | 'disabled'}): Json {
      const made = {
        id: id('we'),
        object: 'webhook_endpoint',
        status: 'enabled',
        created: 1_767_225_600,
        livemode: false,
        metadata: {},
        ...endpoint,
      };
      webhookEndpoints.push(made);
      return made;
    },
    /** A payment method domain, registered and (unless told) enabled and verified for Apple Pay. */
    addDomain(domainName: string, {enabled = true}: {enabled?: boolean} = {}): Json {
      const status = {status: enabled ? 'active' : 'inactive'};
      const made = {
        id: id('pmd'),
        object: 'payment_method_domain',
        domain_name: domainName,
        enabled,
        apple_pay: status,
        google_pay: status,
        link: status,
        paypal: status,
        amazon_pay: status,
        created: 1_767_225_600,
        livemode: false,
      };
      domains.push(made);
      return made;
    },
  };
}

const int = (value: FormValue | undefined): number | null => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

/** One page of a list, newest first, after `starting_after` when given, `limit` long (10 unless told, at most 100). */
function page(all: Json[], url: string, query: Params): Reply {
  const newestFirst = [...all].reverse();
  const after = typeof query.starting_after === 'string' ? newestFirst.findIndex((item) => item.id === query.starting_after) + 1 : 0;
  const limit = Math.min(int(query.limit) ?? 10, 100);
  const rest = newestFirst.slice(after);
  return ok({object: 'list', url, has_more: rest.length > limit, data: rest.slice(0, limit)});
}

export function accountRoutes(account: StandInAccount): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/v1\/account$/,
      params: ['Accounts.d.ts', 'AccountRetrieveCurrentParams'],
      run: () =>
        ok({
          id: 'acct_standin',
          object: 'account',
          country: 'AU',
          default_currency: 'aud',
          charges_enabled: true,
          capabilities: {...account.capabilities},
        }),
    },
    {
      method: 'GET',
      path: /^\/v1\/webhook_endpoints$/,
      params: ['WebhookEndpoints.d.ts', 'WebhookEndpointListParams'],
      run: (query) => page(account.webhookEndpoints, '/v1/webhook_endpoints', query),
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_method_domains$/,
      params: ['PaymentMethodDomains.d.ts', 'PaymentMethodDomainListParams'],
      run: (query) => {
        const wanted = (domain: Json) =>
          (query.domain_name === undefined || domain.domain_name === query.domain_name) &&
          (query.enabled === undefined || String(domain.enabled) === query.enabled);
        return page(account.domains.filter(wanted), '/v1/payment_method_domains', query);
      },
    },
  ];
}
