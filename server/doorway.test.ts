/**
 * Control characters at the doorway, with the records in Postgres (embedded, and a server with TEST_DATABASE_URL),
 * which refuses a NUL in text: on every posted route, a control character in any string or key is refused 4xx,
 * naming where it was, before Stripe hears of the request and before anything is kept.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {parseCampaignsFile} from './campaigns';
import {createPgStore} from './db/store';
import {DATABASES, type TestDatabase} from './testing/databases';
import {eachStandIn} from './testing/eachStandIn';
import {giftBody, makeHandler, ORIGIN, post} from './testing/fixtures';

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
