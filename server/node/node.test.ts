/** The endpoint's environment, and the endpoint on Node's HTTP server, end to end against the stand-in. */
import {copyFileSync, existsSync, mkdtempSync, rmSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import {tmpdir} from 'node:os';
import {join, relative, resolve} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import Stripe from 'stripe';
import {readEndpointEnv} from '../doorway';
import {memoryLogger} from '../http';
import {startNodeEndpoint} from './node';
import {giftBody, GUARD_SECRET, newKey, ORIGIN, WEBHOOK_SECRET} from '../testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const VARS = {
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  CORAL_ALLOWED_ORIGINS: `${ORIGIN}, http://localhost:3000`,
  CORAL_CAMPAIGNS: 'server/campaigns.example.json',
  CORAL_GUARD_SECRET: GUARD_SECRET,
};

describe('readEndpointEnv', () => {
  it.each(Object.keys(VARS).filter((name) => name !== 'CORAL_GUARD_SECRET'))('names %s when it is missing', (name) => {
    const result = readEndpointEnv({...VARS, [name]: undefined}, () => '[{"campaign": "save-the-reef"}]');
    expect(result).toEqual({ok: false, message: `coral endpoint: ${name} is not set (see server/README.md for what it holds)`});
  });

  it.each([
    [{STRIPE_SECRET_KEY: 'pk_test_coral_standin'}, 'STRIPE_SECRET_KEY holds a publishable key'],
    [{STRIPE_WEBHOOK_SECRET: 'sk_test_coral_standin'}, 'STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret'],
    [{CORAL_ALLOWED_ORIGINS: 'https://www.example.org/donate'}, 'CORAL_ALLOWED_ORIGINS: "https://www.example.org/donate" is not an origin'],
    [
      {CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef", "frequencies": ["fortnightly"]}]'},
      'CORAL_CAMPAIGNS: campaigns[0]: frequencies.0: got "fortnightly"',
    ],
    [{CORAL_CAMPAIGNS: '[]'}, 'CORAL_CAMPAIGNS lists no campaigns'],
    [{PORT: 'eighty'}, 'PORT: "eighty" is not a port number'],
    [{PORT: '70000'}, 'PORT: "70000" is not a port number'],
    [{DATABASE_URL: 'mysql://localhost/coral'}, 'DATABASE_URL does not look like a Postgres address'],
    [{CORAL_EXPORT_TOKEN: 'letmein'}, 'CORAL_EXPORT_TOKEN is too short'],
    [{CORAL_PRIVACY_TOKEN: 'x'.repeat(31)}, 'CORAL_PRIVACY_TOKEN is too short to keep supporters'],
    [{CORAL_ADMIN_TOKEN: 'a'.repeat(31)}, 'CORAL_ADMIN_TOKEN is too short to keep your forms safe'],
    [{CORAL_ADMIN_TOKEN: 'e'.repeat(40), CORAL_EXPORT_TOKEN: 'e'.repeat(40)}, 'CORAL_ADMIN_TOKEN is the same as CORAL_EXPORT_TOKEN'],
    [
      {CORAL_ADMIN_TOKEN: ` ${'p'.repeat(40)}`, CORAL_PRIVACY_TOKEN: 'p'.repeat(40)},
      'CORAL_ADMIN_TOKEN is the same as CORAL_PRIVACY_TOKEN',
    ],
    [{CORAL_RETENTION_DAYS: '29'}, 'CORAL_RETENTION_DAYS: "29" is not keep or a number of days from 30 to 36500'],
    [{CORAL_RETENTION_DAYS: 'forever'}, 'CORAL_RETENTION_DAYS: "forever" is not keep'],
    [{CORAL_RETENTION_DAYS: '1e3'}, 'CORAL_RETENTION_DAYS: "1e3" is not keep'],
    [{CORAL_FORWARD_URL: 'https://crm.example.org/coral'}, 'CORAL_FORWARD_URL is set but CORAL_FORWARD_SECRET is not'],
    [
      {CORAL_FORWARD_URL: 'http://crm.example.org/coral', CORAL_FORWARD_SECRET: 'x'.repeat(40)},
      'CORAL_FORWARD_URL: expected an https:// address',
    ],
    [{CORAL_FORWARD_URL: 'https://crm.example.org/coral', CORAL_FORWARD_SECRET: 'short'}, 'CORAL_FORWARD_SECRET: use at least 32'],
    [{STRIPE_WEBHOOK_SECRET: 'whsec_'}, 'STRIPE_WEBHOOK_SECRET is too short: a webhook signing secret is whsec_ and at least 24 more'],
    [{STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(23)}`}, 'STRIPE_WEBHOOK_SECRET is too short'],
    [{STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(20)} ${'x'.repeat(20)}`}, 'STRIPE_WEBHOOK_SECRET holds a space'],
    [{CORAL_ALLOWED_ORIGINS: ' , '}, 'CORAL_ALLOWED_ORIGINS lists no origin'],
    [
      {CORAL_ALLOWED_ORIGINS: 'https://www.example.org:443'},
      'CORAL_ALLOWED_ORIGINS: "https://www.example.org:443" names the default port, which browsers never send: write https://www.example.org',
    ],
    [{CORAL_ALLOWED_ORIGINS: `${ORIGIN}, http://localhost:80`}, 'CORAL_ALLOWED_ORIGINS: "http://localhost:80" names the default port'],
    [
      {CORAL_ALLOWED_ORIGINS: 'https://*.example.org'},
      'CORAL_ALLOWED_ORIGINS: "https://*.example.org" is a wildcard, which is never an origin: list each origin',
    ],
    [{CORAL_ALLOWED_ORIGINS: 'https://www.example.org/'}, 'CORAL_ALLOWED_ORIGINS: "https://www.example.org/" is not an origin'],
    [{CORAL_ALLOWED_ORIGINS: 'https://www.example.org?x=1'}, 'CORAL_ALLOWED_ORIGINS: "https://www.example.org?x=1" is not an origin'],
    [
      {CORAL_ALLOWED_ORIGINS: 'ftp://files.example.org'},
      'CORAL_ALLOWED_ORIGINS: "ftp://files.example.org" is not an http:// or https:// origin',
    ],
    [{CORAL_ALLOWED_ORIGINS: 'www.example.org'}, 'CORAL_ALLOWED_ORIGINS: "www.example.org" is not an origin'],
    [
      {CORAL_ALLOWED_ORIGINS: 'https://WWW.Example.org'},
      'CORAL_ALLOWED_ORIGINS: "https://WWW.Example.org" is not written as a browser sends it: write https://www.example.org',
    ],
    [
      {CORAL_ADMIN_ORIGINS: 'https://*.example.org', CORAL_ADMIN_TOKEN: 'a'.repeat(32)},
      'CORAL_ADMIN_ORIGINS: "https://*.example.org" is a wildcard, which is never an origin: list each origin',
    ],
    [
      {CORAL_ADMIN_ORIGINS: 'https://admin.example.org/publish', CORAL_ADMIN_TOKEN: 'a'.repeat(32)},
      'CORAL_ADMIN_ORIGINS: "https://admin.example.org/publish" is not an origin',
    ],
    [
      {CORAL_ADMIN_ORIGINS: 'https://admin.example.org'},
      'CORAL_ADMIN_ORIGINS is set but CORAL_ADMIN_TOKEN is not: set the token too, or nothing can be published from those origins',
    ],
    [{CORAL_BASE_PATH: 'api'}, 'CORAL_BASE_PATH: "api" must start with a slash, e.g. /api/coral'],
    [{CORAL_BASE_PATH: '/api/'}, 'CORAL_BASE_PATH: "/api/" must not end with a slash, e.g. /api/coral'],
    [{CORAL_BASE_PATH: '/'}, 'CORAL_BASE_PATH: "/" must not end with a slash'],
    [{CORAL_BASE_PATH: '/api coral'}, 'CORAL_BASE_PATH: "/api coral" is not a path'],
    [{CORAL_BASE_PATH: '/api?x=1'}, 'CORAL_BASE_PATH: "/api?x=1" is not a path'],
    [{CORAL_BASE_PATH: '/api//coral'}, 'CORAL_BASE_PATH: "/api//coral" is not a path'],
    [{CORAL_BASE_PATH: '/api/../coral'}, 'CORAL_BASE_PATH: "/api/../coral" is not a path'],
    [
      {STRIPE_SECRET_KEY: 'sk_live_coral_not_a_key', STRIPE_API_URL: 'http://127.0.0.1:12111'},
      'STRIPE_API_URL is set with a live key: it would send the live key to 127.0.0.1',
    ],
    [{STRIPE_SECRET_KEY: 'rk_live_coral_not_a_key', STRIPE_API_URL: 'https://stripe.example.org'}, 'STRIPE_API_URL is set with a live key'],
  ])('refuses %j', (change, start) => {
    const result = readEndpointEnv({...VARS, ...change}, () => '[{"campaign": "save-the-reef"}]');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(new RegExp(`^coral endpoint: ${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it.each([
    [undefined, 'CORAL_GUARD_SECRET is not set'],
    ['', 'CORAL_GUARD_SECRET is not set'],
    ['x'.repeat(31), 'CORAL_GUARD_SECRET is too short'],
  ])('refuses to take gifts with CORAL_GUARD_SECRET %j, in one line saying how to make one', (secret, start) => {
    const result = readEndpointEnv({...VARS, CORAL_GUARD_SECRET: secret}, () => '[{"campaign": "save-the-reef"}]');
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message.startsWith(`coral endpoint: ${start}`)).toBe(true);
    expect(message).toContain('openssl rand -hex 32');
    expect(message).not.toContain('\n');
  });

  it('takes a guard secret of 32 characters or more, and needs none for petitions alone', () => {
    const taken = readEndpointEnv({...VARS, CORAL_GUARD_SECRET: ` ${'x'.repeat(32)} `}, () => '[{"campaign": "save-the-reef"}]');
    expect(taken.ok && taken.env.guard.secret).toBe('x'.repeat(32));
    const petitions = readEndpointEnv({CORAL_ALLOWED_ORIGINS: ORIGIN, CORAL_CAMPAIGNS: '{"powerforms": [{"campaign": "reef"}]}'});
    expect(petitions.ok && petitions.env.guard.secret).toBeNull();
  });

  it('reads the campaigns from a file, or inline where there is no file system', () => {
    const fromFile = readEndpointEnv(VARS, (path) => (path === VARS.CORAL_CAMPAIGNS ? '[{"campaign": "save-the-reef"}]' : ''));
    expect(fromFile.ok && [...fromFile.env.campaigns.donateForms.keys()]).toEqual(['save-the-reef']);
    const inline = readEndpointEnv({...VARS, CORAL_CAMPAIGNS: '[{"campaign": "ban-deep-sea-mining"}]'});
    expect(inline.ok && [...inline.env.campaigns.donateForms.keys()]).toEqual(['ban-deep-sea-mining']);
    expect(readEndpointEnv(VARS)).toMatchObject({
      ok: false,
      message: expect.stringContaining('must hold the campaigns as JSON on this host'),
    });
    expect(inline.ok && inline.env.allowedOrigins).toEqual([ORIGIN, 'http://localhost:3000']);
  });

  it('needs no campaigns file where forms are published on the endpoint, and still reads one given', () => {
    const admin = {CORAL_ALLOWED_ORIGINS: ORIGIN, CORAL_ADMIN_TOKEN: 'admin-token-for-tests-only-000000000000'};
    const published = readEndpointEnv(admin);
    expect(published.ok && published.env.campaigns).toEqual({donateForms: new Map(), powerforms: new Map()});
    // Without Stripe's keys it takes signatures only; with them, gifts too.
    expect(published.ok && published.env.stripe).toBeNull();
    const giving = readEndpointEnv({
      ...admin,
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CORAL_GUARD_SECRET: GUARD_SECRET,
    });
    expect(giving.ok && giving.env.stripe?.secretKey).toBe(STAND_IN_SECRET_KEY);
    const both = readEndpointEnv({...admin, CORAL_CAMPAIGNS: '{"powerforms": [{"campaign": "reef"}]}'});
    expect(both.ok && [...both.env.campaigns.powerforms.keys()]).toEqual(['reef']);
    expect(readEndpointEnv({...admin, CORAL_CAMPAIGNS: '[]'})).toMatchObject({
      message: expect.stringContaining('CORAL_CAMPAIGNS lists no campaigns'),
    });
  });

  it('takes what is well formed', () => {
    const result = readEndpointEnv({
      ...VARS,
      STRIPE_WEBHOOK_SECRET: `whsec_${'0'.repeat(24)}`,
      CORAL_ALLOWED_ORIGINS: ` ${ORIGIN} , http://localhost:3000,http://[::1]:8080, https://donate.example.org:8443 ,`,
      CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]',
      CORAL_BASE_PATH: '/api/coral.v1',
    });
    expect(result.ok && result.env.allowedOrigins).toEqual([
      ORIGIN,
      'http://localhost:3000',
      'http://[::1]:8080',
      'https://donate.example.org:8443',
    ]);
    expect(result.ok && result.env.basePath).toBe('/api/coral.v1');
    const live = readEndpointEnv({
      ...VARS,
      STRIPE_SECRET_KEY: 'sk_live_coral_not_a_key',
      CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]',
    });
    expect(live.ok && live.env.stripe?.api).toEqual({});
  });

  it('keeps records whatever their age unless CORAL_RETENTION_DAYS names days, and takes a privacy token apart from export', () => {
    const read = (change: Record<string, string>) => readEndpointEnv({...VARS, ...change}, () => '[{"campaign": "save-the-reef"}]');
    const kept = read({});
    expect(kept.ok && {days: kept.env.retentionDays, token: kept.env.privacyToken}).toEqual({days: null, token: null});
    expect(read({CORAL_RETENTION_DAYS: 'keep'})).toMatchObject({ok: true, env: {retentionDays: null}});
    expect(read({CORAL_RETENTION_DAYS: ' 730 '})).toMatchObject({ok: true, env: {retentionDays: 730}});
    expect(read({CORAL_RETENTION_DAYS: '30'})).toMatchObject({ok: true, env: {retentionDays: 30}});
    expect(read({CORAL_PRIVACY_TOKEN: 'p'.repeat(32)})).toMatchObject({ok: true, env: {privacyToken: 'p'.repeat(32), exportToken: null}});
    expect(kept.ok && kept.env.adminToken).toBe(null);
    expect(read({CORAL_ADMIN_TOKEN: 'a'.repeat(32)})).toMatchObject({ok: true, env: {adminToken: 'a'.repeat(32), privacyToken: null}});
  });

  it('lets no admin page publish unless CORAL_ADMIN_ORIGINS names its origin', () => {
    const read = (change: Record<string, string>) => readEndpointEnv({...VARS, ...change}, () => '[{"campaign": "save-the-reef"}]');
    const none = read({CORAL_ADMIN_TOKEN: 'a'.repeat(32)});
    expect(none.ok && none.env.adminOrigins).toEqual([]);
    const named = read({CORAL_ADMIN_TOKEN: 'a'.repeat(32), CORAL_ADMIN_ORIGINS: ' https://coral.example.org , http://localhost:3000,'});
    expect(named.ok && named.env.adminOrigins).toEqual(['https://coral.example.org', 'http://localhost:3000']);
  });
});

