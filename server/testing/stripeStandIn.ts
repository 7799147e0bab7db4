/**
 * A small local stand-in for Stripe's API, for the endpoint's offline tests.
 *
 * It copies Stripe's documented behaviour, not its code: form-encoded
 * requests authenticated with a secret key; JSON objects and `{error: {type,
 * code, message}}` errors with the documented status codes (400, 402, 404,
 * 429); and idempotent requests as docs.stripe.com/api/idempotent_requests
 * describes them: a POST with an `Idempotency-Key` already used with the same
 * parameters gets the first answer back (with `Idempotent-Replayed: true`),
 * and with different parameters a 400 `idempotency_error`; an answer is kept
 * only once the endpoint has started work, so a rate-limited request is not
 * kept and may be retried.
 *
 * It records every request, and can be told to make coming calls fail: a
 * card decline, a rate limit, a connection dropped before Stripe acts, or one
 * dropped after it acted (the answer lost on the way back). Stripe's hosted
 * payment page is not served: `completeCheckout` stands for a supporter
 * paying a Checkout Session there, and queues the events Stripe would send;
 * so do `refund` (a refund made in the Dashboard), `dispute` and
 * `closeDispute` (the supporter's bank). Every event carries the
 * `api_version` of the account's webhook endpoint.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import Stripe from 'stripe';
import {canonical, decodeForm, type FormValue} from './formBody';
import {accountRoutes, createAccount} from './stripeAccount';
import {createLedger} from './stripeObjects';
import {paramProblem, paramsOf} from './stripeParams';
import {stripeError, type Reply, type Route} from './stripeValues';

/** Obviously not a real key: the stand-in accepts any `sk_test_` key. */
export const STAND_IN_SECRET_KEY = 'sk_test_coral_standin';

/**
 * How a coming call fails: a card declined; a rate limit (not kept under the key); a connection dropped before
 * Stripe acts, or after it acted; or a Stripe 500, before it acts or after (Stripe may have made the object). Stripe
 * keeps a 500 under its idempotency key as any other answer of a request it began, and answers the key with it again.
 */
export type Failure = 'decline' | 'rate-limit' | 'drop' | 'drop-after-acting' | 'server-error' | 'server-error-after-acting';

export type RecordedRequest = {
  method: string;
  path: string;
  params: Record<string, FormValue>;
  idempotencyKey: string | null;
  /** True when the answer was a replay of an earlier one under the same key. */
  replayed: boolean;
};

type Planned = {failure: Failure; path: RegExp; times: number};
type Kept = {method: string; path: string; params: string; reply: Reply};

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * Starts the stand-in on 127.0.0.1 at a free port. `clock` is Stripe's time, in seconds; `webhookApiVersion`
 * the API version the account's webhook endpoint was made with, which its events are rendered in (by
 * default the installed SDK's own, as the docs ask).
 */
