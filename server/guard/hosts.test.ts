/** Where each host finds the client's address: Node's socket (and a trusted proxy's X-Forwarded-For), Cloudflare's CF-Connecting-IP. */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {readEndpointEnv} from '../doorway';
import {memoryLogger} from '../http';
import {startNodeEndpoint} from '../node';
import {CAMPAIGN_CONFIGS, newKey, ORIGIN, GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {smallestGift} from '../testing/guard';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import worker from '../workers';

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

const vars = () => ({
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  CORAL_GUARD_SECRET: GUARD_SECRET,
  STRIPE_API_URL: stripe.url,
  CORAL_ALLOWED_ORIGINS: ORIGIN,
  CORAL_CAMPAIGNS: JSON.stringify(CAMPAIGN_CONFIGS),
  CORAL_GIFTS_PER_ADDRESS: '2',
});

let n = 0;
const giftRequest = (url: string, headers: Record<string, string>) =>
  new Request(url, {
    method: 'POST',
    headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey(), ...headers},
    body: JSON.stringify(smallestGift((n += 1))),
  });

describe('the client address on Node', () => {
  let started: Extract<Awaited<ReturnType<typeof startNodeEndpoint>>, {ok: true}>;
  let dataDir: string;
  // Started in a hook, which may take longer than a test: PGlite opens and migrates a folder first.
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'coral-guard-'));
    const result = await startNodeEndpoint(
      {...vars(), PORT: '0', CORAL_DATA_DIR: dataDir, CORAL_TRUSTED_PROXIES: '127.0.0.1'},
      {logger: memoryLogger()},
    );
    if (!result.ok) throw new Error(result.message);
    started = result;
  });
  afterEach(async () => {
    started.server.closeAllConnections();
    await started.stop();
    rmSync(dataDir, {recursive: true, force: true});
  });

  it('is the socket’s, or the address a trusted proxy on it forwarded', async () => {
    const send = async (forwardedFor: string) =>
      (await fetch(giftRequest(`http://127.0.0.1:${started.port}/gifts`, {'x-forwarded-for': forwardedFor}))).status;
    const statuses = [];
    for (const address of ['1.1.1.1, 203.0.113.1', '203.0.113.1', '2.2.2.2, 203.0.113.1', '203.0.113.2'])
      statuses.push(await send(address));
    expect(statuses).toEqual([200, 200, 429, 200]);
  });
});

describe('the client address elsewhere', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('on Workers, is CF-Connecting-IP, which Cloudflare sets', async () => {
    const {DATABASES} = await import('../testing/databases');
    const test = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    try {
      const env = {...vars(), DATABASE_URL: test.url, CORAL_LOG_LEVEL: 'error'};
      const send = async (address: string) =>
        (await worker.fetch(giftRequest('https://coral.example.workers.dev/gifts', {'cf-connecting-ip': address}), env)).status;
      const statuses = [];
      for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) statuses.push(await send(address));
      expect(statuses).toEqual([200, 200, 429, 200]);
    } finally {
      await test.drop();
    }
  });

  it('stops the endpoint with one line naming a wrong limit, as for every variable', () => {
    expect(readEndpointEnv({...vars(), CORAL_GIFTS_PER_EMAIL: 'lots'})).toEqual({
      ok: false,
      message: 'coral endpoint: CORAL_GIFTS_PER_EMAIL: "lots" is not a whole number from 0 to 100000',
    });
  });
});