describe('relative paths', {timeout: 60_000}, () => {
  it('are read from the repository’s root, not from where npm was run (INIT_CWD)', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const from = mkdtempSync(join(tmpdir(), 'coral-init-cwd-'));
    copyFileSync('server/campaigns.example.json', join(from, 'campaigns.json'));
    const records = join(from, 'records');
    const started = await startNodeEndpoint(
      {
        ...VARS,
        INIT_CWD: join(root, 'server'),
        CORAL_CAMPAIGNS: relative(root, join(from, 'campaigns.json')),
        CORAL_DATA_DIR: relative(root, records),
        PORT: '0',
      },
      {logger: memoryLogger()},
    );
    try {
      expect(started.ok && started.env.dataDir).toBe(records);
      expect(existsSync(records)).toBe(true);
    } finally {
      if (started.ok) await started.stop();
      rmSync(from, {recursive: true, force: true});
    }
  });
});

describe('starting where the records cannot be opened', {timeout: 60_000}, () => {
  const PETITIONS = {CORAL_ALLOWED_ORIGINS: ORIGIN, CORAL_CAMPAIGNS: '{"powerforms": [{"campaign": "save-the-reef"}]}', PORT: '0'};

  it('refuses a folder another endpoint in this process holds, in one line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coral-held-'));
    const first = await startNodeEndpoint({...VARS, CORAL_DATA_DIR: dataDir, PORT: '0'}, {logger: memoryLogger()});
    try {
      expect(await startNodeEndpoint({...VARS, CORAL_DATA_DIR: dataDir, PORT: '0'}, {logger: memoryLogger()})).toEqual({
        ok: false,
        message: `coral endpoint: the embedded database in ${dataDir} is in use by this process (pid ${process.pid}): stop that process first, or set CORAL_DATA_DIR to another folder`,
      });
    } finally {
      if (first.ok) await first.stop();
      rmSync(dataDir, {recursive: true, force: true});
    }
  });

  it('names the host and port of a DATABASE_URL where nothing listens, and what to check', async () => {
    const started = await startNodeEndpoint(
      {...PETITIONS, DATABASE_URL: 'postgres://coral:not-a-real-password-0000@127.0.0.1:1/coral'},
      {logger: memoryLogger()},
    );
    expect(started).toEqual({
      ok: false,
      message:
        'coral endpoint: the database at DATABASE_URL (127.0.0.1:1) refuses connections: check its host and port, and that Postgres is running there',
    });
  });
});

