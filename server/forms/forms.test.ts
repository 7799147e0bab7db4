/** Forms published on the endpoint, on every kind of database: publishing, reading, who may do which, and caching. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {VERSIONS_PER_FORM} from './store';
import {createCoralHandler} from '../doorway';
import {memoryLogger} from '../http';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {NOW_MS, ORIGIN} from '../testing/fixtures';

const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const BASE = 'https://coral.example.org';
/** Where the organisation's staff publish from: the docs site's Customise tab, or their own admin page. */
const ADMIN_ORIGIN = 'https://admin.example.org';

const DONATE_FORM = {
  component: 'donate-form',
  campaign: 'save-the-reef',
  sourceCode: 'REEF-WEB',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], min: 5, max: 10000}},
};
const PETITION = {
  component: 'powerform',
  campaign: 'ban-deep-sea-mining',
  variant: 'petition',
  counter: {count: 48317, goal: 75000},
};

const publish = (form: string, body: unknown, headers: Record<string, string> = {authorization: `Bearer ${ADMIN_TOKEN}`}) =>
  new Request(`${BASE}/forms/${form}`, {
    method: 'PUT',
    headers: {'content-type': 'application/json', ...headers},
    body: JSON.stringify(body),
  });

const read = (path: string, headers: Record<string, string> = {}) => new Request(`${BASE}${path}`, {headers});

