/**
 * The results page and its sign-in, on every kind of database: the session cookie and its attributes, a wrong token,
 * expiry, sign-out, the sign-in's rate limit, posts from another site, and the staff routes the page reads with it.
 */
import {createHash} from 'node:crypto';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {resultsAnswerSchema} from '../../src/coral/contract';
import {createPgStore} from '../records';
import {createCoralHandler, type CoralHandlerOptions} from '../doorway';
import {memoryLogger} from '../http';
import {SIGN_INS_PER_ADDRESS} from './signInRoute';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {NOW_MS, ORIGIN} from '../testing/fixtures';

const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const BASE = 'https://coral.example.org';
/** What Chromium sends with a form posted from the page itself. */
const SAME_ORIGIN = {origin: BASE, 'sec-fetch-site': 'same-origin'};
const SCRIPT = 'console.log("the results page");';

const signIn = (token: string, headers: Record<string, string> = SAME_ORIGIN) =>
  new Request(`${BASE}/results`, {
    method: 'POST',
    headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
    body: new URLSearchParams({token}).toString(),
  });
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${BASE}${path}`, {headers});
/** The cookie a browser sends back: the Set-Cookie's first pair. */
const cookieOf = (response: Response): string => (response.headers.get('set-cookie') ?? '').split(';')[0]!;

describe.each(DATABASES)('the results page on $name', ({create}) => {
  let test: TestDatabase;
  let clock = NOW_MS;
  const handlerWith = (overrides: Partial<CoralHandlerOptions> = {}) =>
    createCoralHandler({
      stripe: null,
      webhookSecret: null,
      allowedOrigins: [ORIGIN],
      campaigns: new Map(),
      store: createPgStore(test.db),
      db: test.db,
      adminToken: ADMIN_TOKEN,
      now: () => clock,
      logger: memoryLogger(),
      resultsScript: async () => SCRIPT,
      ...overrides,
    });
  const handle = (request: Request, address = '203.0.113.7') => handlerWith()(request, {clientAddress: address});
  const signedIn = async () => cookieOf(await handle(signIn(ADMIN_TOKEN)));

  beforeEach(async () => {
    test = await create();
    clock = NOW_MS;
  });
  afterEach(async () => {
    await test.drop();
  });

  it('shows the sign-in form, with a strict policy and no script, until signed in', async () => {
    const page = await handle(get('/results'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<input id="token" name="token" type="password" autocomplete="current-password" required>');
    expect(html).toContain('<form method="post" action="/results">');
    expect(html).not.toContain('<script');
  });

  it('exchanges the admin token for a session cookie with every attribute, keeping only its hash', async () => {
    const answer = await handle(signIn(ADMIN_TOKEN));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/results');
    const [setCookie, device] = answer.headers.getSetCookie();
    expect(setCookie).toMatch(/^__Host-coral-results=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(device).toMatch(/^__Host-coral-results-device=\S+; Max-Age=15811200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(answer.headers.get('set-cookie')).not.toContain(ADMIN_TOKEN);
    const id = cookieOf(answer).split('=')[1]!;
    const rows = await test.db.query<{id_hash: string}>('select id_hash from results_sessions');
    expect(rows).toEqual([{id_hash: createHash('sha256').update(id).digest('hex')}]);

    const page = await handle(get('/results', {cookie: `theme=dark; ${cookieOf(answer)}`}));
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/results/app.js"></script>');
    expect(html).toContain('<form method="post" action="/results/sign-out">');
    expect(html).not.toContain('type="password"');
  });

  it('goes back to the form the page was opened on, and to no form that is not an id', async () => {
    const html = await (await handle(get('/results?form=save-the-reef'))).text();
    expect(html).toContain('<input type="hidden" name="form" value="save-the-reef">');
    const withForm = (form: string) =>
      new Request(`${BASE}/results`, {
        method: 'POST',
        headers: {'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN},
        body: new URLSearchParams({form, token: ADMIN_TOKEN}).toString(),
      });
    expect((await handle(withForm('save-the-reef'))).headers.get('location')).toBe('/results?form=save-the-reef');
    expect((await handle(withForm('https://evil.example/'))).headers.get('location')).toBe('/results');
    expect(await (await handle(get('/results?form=%22%3E%3Cscript%3E'))).text()).not.toContain('name="form"');
  });

  it('keeps the cookie to the base path when the endpoint is mounted under one', async () => {
    const answer = await handlerWith({basePath: '/api/coral'})(new Request(`${BASE}/api/coral/results`, signIn(ADMIN_TOKEN)));
    expect(answer.headers.get('location')).toBe('/api/coral/results');
    expect(answer.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Secure-coral-results=\S+; Max-Age=28800; Path=\/api\/coral; HttpOnly; Secure; SameSite=Strict$/),
      expect.stringMatching(/^__Secure-coral-results-device=\S+; Max-Age=15811200; Path=\/api\/coral; HttpOnly; Secure; SameSite=Strict$/),
    ]);
  });

  it('refuses a wrong token, a token of another length and a body with none, setting no cookie', async () => {
    for (const request of [
      signIn(ADMIN_TOKEN.replace(/0$/, '1')),
      signIn(`${ADMIN_TOKEN}0`),
      signIn(''),
      new Request(`${BASE}/results`, {method: 'POST', headers: {'content-type': 'application/json', ...SAME_ORIGIN}, body: '{}'}),
    ]) {
      const answer = await handle(request);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await answer.text()).toContain('That is not the admin token.');
    }
    expect(await test.db.query('select 1 from results_sessions')).toEqual([]);
  });

  it('ends a session after 8 hours by the server’s clock, whatever the browser keeps', async () => {
    const cookie = await signedIn();
    clock += 8 * 3600 * 1000 - 1000;
    expect((await handle(get('/forms', {cookie}))).status).toBe(200);
    clock += 1000;
    expect((await handle(get('/forms', {cookie}))).status).toBe(401);
    expect(await (await handle(get('/results', {cookie}))).text()).toContain('type="password"');
  });

  it('ends the session on sign-out: its row deleted and its cookie cleared', async () => {
    const cookie = await signedIn();
    const out = await handle(new Request(`${BASE}/results/sign-out`, {method: 'POST', headers: {...SAME_ORIGIN, cookie}}));
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/results');
    expect(out.headers.get('set-cookie')).toBe('__Host-coral-results=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(await test.db.query('select 1 from results_sessions')).toEqual([]);
    expect((await handle(get('/forms', {cookie}))).status).toBe(401);
    expect((await handle(get('/results/sign-out', {cookie}))).status).not.toBe(303);
  });

  it(`refuses the sign-in after ${SIGN_INS_PER_ADDRESS} attempts from one address, even with the right token`, async () => {
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i += 1) expect((await handle(signIn(`guess-${i}`))).status).toBe(401);
    const limited = await handle(signIn(ADMIN_TOKEN));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('set-cookie')).toBeNull();
    expect(await limited.text()).toMatch(
      /<p class="alert" role="alert">Too many sign-in attempts from your address\. Try again in \d+ minutes?\.<\/p>/,
    );
    // Another address, and the same one in the next window, sign in.
    expect((await handle(signIn(ADMIN_TOKEN), '198.51.100.20')).status).toBe(303);
    clock += 3600 * 1000;
    expect((await handle(signIn(ADMIN_TOKEN))).status).toBe(303);
  });

  it('never locks out a browser that signed in before, whatever its address or anyone else sends', async () => {
    const first = await handle(signIn(ADMIN_TOKEN), '198.51.100.20');
    const cookies = first.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[1]).toMatch(
      /^__Host-coral-results-device=[A-Za-z0-9_-]{22}\.[0-9a-f]{64}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const device = cookies[1]!.split(';')[0]!;
    // Someone at the same address, and where the host gives no address, tries ten wrong tokens.
    for (const address of ['203.0.113.7', undefined]) {
      const handleFrom = (request: Request) => handlerWith()(request, {clientAddress: address});
      for (let i = 0; i < SIGN_INS_PER_ADDRESS; i += 1) expect((await handleFrom(signIn(`guess-${i}`))).status).toBe(401);
      expect((await handleFrom(signIn(ADMIN_TOKEN))).status).toBe(429);
      // The browser that signed in before still signs in from there.
      expect((await handleFrom(signIn(ADMIN_TOKEN, {...SAME_ORIGIN, cookie: device}))).status).toBe(303);
    }
    // A cookie not signed by the token is no device: it is counted by its address, already over its limit.
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, 22)}.${'0'.repeat(64)}`;
    expect((await handle(signIn(ADMIN_TOKEN, {...SAME_ORIGIN, cookie: forged}))).status).toBe(429);
  });

  it('counts wrong tokens sent with a device’s cookie against that browser alone', async () => {
    const device = (await handle(signIn(ADMIN_TOKEN))).headers.getSetCookie()[1]!.split(';')[0]!;
    const withDevice = {...SAME_ORIGIN, cookie: device};
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i += 1) expect((await handle(signIn(`guess-${i}`, withDevice))).status).toBe(401);
    const limited = await handle(signIn(ADMIN_TOKEN, withDevice));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many sign-in attempts from this browser.');
    // The address was not spent by them: another browser there signs in.
    expect((await handle(signIn(ADMIN_TOKEN))).status).toBe(303);
  });

  it('refuses a sign-in or sign-out posted from another site’s page', async () => {
    const elsewhere: Array<Record<string, string>> = [
      {origin: 'https://evil.example', 'sec-fetch-site': 'cross-site'},
      {origin: 'https://www.example.org', 'sec-fetch-site': 'same-site'},
      {origin: 'https://evil.example'},
      {origin: 'null'},
    ];
    for (const headers of elsewhere) {
      const answer = await handle(signIn(ADMIN_TOKEN, headers));
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const cookie = await signedIn();
    const out = await handle(new Request(`${BASE}/results/sign-out`, {method: 'POST', headers: {'sec-fetch-site': 'cross-site', cookie}}));
    expect(out.status).toBe(403);
    expect((await handle(get('/forms', {cookie}))).status).toBe(200);
  });

  it('lists the forms for the session cookie from its own pages, as for the bearer token, and for neither else', async () => {
    const cookie = await signedIn();
    expect(await (await handle(get('/forms', {cookie, 'sec-fetch-site': 'same-origin'}))).json()).toEqual({forms: []});
    expect((await handle(get('/forms', {authorization: `Bearer ${ADMIN_TOKEN}`}))).status).toBe(200);
    expect((await handle(get('/forms'))).status).toBe(401);
    expect((await handle(get('/forms', {cookie: '__Host-coral-results=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'}))).status).toBe(401);
    expect((await handle(get('/forms', {cookie, 'sec-fetch-site': 'cross-site'}))).status).toBe(401);
    // A publish still needs the token itself.
    const publish = new Request(`${BASE}/forms/reef`, {method: 'PUT', headers: {cookie, 'content-type': 'application/json'}, body: '{}'});
    expect((await handle(publish)).status).toBe(401);
  });

  it('answers a form’s results for the session cookie, as for the bearer token, and for neither else', async () => {
    const publish = new Request(`${BASE}/forms/sign-out`, {
      method: 'PUT',
      headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
      body: JSON.stringify({component: 'powerform', campaign: 'ban-deep-sea-mining', variant: 'petition'}),
    });
    expect((await handle(publish)).status).toBe(201);
    const cookie = await signedIn();
    // A form may be called "sign-out": reading its results is a GET, signing out a POST.
    const read = await handle(get('/results/sign-out', {cookie, 'sec-fetch-site': 'same-origin'}));
    expect(read.status).toBe(200);
    expect(resultsAnswerSchema.parse(await read.json())).toMatchObject({form: 'sign-out', component: 'powerform'});
    expect((await handle(get('/results/sign-out', {authorization: `Bearer ${ADMIN_TOKEN}`}))).status).toBe(200);
    expect((await handle(get('/results/sign-out'))).status).toBe(401);
    expect((await handle(get('/results/sign-out', {cookie, 'sec-fetch-site': 'cross-site'}))).status).toBe(401);
    clock += 8 * 3600 * 1000;
    expect((await handle(get('/results/sign-out', {cookie}))).status).toBe(401);
  });

  it('serves the page’s script, and answers 404 for every route while the token is unset or nothing is kept', async () => {
    const script = await handle(get('/results/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe(SCRIPT);
    expect((await handle(new Request(`${BASE}/results/app.js`, {method: 'POST', headers: SAME_ORIGIN}))).status).toBe(405);
    for (const off of [handlerWith({adminToken: null}), handlerWith({db: undefined})]) {
      for (const request of [
        get('/results'),
        signIn(ADMIN_TOKEN),
        get('/results/app.js'),
        new Request(`${BASE}/results/sign-out`, {method: 'POST'}),
      ]) {
        expect((await off(request)).status).toBe(404);
      }
    }
  });
});