export async function startStripeStandIn({
  clock = () => 1_767_225_600,
  webhookApiVersion = Stripe.API_VERSION as string,
}: {clock?: () => number; webhookApiVersion?: string} = {}) {
  const ledger = createLedger(clock, webhookApiVersion);
  const account = createAccount();
  const requests: RecordedRequest[] = [];
  const kept = new Map<string, Kept>();
  const planned: Planned[] = [];

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      params: ['Customers.d.ts', 'CustomerCreateParams'],
      run: (params) => ledger.createCustomer(params),
    },
    {
      method: 'GET',
      path: /^\/v1\/customers$/,
      params: ['Customers.d.ts', 'CustomerListParams'],
      run: (query) => ledger.listCustomers(query),
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/([^/]+)$/,
      params: ['Customers.d.ts', 'CustomerRetrieveParams'],
      run: (_, id) => ledger.retrieveCustomer(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      params: ['Customers.d.ts', 'CustomerUpdateParams'],
      run: (params, id) => ledger.updateCustomer(id, params),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/customers\/([^/]+)$/,
      params: ['Customers.d.ts', 'CustomerDeleteParams'],
      run: (_, id) => ledger.deleteCustomer(id),
    },
    {
      method: 'GET',
      path: /^\/v1\/products\/([^/]+)$/,
      params: ['Products.d.ts', 'ProductRetrieveParams'],
      run: (_, id) => ledger.retrieveProduct(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      params: ['Products.d.ts', 'ProductCreateParams'],
      run: (params) => ledger.createProduct(params),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      params: ['PaymentIntents.d.ts', 'PaymentIntentCreateParams'],
      run: (params) => ledger.createPaymentIntent(params),
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      params: ['PaymentIntents.d.ts', 'PaymentIntentRetrieveParams'],
      run: (query, id) => ledger.retrievePaymentIntent(id, query),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      params: ['PaymentIntents.d.ts', 'PaymentIntentUpdateParams'],
      run: (params, id) => ledger.updatePaymentIntent(id, params),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      params: ['PaymentIntents.d.ts', 'PaymentIntentCancelParams'],
      run: (params, id) => ledger.cancelPaymentIntent(id, params),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      params: ['Subscriptions.d.ts', 'SubscriptionCreateParams'],
      run: (params) => ledger.createSubscription(params),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      params: ['Subscriptions.d.ts', 'SubscriptionUpdateParams'],
      run: (params, id) => ledger.updateSubscription(id, params),
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      params: ['Subscriptions.d.ts', 'SubscriptionRetrieveParams'],
      run: (_, id) => ledger.retrieveSubscription(id),
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      params: ['Subscriptions.d.ts', 'SubscriptionCancelParams'],
      run: (_, id) => ledger.cancelSubscription(id),
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions$/,
      params: ['Subscriptions.d.ts', 'SubscriptionListParams'],
      run: (query) => ledger.listSubscriptions(query),
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      params: ['Checkout/Sessions.d.ts', 'Checkout.SessionCreateParams'],
      run: (params) => ledger.createCheckoutSession(params),
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      params: ['Checkout/Sessions.d.ts', 'Checkout.SessionRetrieveParams'],
      run: (_, id) => ledger.retrieveCheckoutSession(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      params: ['BillingPortal/Sessions.d.ts', 'BillingPortal.SessionCreateParams'],
      run: (params) => ledger.createBillingPortalSession(params),
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/([^/]+)\/void$/,
      params: ['Invoices.d.ts', 'InvoiceVoidInvoiceParams'],
      run: (_, id) => ledger.voidInvoice(id),
    },
    {
      method: 'GET',
      path: /^\/v1\/invoice_payments$/,
      params: ['InvoicePayments.d.ts', 'InvoicePaymentListParams'],
      run: (query) => ledger.listInvoicePayments(query),
    },
    ...accountRoutes(account),
  ];
  // Read every endpoint's parameters now, while the test starts, rather than in its first request.
  for (const candidate of routes) paramsOf(candidate.params);

  function takeFailure(path: string): Failure | null {
    const plan = planned.find((p) => p.path.test(path));
    if (!plan) return null;
    plan.times -= 1;
    if (plan.times <= 0) planned.splice(planned.indexOf(plan), 1);
    return plan.failure;
  }

  function route(method: string, path: string, params: Record<string, FormValue>): Reply {
    for (const candidate of routes) {
      const match = candidate.method === method ? candidate.path.exec(path) : null;
      if (!match) continue;
      const problem = paramProblem(paramsOf(candidate.params), params);
      if (problem?.kind === 'unknown') {
        return stripeError(400, 'invalid_request_error', `Received unknown parameter: ${problem.param}`, {
          param: problem.param,
          code: 'parameter_unknown',
        });
      }
      if (problem?.kind === 'missing') {
        return stripeError(400, 'invalid_request_error', `Missing required param: ${problem.param}.`, {
          param: problem.param,
          code: 'parameter_missing',
        });
      }
      return candidate.run(params, decodeURIComponent(match[1] ?? ''));
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  /** What Stripe answers a request it takes on, or the failure planned for it. */
  function answer(failure: Failure | null, method: string, path: string, params: Record<string, FormValue>): Reply {
    if (failure === 'decline') {
      return stripeError(402, 'card_error', 'Your card was declined.', {code: 'card_declined', decline_code: 'generic_decline'});
    }
    const serverError = stripeError(500, 'api_error', 'An unknown error occurred.');
    if (failure === 'server-error') return serverError;
    const reply = route(method, path, params);
    return failure === 'server-error-after-acting' ? serverError : reply;
  }

  const send = (res: ServerResponse, reply: Reply, headers: Record<string, string> = {}) => {
    res.writeHead(reply.status, {'content-type': 'application/json', 'request-id': `req_standin${requests.length}`, ...headers});
    res.end(JSON.stringify(reply.body));
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    // The SDK sends a GET's and a DELETE's parameters in the query, a POST's in the body.
    const params = decodeForm(method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1));
    const key = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const recorded: RecordedRequest = {method, path: url.pathname, params, idempotencyKey: key, replayed: false};
    requests.push(recorded);

    if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
      return send(res, stripeError(401, 'invalid_request_error', 'Invalid API Key provided.'));
    }
    const failure = takeFailure(url.pathname);
    if (failure === 'drop') return req.socket.destroy();
    if (failure === 'rate-limit') {
      return send(res, stripeError(429, 'invalid_request_error', 'Too many requests hit the API too quickly.', {code: 'rate_limit'}));
    }

    const fingerprint = canonical(params);
    const earlier = key === null ? undefined : kept.get(key);
    if (earlier) {
      if (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return send(res, stripeError(400, 'idempotency_error', message));
      }
      recorded.replayed = true;
      return send(res, earlier.reply, {'idempotent-replayed': 'true'});
    }

    const reply = answer(failure, method, url.pathname, params);
    // Kept once the endpoint has acted; a request refused in validation (a 400) may be sent again with the same key.
    if (key !== null && reply.status !== 400 && reply.status !== 401 && reply.status !== 404) {
      kept.set(key, {method, path: url.pathname, params: fingerprint, reply});
    }
    if (failure === 'drop-after-acting') return req.socket.destroy();
    // Stripe asks its SDKs not to retry a 500 under the same key, which would only meet the same 500.
    send(res, reply, reply.status >= 500 ? {'stripe-should-retry': 'false'} : {});
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => send(res, stripeError(500, 'api_error', `stand-in failure: ${String(error)}`)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;

  return {
    port,
    /** The base address, for STRIPE_API_URL. */
    url: `http://127.0.0.1:${port}`,
    requests,
    ...ledger,
    account,
    /** The next `times` calls whose path matches fail as told. */
    failNext(failure: Failure, {path = /./, times = 1}: {path?: RegExp; times?: number} = {}) {
      planned.push({failure, path, times});
    },
    /** Drops every failure planned and not yet met. */
    clearFailures() {
      planned.length = 0;
    },
    /**
     * A client of the official SDK pointed here. Retries are off unless asked for, so a test decides how often
     * a call is tried (the SDK still retries a dropped connection once, as it always does).
     */
    client(options: {maxNetworkRetries?: number; httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>} = {}): Stripe {
      return new Stripe(STAND_IN_SECRET_KEY, {host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, ...options});
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