/**
 * Posts `count` chunks of `chunk` one after another, as a client streaming a body does (chunked, no length), and
 * answers the status and body of the answer, which may come before the last chunk is sent.
 */
function postInChunks(url: string, headers: Record<string, string>, chunk: string, count: number) {
  return new Promise<{status: number; body: string}>((done, failed) => {
    let answered = false;
    const request = httpRequest(url, {method: 'POST', headers}, (response) => {
      answered = true;
      let body = '';
      response.on('data', (part: Buffer) => (body += part.toString()));
      response.on('end', () => done({status: response.statusCode ?? 0, body}));
    });
    // Once the endpoint has answered and closed the connection, the writes still going fail: that is the client's.
    request.on('error', (error) => !answered && failed(error));
    void (async () => {
      for (let i = 0; i < count && !answered && !request.destroyed; i += 1) {
        request.write(chunk);
        await new Promise((wait) => setTimeout(wait, 5));
      }
      if (!request.destroyed) request.end();
    })();
  });
}

const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const PRIVACY_TOKEN = 'privacy-token-for-tests-only-00000000000';

describe('the endpoint on Node', () => {
  let stripe: StripeStandIn;
  let stop: () => Promise<void>;
  let base: string;

  beforeEach(async () => {
    stripe = await startStripeStandIn();
    const dataDir = mkdtempSync(join(tmpdir(), 'coral-node-'));
    const started = await startNodeEndpoint(
      {
        ...VARS,
        STRIPE_API_URL: stripe.url,
        PORT: '0',
        CORAL_DATA_DIR: dataDir,
        CORAL_ADMIN_TOKEN: ADMIN_TOKEN,
        CORAL_PRIVACY_TOKEN: PRIVACY_TOKEN,
      },
      {logger: memoryLogger()},
    );
    if (!started.ok) throw new Error(started.message);
    base = `http://127.0.0.1:${started.port}`;
    stop = async () => {
      started.server.closeAllConnections();
      await started.stop();
      rmSync(dataDir, {recursive: true, force: true});
    };
  });
  afterEach(async () => {
    await stop();
    await stripe.close();
  });

  it('takes a gift over HTTP, with the key it was sent', async () => {
    const key = newKey();
    const response = await fetch(`${base}/gifts`, {
      method: 'POST',
      headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': key},
      body: JSON.stringify(giftBody({campaign: 'save-the-reef', frequency: 'monthly', amount: 2500})),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await response.json()).toMatchObject({status: 'requires_confirmation', kind: 'subscription'});
    expect(stripe.requests.find((r) => r.path === '/v1/subscriptions')?.idempotencyKey).toBe(`coral:${key}:subscription`);
  });

  it('verifies a webhook on the exact bytes it received', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      api_version: Stripe.API_VERSION,
      data: {object: {}},
    });
    const signature = Stripe.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET});
    const good = await fetch(`${base}/webhooks/stripe`, {method: 'POST', headers: {'stripe-signature': signature}, body: payload});
    expect([good.status, await good.json()]).toEqual([200, {received: true, recorded: false}]);
    const bad = await fetch(`${base}/webhooks/stripe`, {method: 'POST', headers: {'stripe-signature': signature}, body: `${payload} `});
    expect(bad.status).toBe(400);
  });

  it('refuses a body too big to be a gift or an event before buffering it', async () => {
    const response = await fetch(`${base}/gifts`, {method: 'POST', headers: {origin: ORIGIN}, body: 'x'.repeat(2 * 1024 * 1024)});
    expect([response.status, await response.json()]).toEqual([413, {status: 'rejected', reason: 'the body is too large'}]);
  });

  it('answers 413 to a body streamed past its limit, and stays up for the next request', async () => {
    const crashed: unknown[] = [];
    const onCrash = (error: unknown) => crashed.push(error);
    process.on('uncaughtException', onCrash);
    try {
      // The results page's sign-in takes a form of 4 KB at most; the supporters' routes a JSON body of 16 KB.
      const signIn = await postInChunks(
        `${base}/results`,
        {'content-type': 'application/x-www-form-urlencoded', origin: base, 'sec-fetch-site': 'same-origin'},
        `token=${'x'.repeat(1024)}&`,
        64,
      );
      expect(signIn.status).toBe(413);
      expect(signIn.body).toContain('too large');
      const records = await postInChunks(
        `${base}/supporters/records`,
        {'content-type': 'application/json', authorization: `Bearer ${PRIVACY_TOKEN}`},
        `{"email": "${'x'.repeat(64 * 1024)}`,
        40,
      );
      expect([records.status, JSON.parse(records.body)]).toEqual([413, {status: 'rejected', reason: 'the body is too large'}]);
      // What the endpoint did not read is never read: the chunks still arriving after the answer change nothing.
      await new Promise((wait) => setTimeout(wait, 300));
      expect(crashed).toEqual([]);
      expect((await fetch(`${base}/health`)).status).toBe(200);
    } finally {
      process.off('uncaughtException', onCrash);
    }
  });

  it('reads on briefly past a refused body, so a client that sent it whole still hears the 413', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await postInChunks(
        `${base}/supporters/records`,
        {'content-type': 'application/json', authorization: `Bearer ${PRIVACY_TOKEN}`},
        `{"email": "${'x'.repeat(256 * 1024)}"}`,
        1,
      );
      expect(answer.status).toBe(413);
    }
  });
});