describe.each(DATABASES)('forms on $name', ({create}) => {
  let test: TestDatabase;
  let clock = NOW_MS;
  const handlerWith = (adminToken: string | null) =>
    createCoralHandler({
      stripe: null,
      webhookSecret: null,
      allowedOrigins: [ORIGIN],
      adminOrigins: [ADMIN_ORIGIN],
      campaigns: new Map(),
      store: createPgStore(test.db),
      db: test.db,
      adminToken,
      now: () => clock,
      logger: memoryLogger(),
    });
  const handle = (request: Request) => handlerWith(ADMIN_TOKEN)(request);

  beforeEach(async () => {
    test = await create();
    clock = NOW_MS;
  });
  afterEach(async () => {
    await test.drop();
  });

  it('publishes a config as version 1, then 2, and reads the newest or the one asked for', async () => {
    const first = await handle(
      publish('save-the-reef', DONATE_FORM, {authorization: `Bearer ${ADMIN_TOKEN}`, 'coral-published-by': '  Aroha Ngata  '}),
    );
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({form: 'save-the-reef', version: 1});
    clock += 60_000;
    const changed = {...DONATE_FORM, sourceCode: 'REEF-EOFY'};
    expect(await (await handle(publish('save-the-reef', changed))).json()).toEqual({form: 'save-the-reef', version: 2});

    const {component: _, ...config} = changed;
    const newest = await handle(read('/forms/save-the-reef'));
    expect(newest.status).toBe(200);
    expect(await newest.json()).toEqual({form: 'save-the-reef', version: 2, component: 'donate-form', campaign: 'save-the-reef', config});
    const {component: __, ...firstConfig} = DONATE_FORM;
    const pinned = await handle(read('/forms/save-the-reef?version=1'));
    expect(await pinned.json()).toMatchObject({version: 1, config: firstConfig});

    const posted = await handle(new Request(`${BASE}/forms`, {method: 'POST', headers: {authorization: `Bearer ${ADMIN_TOKEN}`}}));
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    const listed = await handle(read('/forms', {authorization: `Bearer ${ADMIN_TOKEN}`}));
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      forms: [
        {
          form: 'save-the-reef',
          component: 'donate-form',
          campaign: 'save-the-reef',
          createdAt: new Date(NOW_MS).toISOString(),
          versions: [
            {version: 1, publishedBy: 'Aroha Ngata', publishedAt: new Date(NOW_MS).toISOString(), withdrawnAt: null, withdrawnBy: null},
            {version: 2, publishedBy: null, publishedAt: new Date(NOW_MS + 60_000).toISOString(), withdrawnAt: null, withdrawnBy: null},
          ],
        },
      ],
    });
  });

  it('refuses, without Stripe’s keys, a donate form that takes real gifts, in one line naming the key; a sandbox one it takes', async () => {
    for (const gateway of [
      {type: 'stripe', publishableKey: 'pk_test_forFormsTestsOnly', endpoint: BASE},
      {type: 'http', endpoint: BASE},
    ]) {
      const refused = await handle(publish('save-the-reef', {...DONATE_FORM, gateway}));
      expect(refused.status).toBe(409);
      const {reason} = (await refused.json()) as {reason: string};
      expect(reason).toMatch(/^this endpoint takes no gifts \(STRIPE_SECRET_KEY is not set\)/);
      expect(reason.split('\n')).toHaveLength(1);
    }
    expect((await handle(read('/forms/save-the-reef'))).status).toBe(404);
    expect((await handle(publish('save-the-reef', {...DONATE_FORM, gateway: {type: 'sandbox'}}))).status).toBe(201);
    expect((await handle(publish('ban-deep-sea-mining', {...PETITION, gateway: {type: 'http', endpoint: BASE}}))).status).toBe(201);
  });

  it('gives each of several publishes at once its own number', async () => {
    const answers = await Promise.all(
      Array.from({length: 8}, (_, i) => handle(publish('ban-deep-sea-mining', {...PETITION, counter: {count: i, goal: 75000}}))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const versions = await Promise.all(answers.map(async (answer) => ((await answer.json()) as {version: number}).version));
    expect(versions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    [
      'an amount written as text',
      {...DONATE_FORM, amounts: {'one-off': {handles: [{amount: '5'}]}}},
      ['amounts.one-off.handles.0.amount: got "5"; expected a number'],
    ],
    [
      'a campaign id with an accent',
      {...PETITION, campaign: 'sauvez-la-forêt'},
      [
        'campaign: got "sauvez-la-forêt"; expected 2 to 64 characters: letters, digits and dashes (no spaces or underscores), starting with a letter or digit, e.g. "save-the-reef"',
      ],
    ],
    [
      'a privacy link a browser would take to another site',
      {...DONATE_FORM, reassurance: {privacyUrl: '/\\evil.example/privacy'}},
      [
        'reassurance.privacyUrl: got "/\\\\evil.example/privacy"; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
      ],
    ],
    [
      'a page after signing that a browser would find on another site',
      {...PETITION, success: {type: 'redirect', url: '/\t/evil.example'}},
      [
        'success.url: got "/\\t/evil.example"; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
      ],
    ],
    ['no component', {campaign: 'save-the-reef'}, ['component: got (missing); expected one of donate-form, powerform, thank-you']],
    [
      'a component Coral has not',
      {...PETITION, component: 'petition'},
      ['component: got "petition"; expected one of donate-form, powerform, thank-you'],
    ],
  ])('refuses %s with the words the form’s error box shows, and keeps nothing', async (_, body, problems) => {
    const answer = await handle(publish('a-form', body));
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({status: 'rejected', reason: problems.join('; '), problems});
    expect((await handle(read('/forms/a-form'))).status).toBe(404);
  });

  it('keeps a consent label full of markup as the text the form shows, and answers it as JSON, never as a page', async () => {
    const label = 'Yes, <b>keep me posted</b> <a href="https://example.org/privacy">privacy</a><img src=x onerror=alert(1)>';
    expect((await handle(publish('ban-deep-sea-mining', {...PETITION, messages: {consentLabel: label}}))).status).toBe(201);
    const answer = await handle(read('/forms/ban-deep-sea-mining'));
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await answer.json()) as {config: {messages: {consentLabel: string}}}).config.messages.consentLabel).toBe(label);
  });

  it('keeps a form’s component: another under the same id is refused, saying which it is', async () => {
    expect((await handle(publish('ban-deep-sea-mining', PETITION))).status).toBe(201);
    const answer = await handle(publish('ban-deep-sea-mining', {...DONATE_FORM, campaign: 'ban-deep-sea-mining'}));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      status: 'rejected',
      reason: 'form "ban-deep-sea-mining" is a powerform: publish a donate-form under another id',
    });
    expect(await (await handle(read('/forms/ban-deep-sea-mining'))).json()).toMatchObject({version: 1, component: 'powerform'});
  });

  it('refuses an id that differs from another form’s only in case, naming the form there is', async () => {
    expect((await handle(publish('ban-deep-sea-mining', PETITION))).status).toBe(201);
    const answer = await handle(publish('Ban-Deep-Sea-Mining', PETITION));
    expect([answer.status, await answer.json()]).toEqual([
      409,
      {
        status: 'rejected',
        reason:
          'form "Ban-Deep-Sea-Mining" differs from the form "ban-deep-sea-mining" only in case: publish to that id, or choose another',
      },
    ]);
    expect((await handle(read('/forms/Ban-Deep-Sea-Mining'))).status).toBe(404);
    expect((await handle(publish('ban-deep-sea-mining', PETITION))).status).toBe(201);
  });

  it(`keeps at most ${VERSIONS_PER_FORM} versions of a form, and says to publish under a new id past them`, async () => {
    expect((await handle(publish('ban-deep-sea-mining', PETITION))).status).toBe(201);
    // The versions a form republished daily for years would have, as the records would hold them.
    await test.db.query(
      `insert into form_versions (form, version, config, published_by, published_at)
       select form, n, config, published_by, published_at from form_versions, generate_series(2, $1::integer) as n
       where form = 'ban-deep-sea-mining'`,
      [VERSIONS_PER_FORM],
    );
    const answer = await handle(publish('ban-deep-sea-mining', PETITION));
    expect([answer.status, await answer.json()]).toEqual([
      409,
      {
        status: 'rejected',
        reason: `form "ban-deep-sea-mining" has ${VERSIONS_PER_FORM} versions, the most a form keeps: publish it under a new id`,
      },
    ]);
    expect(await (await handle(read('/forms/ban-deep-sea-mining'))).json()).toMatchObject({version: VERSIONS_PER_FORM});
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', {authorization: 'Bearer admin-token-for-tests-only-000000000001'}],
    ['the token as Basic', {authorization: `Basic ${btoa(`coral:${ADMIN_TOKEN}`)}`}],
  ])('answers 401 to %s, publishing nothing and listing nothing', async (_, headers: Record<string, string>) => {
    const answer = await handle(publish('save-the-reef', DONATE_FORM, headers));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(await answer.json()).toEqual({status: 'rejected', reason: 'unauthorised'});
    expect((await handle(read('/forms', headers))).status).toBe(401);
    expect((await handle(read('/forms/save-the-reef'))).status).toBe(404);
  });

  it('answers 404 to the admin routes while CORAL_ADMIN_TOKEN is not set, and still serves what was published', async () => {
    expect((await handle(publish('save-the-reef', DONATE_FORM))).status).toBe(201);
    const off = handlerWith(null);
    const refused = await off(publish('save-the-reef', DONATE_FORM));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({status: 'rejected', reason: 'not found'});
    expect((await off(read('/forms', {authorization: `Bearer ${ADMIN_TOKEN}`}))).status).toBe(404);
    expect((await off(read('/forms/save-the-reef'))).status).toBe(200);
  });

  it('keeps who published as they wrote it, in UTF-8, trimmed, and refuses a name longer than 100 characters', async () => {
    // What a header carries: the name's UTF-8 bytes, which the host hands over one character per byte.
    const asSent = (name: string) => String.fromCharCode(...new TextEncoder().encode(name));
    const by = (name: string) => ({authorization: `Bearer ${ADMIN_TOKEN}`, 'coral-published-by': asSent(name)});
    const long = await handle(publish('save-the-reef', DONATE_FORM, by('Tāne '.repeat(20) + 'Mahuta')));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({status: 'rejected', reason: 'Coral-Published-By: who published: at most 100 characters'});
    expect((await handle(publish('save-the-reef', DONATE_FORM, by(' Zoë Ngā-Tūāhuru ')))).status).toBe(201);
    const listed = (await (await handle(read('/forms', {authorization: `Bearer ${ADMIN_TOKEN}`}))).json()) as {
      forms: Array<{versions: Array<{publishedBy: string}>}>;
    };
    expect(listed.forms[0]!.versions[0]!.publishedBy).toBe('Zoë Ngā-Tūāhuru');
  });

  it('answers 404 for a form or a version there is not, and 400 for a version that is no number', async () => {
    expect((await handle(publish('save-the-reef', DONATE_FORM))).status).toBe(201);
    expect(await (await handle(read('/forms/protect-the-kauri'))).json()).toEqual({
      status: 'rejected',
      reason: 'no such form, or every version of it is withdrawn',
    });
    const missing = await handle(read('/forms/save-the-reef?version=2'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({status: 'rejected', reason: 'no such version of this form'});
    for (const version of ['0', 'two', '1.5', '-1', '']) {
      const answer = await handle(read(`/forms/save-the-reef?version=${version}`));
      expect(answer.status, version).toBe(400);
    }
    expect((await handle(publish('save the reef', DONATE_FORM))).status).toBe(400);
  });

  it('tags each version, answers 304 to a page that has it, and caches the newest briefly and a version for good', async () => {
    expect((await handle(publish('save-the-reef', DONATE_FORM))).status).toBe(201);
    const newest = await handle(read('/forms/save-the-reef'));
    expect(newest.headers.get('etag')).toBe('"save-the-reef-1"');
    expect(newest.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const pinned = await handle(read('/forms/save-the-reef?version=1'));
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const again = await handle(read('/forms/save-the-reef', {'if-none-match': 'W/"save-the-reef-1"', origin: ORIGIN}));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe('"save-the-reef-1"');
    expect(again.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    expect((await handle(publish('save-the-reef', {...DONATE_FORM, sourceCode: 'REEF-EOFY'}))).status).toBe(201);
    const stale = await handle(read('/forms/save-the-reef', {'if-none-match': '"save-the-reef-1"'}));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).toBe('"save-the-reef-2"');
  });

  it('lets a page on an allowed origin read a form, and no other origin', async () => {
    expect((await handle(publish('save-the-reef', DONATE_FORM))).status).toBe(201);
    const allowed = await handle(read('/forms/save-the-reef', {origin: ORIGIN}));
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('vary')).toBe('Origin');
    const other = await handle(read('/forms/save-the-reef', {origin: 'https://phishing.example.net'}));
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a publish from an admin origin, without credentials, and no other origin', async () => {
    const preflight = (origin: string) =>
      handle(
        new Request(`${BASE}/forms/save-the-reef`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'authorization,content-type,coral-published-by',
          },
        }),
      );
    const admitted = await preflight(ADMIN_ORIGIN);
    expect(admitted.status).toBe(204);
    expect(admitted.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(admitted.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(admitted.headers.get('access-control-allow-headers')).toBe('authorization, content-type, coral-published-by');
    expect(admitted.headers.get('access-control-allow-credentials')).toBeNull();
    expect(admitted.headers.get('vary')).toBe('Origin');
    // A page's origin may read a form, not publish one.
    for (const origin of [ORIGIN, 'https://phishing.example.net']) {
      const refused = await preflight(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(refused.headers.get('access-control-allow-methods'), origin).toBeNull();
    }
    const foreign = await handle(publish('save-the-reef', DONATE_FORM, {authorization: `Bearer ${ADMIN_TOKEN}`, origin: ORIGIN}));
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists the forms to an admin origin with the token, with CORS, so a wrong token is told at once; to no other origin', async () => {
    expect((await handle(publish('save-the-reef', DONATE_FORM))).status).toBe(201);
    const preflight = await handle(
      new Request(`${BASE}/forms`, {
        method: 'OPTIONS',
        headers: {origin: ADMIN_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization'},
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    const wrong = await handle(read('/forms', {origin: ADMIN_ORIGIN, authorization: 'Bearer not-the-admin-token-000000000000000'}));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    const listed = await handle(read('/forms', {origin: ADMIN_ORIGIN, authorization: `Bearer ${ADMIN_TOKEN}`}));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(((await listed.json()) as {forms: {form: string}[]}).forms.map((form) => form.form)).toEqual(['save-the-reef']);
    const page = await handle(read('/forms', {origin: ORIGIN, authorization: `Bearer ${ADMIN_TOKEN}`}));
    expect(page.status).toBe(403);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('publishes from an admin origin with CORS on every answer, and reads the form back there', async () => {
    const fromAdmin = (headers: Record<string, string>) => publish('save-the-reef', DONATE_FORM, {origin: ADMIN_ORIGIN, ...headers});
    const wrongToken = await handle(fromAdmin({authorization: 'Bearer not-the-admin-token-000000000000000'}));
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    const made = await handle(fromAdmin({authorization: `Bearer ${ADMIN_TOKEN}`}));
    expect(made.status).toBe(201);
    expect(made.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(made.headers.get('access-control-allow-credentials')).toBeNull();
    const readBack = await handle(read('/forms/save-the-reef', {origin: ADMIN_ORIGIN}));
    expect(readBack.status).toBe(200);
    expect(readBack.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    const off = await handlerWith(null)(fromAdmin({authorization: `Bearer ${ADMIN_TOKEN}`}));
    expect(off.status).toBe(404);
    expect(off.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
  });

  it("keeps a name a browser sent percent-encoded (UTF-8''…) as it was typed", async () => {
    const names = ['Māori Ngā', '王', '100% Ōtautahi'];
    for (const name of names) {
      const headers = {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        origin: ADMIN_ORIGIN,
        'coral-published-by': `UTF-8''${encodeURIComponent(name)}`,
      };
      expect((await handle(publish('save-the-reef', DONATE_FORM, headers))).status, name).toBe(201);
    }
    const listed = (await (await handle(read('/forms', {authorization: `Bearer ${ADMIN_TOKEN}`}))).json()) as {
      forms: Array<{versions: Array<{publishedBy: string}>}>;
    };
    expect(listed.forms[0]!.versions.map((version) => version.publishedBy)).toEqual(names);
    const bad = await handle(
      publish('save-the-reef', DONATE_FORM, {authorization: `Bearer ${ADMIN_TOKEN}`, 'coral-published-by': "UTF-8''%E7%8E"}),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({status: 'rejected', reason: "Coral-Published-By: UTF-8'' and then a name in percent-encoded UTF-8"});
  });
});
