/**
 * `GET /results/<form>` on every kind of database: a form's figures by version and variant, from the events its
 * pages sent and the gifts and signatures recorded with their variants, paid as Stripe says; refused without the token.
 */
import {describe, expect, it} from 'vitest';
import {resultsAnswerSchema, type ResultsAnswer} from '../../src/coral/contract';
import {DATABASES} from '../testing/databases';
import {makePlan, planSentence} from './plan';
import {deliver, giftBody, ORIGIN, post} from '../testing/fixtures';
import {ADMIN_TOKEN, BASE, publishedEndpoint} from '../testing/publishedEndpoint';
import {PETITION_FORM} from '../testing/publishedForms';

const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';

const REEF = {
  component: 'donate-form',
  campaign: 'reef-appeal',
  frequencies: ['one-off', 'monthly'],
  fields: {postcode: 'optional'},
  gateway: {type: 'stripe', publishableKey: 'pk_test_forResultsTestsOnly', endpoint: BASE},
  experiment: {
    id: 'reef-asks',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {id: 'higher-asks', weight: 1, changes: {amounts: {'one-off': {handles: [{amount: 50}, {amount: 100}, {amount: 200}]}}}},
    ],
  },
};

describe.each(DATABASES)('a form’s results, on $name', ({create}) => {
  const endpoint = publishedEndpoint(create);
  const handler = (request: Request, context?: {clientAddress?: string}) => endpoint.handler(request, context);
  const {publish} = endpoint;
  const admin = {authorization: `Bearer ${ADMIN_TOKEN}`};
  /** A visitor's events, as their page sends them. */
  const visit = async (form: string, variant: string, visitor: string, kinds: string[], utm: Record<string, string> = {}) => {
    for (const kind of kinds) {
      const sent = await handler(
        new Request(`${BASE}/events`, {
          method: 'POST',
          headers: {'content-type': 'text/plain', origin: ORIGIN, 'user-agent': FIREFOX},
          body: JSON.stringify({form: {id: form, version: 1, variant}, kind, visitor: visitor.padEnd(22, 'x'), sinceLoad: 900, utm}),
        }),
        {clientAddress: '203.0.113.9'},
      );
      expect(sent.status).toBe(202);
    }
  };
  /** A gift on the reef form's variant, paid as Stripe reports it. */
  const give = async (variant: string, amount: number, frequency: string, email: string) => {
    const started = await post(
      handler,
      '/gifts',
      giftBody({
        campaign: 'reef-appeal',
        amount,
        frequency,
        supporter: {firstName: 'Ana', lastName: 'Fifita', email, consent: true},
        utm: {utm_source: 'facebook', utm_medium: 'paid_social'},
        form: {id: 'reef', version: 1, variant},
      }),
    );
    for (const event of endpoint.stripe.confirm(String(started.body.clientSecret), 'pm_card_visa')) await deliver(handler, event);
    return String(started.body.reference);
  };
  const results = async (id: string, headers: Record<string, string> = admin) => {
    const response = await handler(new Request(`${BASE}/results/${id}`, {headers}));
    return {status: response.status, body: (await response.json()) as ResultsAnswer};
  };

  it('counts visitors, starts and paid gifts per variant, with raised, regular gifts and revenue per visitor capped', async () => {
    await publish('reef', REEF);
    for (const visitor of ['c1', 'c2', 'c3', 'c4']) await visit('reef', 'control', visitor, ['view']);
    await visit('reef', 'control', 'c1', ['start', 'submit', 'done']);
    for (const visitor of ['h1', 'h2', 'h3']) await visit('reef', 'higher-asks', visitor, ['view', 'start'], {utm_source: 'facebook'});
    await give('control', 1000, 'one-off', 'ana@example.org');
    await give('higher-asks', 10000, 'one-off', 'sione@example.org');
    await give('higher-asks', 5000, 'monthly', 'mere@example.org');
    // Started and never paid: not a gift.
    await post(
      handler,
      '/gifts',
      giftBody({
        campaign: 'reef-appeal',
        amount: 20000,
        supporter: {firstName: 'Tui', lastName: 'Ngata', email: 'tui@example.org', consent: true},
        form: {id: 'reef', version: 1, variant: 'control'},
      }),
    );

    const {status, body} = await results('reef');
    expect(status).toBe(200);
    expect(resultsAnswerSchema.safeParse(body).success).toBe(true);
    const [version] = body.versions;
    expect(version).toMatchObject({version: 1, experiment: 'reef-asks', metric: 'revenue-per-visitor', enoughToStop: false});
    const [control, higher] = version!.variants;
    expect(control).toMatchObject({variant: 'control', weight: 1, visitors: 4, starts: 1, submits: 1, gifts: 1, raisedCents: 1000});
    expect(control).toMatchObject({regularGifts: 0, meanGiftCents: 1000, revenuePerVisitorCents: 250, conversion: 0.25, vsControl: null});
    expect(higher).toMatchObject({variant: 'higher-asks', visitors: 3, starts: 3, gifts: 2, raisedCents: 15000, regularGifts: 1});
    expect(higher).toMatchObject({regularMonthlyCents: 5000, meanGiftCents: 7500, revenuePerVisitorCents: 5000});
    // Compared on gifts valued as read.ts says (the monthly gift at twelve payments, 60000 cents) and capped at the
    // version's 99th percentile of 1000, 10000 and 60000 cents, 10000 + 0.98 × 50000 = 59000:
    // (10000 + 59000) / 3 − 1000 / 4 = 23000 − 250 = 22750 cents more per visitor.
    expect(version!.capCents).toBeCloseTo(59000, 6);
    expect(higher!.metricValue).toBeCloseTo(23000, 6);
    expect(control!.metricValue).toBeCloseTo(250, 6);
    expect(higher!.vsControl!.difference).toBeCloseTo(22750, 6);
    expect(version!.srm).toMatchObject({broken: false});
    // A week has not passed and no variant has its gifts: nothing is decided, and the plan is the stated assumption.
    expect(version).toMatchObject({decision: 'too-early', days: 0, sandbox: false});
    expect(version!.verdict).toMatch(/^Too early to tell/);
    expect(version!.plan).toMatchObject({metric: 'revenue-per-visitor', liftPercent: 10, from: 'assumed', long: true});
    // A version on the sandbox gateway (a published config's default) is said to be so.
    await publish('reef-sandbox', {...REEF, gateway: undefined});
    expect((await results('reef-sandbox')).body.versions[0]).toMatchObject({sandbox: true, days: null, decision: 'too-early'});
    expect(body.amounts).toEqual(
      expect.arrayContaining([
        {frequency: 'one-off', amountCents: 1000, gifts: 1},
        {frequency: 'one-off', amountCents: 10000, gifts: 1},
        {frequency: 'monthly', amountCents: 5000, gifts: 1},
      ]),
    );
    expect(body.days).toEqual([{day: '2026-01-01', visitors: 7, gifts: 3, raisedCents: 16000, signatures: 0}]);
    expect(body.sources).toEqual([
      {source: '', utmSource: '', utmMedium: '', utmCampaign: '', visitors: 4, gifts: 0, signatures: 0, raisedCents: 0},
      {source: '', utmSource: 'facebook', utmMedium: '', utmCampaign: '', visitors: 3, gifts: 0, signatures: 0, raisedCents: 0},
      expect.objectContaining({source: expect.any(String), utmSource: 'facebook', utmMedium: 'paid_social', visitors: 0, gifts: 3}),
    ]);
  });

  it('values a regular gift by its first twelve months, however many payments it has had so far', async () => {
    await publish('reef', {
      ...REEF,
      experiment: {
        id: 'monthly-ask',
        variants: [
          {id: 'control', weight: 1, changes: {}},
          {id: 'monthly-first', weight: 1, changes: {defaultFrequency: 'monthly'}},
        ],
      },
    });
    for (const visitor of ['c1', 'c2']) await visit('reef', 'control', visitor, ['view']);
    for (const visitor of ['m1', 'm2']) await visit('reef', 'monthly-first', visitor, ['view']);
    await give('control', 2500, 'monthly', 'ana@example.org');
    const paidThrice = await give('monthly-first', 2500, 'monthly', 'sione@example.org');
    for (let month = 0; month < 2; month++) for (const event of endpoint.stripe.renew(paidThrice)) await deliver(handler, event);
    const [version] = (await results('reef')).body.versions;
    const [control, monthly] = version!.variants;
    // Raised so far: one payment against three.
    expect([control!.raisedCents, monthly!.raisedCents]).toEqual([2500, 7500]);
    // Compared alike: each gift at twelve payments of $25, $300, over two visitors each.
    expect(control!.metricValue).toBeCloseTo(15000, 6);
    expect(monthly!.metricValue).toBeCloseTo(15000, 6);
    expect(monthly!.vsControl!.difference).toBeCloseTo(0, 6);
  });

  it('says in its sentence what its table shows, with one $10,000 gift in the control', async () => {
    await publish('reef', REEF);
    for (let i = 0; i < 10; i++) {
      await visit('reef', 'control', `c${i}`, ['view']);
      await visit('reef', 'higher-asks', `h${i}`, ['view']);
    }
    await give('control', 1_000_000, 'one-off', 'big@example.org');
    for (const email of ['a@example.org', 'b@example.org']) await give('control', 5000, 'one-off', email);
    for (const email of ['c@example.org', 'd@example.org', 'e@example.org']) await give('higher-asks', 10000, 'one-off', email);
    const [version] = (await results('reef')).body.versions;
    const [control, higher] = version!.variants;
    // Uncapped, the control raised far more per visitor; capped as compared, less. The difference the answer gives is
    // the capped one the table's metric column shows, and says which way it goes as the sentence does.
    expect(control!.revenuePerVisitorCents!).toBeGreaterThan(higher!.revenuePerVisitorCents!);
    expect(higher!.vsControl!.difference).toBeCloseTo(higher!.metricValue! - control!.metricValue!, 6);
    expect(version!.capCents).not.toBeNull();
    expect(control!.metricValue!).toBeLessThan(control!.revenuePerVisitorCents!);
  });

  it('compares a petition’s variants by signatures per visitor', async () => {
    await publish('deep-sea', PETITION_FORM);
    for (const visitor of ['a1', 'a2']) await visit('deep-sea', 'control', visitor, ['view']);
    for (const visitor of ['b1', 'b2', 'b3', 'b4']) await visit('deep-sea', 'urgent', visitor, ['view']);
    const sign = (email: string, variant: string) =>
      post(handler, '/signatures', {
        campaign: 'deep-sea-petition',
        variant: 'petition',
        supporter: {firstName: 'Losa', email, consent: true},
        utm: {},
        form: {id: 'deep-sea', version: 1, variant},
      });
    expect((await sign('losa@example.org', 'urgent')).status).toBe(200);
    expect((await sign('viliami@example.org', 'urgent')).status).toBe(200);
    expect((await sign('hina@example.org', 'control')).status).toBe(200);
    const {body} = await results('deep-sea');
    expect(body.currency).toBeNull();
    const [version] = body.versions;
    expect(version!.metric).toBe('signatures-per-visitor');
    expect(version!.variants.map((each) => [each.variant, each.visitors, each.signatures, each.conversion])).toEqual([
      ['control', 2, 1, 0.5],
      ['urgent', 4, 2, 0.5],
    ]);
    expect(version!.variants[1]!.vsControl!.difference).toBeCloseTo(0, 9);
  });

  it('answers a version published with an experiment with its plan, made from the form’s own weeks before', async () => {
    let clock = Date.parse('2026-03-01T09:00:00Z');
    endpoint.remake({adminToken: ADMIN_TOKEN, now: () => clock});
    const {experiment: _none, ...plain} = PETITION_FORM;
    await publish('deep-sea', plain);
    // Eight days of 80 visitors, 5 of whom sign: 640 visitors and 40 signatures before the experiment.
    for (let day = 0; day < 8; day++) {
      for (let i = 0; i < 80; i++) {
        const sent = await handler(
          new Request(`${BASE}/events`, {
            method: 'POST',
            headers: {'content-type': 'text/plain', origin: ORIGIN, 'user-agent': FIREFOX},
            body: JSON.stringify({
              form: {id: 'deep-sea', version: 1},
              kind: 'view',
              visitor: `d${day}v${i}`.padEnd(22, 'x'),
              sinceLoad: 900,
              utm: {},
            }),
          }),
          {clientAddress: `203.0.113.${i}`},
        );
        expect(sent.status).toBe(202);
      }
      for (let i = 0; i < 5; i++) {
        const signed = await post(handler, '/signatures', {
          campaign: 'deep-sea-petition',
          variant: 'petition',
          supporter: {firstName: 'Losa', email: `losa.${day}.${i}@example.org`, consent: true},
          utm: {},
          form: {id: 'deep-sea', version: 1},
        });
        expect(signed.status).toBe(200);
      }
      clock += 86_400_000;
    }
    const published = await handler(
      new Request(`${BASE}/forms/deep-sea`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(PETITION_FORM),
      }),
    );
    const answer = (await published.json()) as {version: number; plan?: string};
    const history = {visitors: 640, days: 8, moments: {n: 640, sum: 40, sumSquares: 40}};
    const plan = makePlan('signatures-per-visitor', PETITION_FORM.experiment.variants, 10, history);
    expect(plan.from).toBe('history');
    expect(answer).toEqual({form: 'deep-sea', version: 2, plan: planSentence(plan)});
    expect(answer.plan).toContain('at the 80 visitors a day this form had in the 28 days before');
    // The results give the same plan for the version, however many visitors it has had since.
    const [, second] = (await results('deep-sea')).body.versions;
    expect(second!.plan).toEqual(plan);
    // A version with no experiment has no plan to give.
    const again = await handler(
      new Request(`${BASE}/forms/deep-sea`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(plain),
      }),
    );
    expect(await again.json()).toEqual({form: 'deep-sea', version: 3});
  });

  it('is refused without the admin token, and is not there while the token is unset', async () => {
    await publish('reef', REEF);
    expect((await results('reef', {})).status).toBe(401);
    expect((await results('reef', {authorization: 'Bearer not-the-admin-token-at-all-000000000'})).status).toBe(401);
    expect((await results('no-such-form')).status).toBe(404);
    endpoint.remake({});
    expect((await results('reef')).status).toBe(404);
  });
});
