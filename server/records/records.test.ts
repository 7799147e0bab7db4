/**
 * The routes that keep records, through the handler and a real Postgres
 * (embedded, and a server with TEST_DATABASE_URL): signatures, the live
 * counter, health, and what a lost database is answered.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {openPostgres} from '../db';
import {createPgStore} from './pgStore';
import {createCoralHandler} from '../doorway';
import {memoryLogger} from '../http';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, newKey, NOW_MS, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {parseCampaignsFile} from '../settings';

const CAMPAIGNS = parseCampaignsFile({
  donateForms: [{campaign: 'save-the-reef', fields: {phone: 'optional', postcode: 'optional'}}],
  powerforms: [
    {campaign: 'ban-deep-sea-mining', counter: {count: 48_317, goal: 75_000}, fields: {postcode: 'optional'}},
    {campaign: 'reef-leads', variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}},
  ],
});

/** Obviously fake, as every secret in a test must be. */
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';

const signatureBody = (change: Record<string, unknown> = {}) => ({
  campaign: 'ban-deep-sea-mining',
  variant: 'petition',
  supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', consent: true},
  utm: {utm_source: 'newsletter'},
  ...change,
});

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

describe.each(DATABASES)('records on $name', ({create}) => {
  let test: TestDatabase;
  let handler: (request: Request) => Promise<Response>;
  beforeEach(async () => {
    test = await create();
    ({handler} = makeHandler(stripe, {
      campaigns: CAMPAIGNS.donateForms,
      powerforms: CAMPAIGNS.powerforms,
      store: createPgStore(test.db),
      db: test.db,
      exportToken: EXPORT_TOKEN,
    }));
  });
  afterEach(() => test.drop());

  const count = async (campaign = 'ban-deep-sea-mining', origin: string | null = ORIGIN) => {
    const response = await handler(new Request(`https://coral.example.org/campaigns/${campaign}/count`, {headers: origin ? {origin} : {}}));
    return {status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown>};
  };

  it('keeps a signature with its consent wording, version and time, and counts it on top of the configured count', async () => {
    expect((await count()).body).toEqual({campaign: 'ban-deep-sea-mining', count: 48_317});
    const signed = await post(handler, '/signatures', signatureBody());
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({status: 'accepted', reference: expect.stringMatching(/^sig_[0-9a-f]{32}$/)});
    expect(signed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const [row] = await test.db.query<Record<string, unknown>>('select * from signatures');
    expect(row).toMatchObject({
      reference: signed.body.reference,
      campaign: 'ban-deep-sea-mining',
      kind: 'petition',
      first_name: 'Ada',
      email: 'ada@example.org',
      consent: true,
      consent_wording: expect.stringContaining('Keep me updated'),
      consent_version: expect.stringMatching(/^[0-9a-f]{16}$/),
      consented_at: new Date(NOW_MS),
      utm: {utm_source: 'newsletter'},
    });
    const counted = await count();
    expect(counted.body).toEqual({campaign: 'ban-deep-sea-mining', count: 48_318});
    expect(counted.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(counted.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('answers the same email signing twice, or fifty times at once, as a first signature, and counts it once', async () => {
    const first = await post(handler, '/signatures', signatureBody());
    const again = await Promise.all(
      Array.from({length: 50}, (_, i) =>
        post(
          handler,
          '/signatures',
          signatureBody({supporter: {firstName: 'Ada', email: i % 2 ? 'ADA@example.org' : 'ada@example.org', consent: true}}),
        ),
      ),
    );
    // Each repeat is answered in a new signature's shape, with a reference of its own: never the first one's.
    const references = again.map((answer) => answer.body.reference as string);
    expect(again.map((answer) => answer.body)).toEqual(references.map((reference) => ({status: 'accepted', reference})));
    expect(references.every((reference) => /^sig_[0-9a-f]{32}$/.test(reference))).toBe(true);
    expect(new Set([first.body.reference, ...references]).size).toBe(51);
    expect((await count()).body.count).toBe(48_318);
  });

  it('answers a held email and an unknown one alike, and the same key sent again with its first answer', async () => {
    await post(handler, '/signatures', signatureBody());
    const shapeOf = (answer: {status: number; body: Record<string, unknown>}) => ({
      status: answer.status,
      keys: Object.keys(answer.body).sort(),
      reference: String(answer.body.reference).replace(/[0-9a-f]/g, 'x'),
    });
    const held = await post(handler, '/signatures', signatureBody());
    const unknown = await post(
      handler,
      '/signatures',
      signatureBody({supporter: {firstName: 'Grace', email: 'grace@example.org', consent: true}}),
    );
    expect(shapeOf(held)).toEqual(shapeOf(unknown));
    for (const key of [newKey(), newKey()]) {
      const answer = await post(handler, '/signatures', signatureBody(), {key});
      expect((await post(handler, '/signatures', signatureBody(), {key})).body).toEqual(answer.body);
    }
  });

  it('refuses what the campaign does not take, 422 with the reason, and keeps nothing', async () => {
    const refused = await post(handler, '/signatures', signatureBody({campaign: 'save-the-whales'}));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({status: 'rejected', reason: expect.stringContaining('save-the-whales')});
    const wrongVariant = await post(handler, '/signatures', signatureBody({variant: 'leads'}));
    expect(wrongVariant.status).toBe(422);
    expect((await test.db.query('select 1 from signatures')).length).toBe(0);
  });

  it('keeps the doorway of the gift routes: origins, idempotency keys, JSON and card data', async () => {
    expect((await post(handler, '/signatures', signatureBody(), {origin: 'https://evil.example.com'})).status).toBe(403);
    expect((await post(handler, '/signatures', signatureBody(), {key: 'short'})).status).toBe(400);
    expect((await post(handler, '/signatures', signatureBody(), {contentType: 'text/plain'})).status).toBe(415);
    const card = await post(handler, '/signatures', signatureBody({answer: {id: 'why', value: '4242 4242 4242 4242'}}));
    expect(card).toMatchObject({status: 400, body: {status: 'rejected', reason: expect.stringContaining('answer.value')}});
    expect((await test.db.query('select 1 from signatures')).length).toBe(0);
  });

  it('counts only petitions it knows, for allowed origins', async () => {
    expect((await count('save-the-whales')).status).toBe(404);
    expect((await count('ban-deep-sea-mining', 'https://evil.example.com')).status).toBe(403);
    const sameOrigin = await count('ban-deep-sea-mining', null);
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('keeps a gift with its supporter and consent, and its payment once however often Stripe tells', async () => {
    const gift = await post(
      handler,
      '/gifts',
      giftBody({supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', consent: true}}),
    );
    expect(gift.status).toBe(200);
    const [kept] = await test.db.query<Record<string, unknown>>('select * from gifts');
    expect(kept).toMatchObject({reference: gift.body.reference, email: 'ada@example.org', consent: true, amount: 6000, via: 'gifts'});
    expect(JSON.stringify(kept)).not.toMatch(/4242|cvc/i);
    const intent = stripe.paymentIntents.get(gift.body.reference as string)!;
    const event = {
      id: 'evt_paid_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {object: {...intent, status: 'succeeded', amount_received: intent.amount}},
    };
    const answers = await Promise.all(Array.from({length: 50}, () => deliver(handler, event)));
    expect(answers.filter((answer) => answer.body.recorded === true)).toHaveLength(1);
    expect(await test.db.query('select key from payments')).toEqual([{key: `paid:${gift.body.reference as string}`}]);
  });

  it('ties a hosted checkout’s gift to the subscription Stripe made, so its payments show in the export', async () => {
    const {body} = await post(handler, '/checkout', {
      ...giftBody({
        frequency: 'monthly',
        amount: 2500,
        supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', consent: false},
      }),
      method: 'card',
      returnUrl: `${ORIGIN}/thank-you`,
      cancelUrl: `${ORIGIN}/donate`,
    });
    const session = String(body.reference);
    for (const event of stripe.completeCheckout(session)) expect((await deliver(handler, event)).status).toBe(200);
    const subscription = String(stripe.checkoutSessions.get(session)!.subscription);
    expect(await test.db.query('select reference, payment_reference from gifts')).toEqual([
      {reference: session, payment_reference: subscription},
    ]);
    const exported = await handler(
      new Request('https://coral.example.org/export?kind=gifts', {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}}),
    );
    const [header, row] = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    expect(row![header!.indexOf('latest_outcome')]).toBe('paid');
    expect(row![header!.indexOf('paid_total_cents')]).toBe('2500');
  });

  it('shows a refunded gift as refunded in the export, its payment still counted as paid', async () => {
    // Stripe tells of the refund after the payment: the handler's clock moves on between the two.
    let clock = NOW_MS;
    const later = makeHandler(stripe, {
      campaigns: CAMPAIGNS.donateForms,
      store: createPgStore(test.db),
      db: test.db,
      exportToken: EXPORT_TOKEN,
      now: () => clock,
    });
    const gift = await post(later.handler, '/gifts', giftBody());
    const reference = String(gift.body.reference);
    const [succeeded] = stripe.confirm(String(gift.body.clientSecret), 'pm_card_visa');
    expect((await deliver(later.handler, succeeded!)).body.recorded).toBe(true);
    clock += 86_400_000;
    const refunded = stripe.refund(reference).find((event) => event.type === 'charge.refunded')!;
    expect((await deliver(later.handler, refunded, {timestamp: clock / 1000})).body.recorded).toBe(true);
    expect(await test.db.query('select outcome, reference, amount, currency from payments order by recorded_at')).toEqual([
      {outcome: 'paid', reference, amount: 6000, currency: 'AUD'},
      {outcome: 'refunded', reference, amount: 6000, currency: 'AUD'},
    ]);
    const exported = await later.handler(
      new Request('https://coral.example.org/export?kind=gifts', {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}}),
    );
    const [header, row] = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    expect(row![header!.indexOf('latest_outcome')]).toBe('refunded');
    expect(row![header!.indexOf('paid_count')]).toBe('1');
  });

  it('answers health 200 while the database answers', async () => {
    const response = await handler(new Request('https://coral.example.org/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a database that does not answer', () => {
  const unreachable = () => openPostgres('postgres://coral@127.0.0.1:1/coral', {connectTimeout: 2});

  it('answers a signature or a gift 503, retryable, before Stripe is asked, a webhook 500 so Stripe retries, and health 503', async () => {
    const db = unreachable();
    const logger = memoryLogger();
    const {handler} = makeHandler(stripe, {
      campaigns: CAMPAIGNS.donateForms,
      powerforms: CAMPAIGNS.powerforms,
      store: createPgStore(db),
      db,
      logger,
    });
    const signed = await post(handler, '/signatures', signatureBody());
    expect(signed.status).toBe(503);
    expect(signed.body).toMatchObject({status: 'error', retryable: true});

    const asked = stripe.requests.length;
    const gift = await post(handler, '/gifts', giftBody());
    expect(gift).toMatchObject({status: 503, body: {status: 'error', retryable: true}});
    expect(stripe.requests.length).toBe(asked);
    // A gift made while the records answered, whose payment then arrives while they do not.
    await post(makeHandler(stripe).handler, '/gifts', giftBody());
    const intent: unknown = stripe.paymentIntents.values().next().value;
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {object: {...(intent as object), status: 'succeeded'}},
    };
    expect((await deliver(handler, event)).status).toBe(500);
    expect((await handler(new Request('https://coral.example.org/health'))).status).toBe(503);
    expect(JSON.stringify(logger.lines)).not.toContain('ada@example.org');
    await db.close();
  });

  it('gives every answer a request id that every log line about it carries', async () => {
    const logger = memoryLogger();
    const handler = createCoralHandler({
      stripe: null,
      webhookSecret: null,
      allowedOrigins: [ORIGIN],
      campaigns: new Map(),
      powerforms: CAMPAIGNS.powerforms,
      store: createPgStore(unreachable()),
      logger,
    });
    const {headers} = await post(handler, '/signatures', signatureBody());
    const id = headers.get('x-request-id');
    expect(logger.lines.length).toBeGreaterThanOrEqual(2);
    expect(logger.lines.every((line) => line.requestId === id)).toBe(true);
  });
});
