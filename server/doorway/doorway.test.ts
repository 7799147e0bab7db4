/**
 * Control characters at the doorway, with the records in Postgres (embedded, and a server with TEST_DATABASE_URL),
 * which refuses a NUL in text: on every posted route, a control character in any string or key is refused 4xx,
 * naming where it was, before Stripe hears of the request and before anything is kept.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {parseCampaignsFile} from '../settings';
import {createPgStore} from '../records';
import {memoryLogger, answerFailures} from '../http';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {eachStandIn} from '../testing/eachStandIn';
import {giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';

const CAMPAIGNS = parseCampaignsFile({
  donateForms: [{campaign: 'save-the-reef', fields: {phone: 'optional', postcode: 'optional'}}],
  powerforms: [
    {
      campaign: 'ban-deep-sea-mining',
      fields: {postcode: 'optional'},
      question: {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'},
    },
  ],
});

const signatureBody = (change: Record<string, unknown> = {}) => ({
  campaign: 'ban-deep-sea-mining',
  variant: 'petition',
  supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', consent: true},
  answer: {id: 'why_it_matters', value: 'For the whales'},
  utm: {utm_source: 'newsletter'},
  ...change,
});

const checkoutBody = (change: Record<string, unknown> = {}) => {
  const {method: _method, ...gift} = giftBody();
  return {...gift, returnUrl: `${ORIGIN}/thank-you`, cancelUrl: `${ORIGIN}/donate`, ...change};
};

const supporter = (change: Record<string, unknown>) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  consent: true,
  ...change,
});

const TABLES = ['gifts', 'payments', 'signatures', 'outbox', 'idempotency_keys', 'guard_counts', 'upgrade_claims'];

const each = eachStandIn();

describe.each(DATABASES)('control characters on $name', ({create}) => {
  let test: TestDatabase;
  let handler: (request: Request) => Promise<Response>;
  beforeEach(async () => {
    test = await create();
    const store = createPgStore(test.db);
    handler = makeHandler(each.stripe, {campaigns: CAMPAIGNS.donateForms, powerforms: CAMPAIGNS.powerforms, store}).handler;
  });
  afterEach(() => test.drop());

  /** How many rows each table holds: none, after a refused request. */
  const rows = async () =>
    Object.fromEntries(
      await Promise.all(
        TABLES.map(async (table) => [table, Number((await test.db.query<{n: string}>(`select count(*) as n from ${table}`))[0]!.n)]),
      ),
    );
  const empty = Object.fromEntries(TABLES.map((table) => [table, 0]));

  it.each([
    ['/gifts', giftBody({supporter: supporter({firstName: 'Ada\u0000'})}), 'supporter.firstName', '0000'],
    ['/gifts', giftBody({utm: {utm_campaign: 'eofy\u00002026'}}), 'utm.utm_campaign', '0000'],
    ['/checkout', checkoutBody({supporter: supporter({lastName: 'Love\u0000lace'})}), 'supporter.lastName', '0000'],
    [
      '/gifts/upgrade',
      {reference: 'pi_123', clientSecret: 'pi_123_secret_\u0000', amount: 3000, fee: 0, currency: 'AUD'},
      'clientSecret',
      '0000',
    ],
    ['/signatures', signatureBody({answer: {id: 'why_it_matters', value: 'For the whales\u0000'}}), 'answer.value', '0000'],
  ])(
    '%s refuses a control character in %j, naming where it was, and neither calls Stripe nor keeps anything',
    async (route, body, at, code) => {
      const answer = await post(handler, route, body);
      expect({status: answer.status, body: answer.body}).toEqual({
        status: 400,
        body: {
          status: 'rejected',
          reason: `${at}: control characters (here U+${code}) are not accepted; no field takes a line break or a tab`,
        },
      });
      expect(each.stripe.requests).toEqual([]);
      expect(await rows()).toEqual(empty);
    },
  );

  it('refuses a lone surrogate, which no encoding carries to Stripe or to the database', async () => {
    const answer = await post(handler, '/gifts', giftBody({supporter: supporter({firstName: 'Ada\ud800'})}));
    expect({status: answer.status, body: answer.body}).toEqual({
      status: 400,
      body: {status: 'rejected', reason: 'supporter.firstName: a lone surrogate (here U+D800) is not text; send well-formed UTF-16'},
    });
    expect(each.stripe.requests).toEqual([]);
    expect(await rows()).toEqual(empty);
  });

  it('refuses one in a key, without naming the key', async () => {
    const answer = await post(handler, '/gifts', giftBody({utm: {'utm_source\u0000': 'x'}}));
    expect(answer.body.reason).toBe('utm.[key]: a key with a control character (here U+0000) is not accepted');
    expect(each.stripe.requests).toEqual([]);
    expect(await rows()).toEqual(empty);
  });
});

