/**
 * An endpoint with records and the admin token, for tests of published forms: registered in a `describe` block, it
 * starts a Stripe stand-in and a database for each test, and publishes forms as the admin routes take them.
 */
import {afterEach, beforeEach, expect} from 'vitest';
import {createPgStore} from '../records';
import type {CoralHandlerOptions} from '../doorway';
import type {TestDatabase} from './databases';
import {makeHandler} from './fixtures';
import {startStripeStandIn, type StripeStandIn} from './stripeStandIn';

export const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
export const BASE = 'https://coral.example.org';

export type PublishedEndpoint = {
  stripe: StripeStandIn;
  test: TestDatabase;
  handler: (request: Request, context?: {clientAddress?: string}) => Promise<Response>;
  /** A new handler on the same records and stand-in, with other options. */
  remake: (options: Partial<CoralHandlerOptions>) => void;
  /** Publishes `config` (with its `component`) as form `id`, and expects it taken. */
  publish: (id: string, config: unknown) => Promise<void>;
};

export function publishedEndpoint(create: () => Promise<TestDatabase>): PublishedEndpoint {
  const endpoint = {} as PublishedEndpoint;
  endpoint.remake = (options) => {
    ({handler: endpoint.handler} = makeHandler(endpoint.stripe, {
      campaigns: new Map(),
      store: createPgStore(endpoint.test.db),
      db: endpoint.test.db,
      ...options,
    }));
  };
  endpoint.publish = async (id, config) => {
    const published = await endpoint.handler(
      new Request(`${BASE}/forms/${id}`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(config),
      }),
    );
    expect(published.status).toBe(201);
  };
  beforeEach(async () => {
    endpoint.stripe = await startStripeStandIn();
    endpoint.test = await create();
    endpoint.remake({adminToken: ADMIN_TOKEN});
  });
  afterEach(async () => {
    await endpoint.stripe.close();
    await endpoint.test.drop();
  });
  return endpoint;
}
