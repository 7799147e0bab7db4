/** The Worker entry: the same handler on Stripe's fetch-based HTTP client, as Cloudflare Workers run it. */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createMemoryGiftStore} from '../testing/memoryStore';
import {giftBody, newKey, ORIGIN, GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import worker, {buildFromEnv, handlerFromEnv, WORKER} from './worker';

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

const gift = () =>
  new Request('https://coral.example.workers.dev/gifts', {
    method: 'POST',
    headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey()},
    body: JSON.stringify(giftBody()),
  });

const MAIL = {
  CORAL_SMTP_URL: 'smtps://receipts:relay-password-for-tests-only@smtp.example.org:465',
  CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
  CORAL_RECEIPTS: JSON.stringify({legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'}),
};

const vars = () => ({
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  CORAL_GUARD_SECRET: GUARD_SECRET,
  CORAL_ALLOWED_ORIGINS: ORIGIN,
  CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]',
  STRIPE_API_URL: stripe.url,
});

describe('the Worker', () => {
  it('takes a gift through fetch, with the campaigns given inline', async () => {
    const store = createMemoryGiftStore();
    const response = await handlerFromEnv(vars(), store)(gift());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({status: 'requires_confirmation', kind: 'payment'});
    expect(stripe.paymentIntents.size).toBe(1);
    expect(store.gifts).toHaveLength(1);
  });

  it('lets an admin page named in CORAL_ADMIN_ORIGINS publish from a browser, and no other', async () => {
    const admin = 'https://admin.example.org';
    const handle = handlerFromEnv(
      {...vars(), CORAL_ADMIN_TOKEN: 'admin-token-for-tests-only-000000000000', CORAL_ADMIN_ORIGINS: admin},
      createMemoryGiftStore(),
    );
    const preflight = (origin: string) =>
      handle(
        new Request('https://coral.example.workers.dev/forms/save-the-reef', {
          method: 'OPTIONS',
          headers: {origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type'},
        }),
      );
    const allowed = await preflight(admin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(admin);
    expect((await preflight(ORIGIN)).status).toBe(403);
  });

  it('warns once, naming the nearest setting, of a CORAL_ variable that is no setting', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = {...vars(), CORAL_GIFT_PER_ADDRESS: '3'};
    const store = createMemoryGiftStore();
    const from = {clientAddress: '203.0.113.7'};
    expect((await handlerFromEnv(env, store)(gift(), from)).status).toBe(200);
    expect((await handlerFromEnv(env, store)(gift(), from)).status).toBe(200);
    expect(warned.mock.calls).toEqual([
      ['coral endpoint: CORAL_GIFT_PER_ADDRESS is not a setting Coral knows; did you mean CORAL_GIFTS_PER_ADDRESS?'],
    ]);
  });

  it('says once, at its first request, that a host giving no client address leaves the limits per address off', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handle = handlerFromEnv({...vars(), CORAL_GIFTS_PER_ADDRESS: '1'}, createMemoryGiftStore());
    expect((await handle(gift())).status).toBe(200);
    expect((await handle(gift())).status).toBe(200);
    expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)) as object)).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringMatching(
          /^this host gives no client address, so the limits per address are off: pass the address it gives as \{clientAddress\}/,
        ),
      }),
    ]);
    // Given the address the host knows, the limits per address hold.
    expect((await handle(gift(), {clientAddress: '203.0.113.7'})).status).toBe(200);
    expect((await handle(gift(), {clientAddress: '203.0.113.7'})).status).toBe(429);
    expect((await handle(gift(), {clientAddress: '198.51.100.20'})).status).toBe(200);
    expect(warned).toHaveBeenCalledTimes(1);
  });

  it('refuses to start without a database, saying why in one line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await worker.fetch(gift(), vars());
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({status: 'error', outcome: 'not-sent', retryable: false});
    expect(logged.mock.calls).toEqual([[expect.stringMatching(/^coral endpoint: DATABASE_URL is not set: .*Hyperdrive/)]]);
    expect(stripe.requests).toHaveLength(0);
  });

  it('starts with mail set, taking gifts while its Cron Trigger sends the receipts', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const env = {...vars(), ...MAIL};
    const {response} = await buildFromEnv(env, createMemoryGiftStore(), WORKER).serve(gift());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({status: 'requires_confirmation', kind: 'payment'});
    expect(buildFromEnv(env, undefined, WORKER).scheduled).toBeTypeOf('function');
    expect(logged).not.toHaveBeenCalled();
  });

  it('refuses to start on Vercel or Netlify with mail set, which no Cron Trigger there would send, saying so in one line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handlerFromEnv({...vars(), ...MAIL}, createMemoryGiftStore())(gift());
    expect(response.status).toBe(500);
    expect(logged.mock.calls).toEqual([
      [
        expect.stringMatching(
          /^coral endpoint: CORAL_SMTP_URL is set, and this host has no Cron Trigger to send mail: run the endpoint on Node/,
        ),
      ],
    ]);
    expect(JSON.stringify(logged.mock.calls)).not.toContain('relay-password');
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers that nothing was done while a variable is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await worker.fetch(gift(), {STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY});
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({status: 'error', outcome: 'not-sent'});
    expect(stripe.requests).toHaveLength(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps its records in the Postgres server at DATABASE_URL, migrating it first', async () => {
    const {DATABASES} = await import('../testing/databases');
    const test = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    try {
      // An empty database, as a new Postgres server has: the Worker applies every migration itself.
      await test.db.script('drop schema public cascade; create schema public');
      const response = await worker.fetch(gift(), {...vars(), DATABASE_URL: test.url});
      expect(response.status).toBe(200);
      const kept = await test.db.query<{campaign: string}>('select campaign from gifts');
      expect(kept).toEqual([{campaign: 'save-the-reef'}]);
    } finally {
      await test.drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('serves the results page and its script, bundled into the Worker', async () => {
    const {DATABASES} = await import('../testing/databases');
    const test = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    try {
      const env = {...vars(), DATABASE_URL: test.url, CORAL_ADMIN_TOKEN: 'admin-token-for-tests-only-000000000000'};
      const page = await worker.fetch(new Request('https://coral.example.workers.dev/results'), env);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<label for="token">Admin token</label>');
      const script = await worker.fetch(new Request('https://coral.example.workers.dev/results/app.js'), env);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      // The page's own words, and Plot's, in one script.
      const text = await script.text();
      expect(text).toContain('Loading the results of');
      expect(text).toContain('plot-d6a7b5');
    } finally {
      await test.drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs the day’s retention on its Cron Trigger, once a day', async () => {
    const {DATABASES} = await import('../testing/databases');
    const {createPgStore} = await import('../records');
    const {keptGift} = await import('../testing/records');
    const test = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    try {
      // Started two days ago, never paid, no consent to contact: it keeps no details after a day.
      const started = Math.floor(Date.now() / 1000) - 2 * 86_400;
      const consent = {given: false, wording: 'Keep me updated.', version: '0123456789abcdef'};
      await createPgStore(test.db).keepGift(keptGift({reference: 'pi_abandoned', createdAt: started, consent}));
      const env = {...vars(), DATABASE_URL: test.url};
      const runs: Array<Promise<unknown>> = [];
      const context = {waitUntil: (work: Promise<unknown>) => runs.push(work)};
      await worker.scheduled(undefined, env, context);
      await Promise.all(runs);
      expect(await test.db.query('select email, deidentified_at is not null as done from gifts')).toEqual([{email: null, done: true}]);
      const ran = await test.db.query<{last: Date}>('select last_run_at as last from retention_runs');
      await worker.scheduled(undefined, env, context);
      await Promise.all(runs);
      expect(await test.db.query('select last_run_at as last from retention_runs')).toEqual(ran);
    } finally {
      await test.drop();
    }
  });
});