const ADMIN = 'admin-token-for-tests-only-000000000000';
const PRIVACY = 'privacy-token-for-tests-only-00000000000';

describe.each(DATABASES)('a NUL or a lone surrogate on the other routes, on $name', ({create}) => {
  let test: TestDatabase;
  let made: ReturnType<typeof makeHandler>;
  beforeEach(async () => {
    test = await create();
    const store = createPgStore(test.db);
    made = makeHandler(each.stripe, {
      campaigns: CAMPAIGNS.donateForms,
      powerforms: CAMPAIGNS.powerforms,
      store,
      db: test.db,
      adminToken: ADMIN,
      privacyToken: PRIVACY,
    });
  });
  afterEach(() => test.drop());

  const send = async (method: string, path: string, body: string, headers: Record<string, string>) => {
    const response = await made.handler(new Request(`https://coral.example.org${path}`, {method, headers, body}));
    return {status: response.status, body: (await response.json()) as Record<string, unknown>};
  };
  const event = (change: Record<string, unknown>) =>
    JSON.stringify({form: {id: 'reef', version: 1}, kind: 'view', visitor: 'v'.repeat(22), sinceLoad: 10, utm: {}, ...change});
  const json = {'content-type': 'application/json'};

  it.each([
    [
      'POST',
      '/events',
      event({source: 'eofy\u00002026'}),
      {origin: ORIGIN, 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0'},
      'source',
      '0000',
    ],
    ['POST', '/events', event({utm: {utm_campaign: 'a\ud800'}}), {origin: ORIGIN, 'user-agent': 'Mozilla/5.0'}, 'utm.utm_campaign', 'D800'],
    [
      'PUT',
      '/forms/reef',
      JSON.stringify({component: 'powerform', config: {campaign: 'ban-deep-sea-mining', messages: {headline: 'Sign\u0000'}}}),
      {...json, authorization: `Bearer ${ADMIN}`},
      'config.messages.headline',
      '0000',
    ],
    [
      'POST',
      '/supporters/records',
      JSON.stringify({email: 'ada\u0000@example.org'}),
      {...json, authorization: `Bearer ${PRIVACY}`},
      'email',
      '0000',
    ],
    [
      'POST',
      '/supporters/forget',
      JSON.stringify({email: 'ada@example.org', 'why\u0000': 1}),
      {...json, authorization: `Bearer ${PRIVACY}`},
      '[key]',
      '0000',
    ],
  ])('%s %s is refused 400, naming where, and nothing is logged as a failure', async (method, path, body, headers, at, code) => {
    const answer = await send(method, path, body, headers);
    expect(answer.status).toBe(400);
    expect(String(answer.body.reason)).toMatch(new RegExp(`^\\S*${at.replace(/[.[\]]/g, '\\$&')}: .*U\\+${code}`));
    expect(made.logged()).toEqual([]);
  });

  it('says a statement the database refused is the database’s, never quoting what it refused', async () => {
    // Past the doorway, as a route's own bug would be: the database refuses the NUL.
    await expect(test.db.query('select $1::text', ['a\u0000b'])).rejects.toThrow();
    const log = memoryLogger();
    const reply = await answerFailures(log, async () => {
      await test.db.query('select $1::text', ['secret\u0000typed']);
      return {status: 200, body: {}};
    });
    expect(reply.status).toBe(500);
    const lines = log.lines.filter((line) => line.level === 'error');
    expect(lines).toEqual([expect.objectContaining({msg: 'a database statement failed'})]);
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(JSON.stringify(lines)).not.toContain('Stripe');
  });
});
