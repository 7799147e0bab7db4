/**
 * Gifts and signatures made on a published form, on every kind of database: each is checked against the version its
 * page showed, even after a newer one changed the rules, and kept (and exported, and sent on) with its form and version.
 */
import {parse} from 'csv-parse/sync';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {HOUR_MS} from './standing';
import {withdrawForm} from './store';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const ADMIN_TOKEN = 'admin-token-for-tests-only-000000000000';
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';
const BASE = 'https://coral.example.org';

/** Version 1 asks $35, $60 or $120 and takes from $5 to $500; version 2 raises the floor to $100 and drops monthly. */
const REEF_V1 = {
  component: 'donate-form',
  campaign: 'reef-appeal',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], min: 5, max: 500}},
  fields: {postcode: 'optional'},
};
const REEF_V2 = {...REEF_V1, frequencies: ['one-off'], amounts: {'one-off': {handles: [{amount: 150}, {amount: 300}], min: 100, max: 500}}};
const PETITION_V1 = {
  component: 'powerform',
  campaign: 'deep-sea-petition',
  variant: 'petition',
  fields: {postcode: 'optional'},
  counter: {count: 1200, goal: 5000},
};
const PETITION_V2 = {...PETITION_V1, fields: {postcode: 'required'}};

const reefGift = (change: Record<string, unknown> = {}) =>
  giftBody({
    campaign: 'reef-appeal',
    supporter: {firstName: 'Mere', lastName: 'Tūhoe', email: 'mere@example.org', consent: true},
    ...change,
  });
const signature = (change: Record<string, unknown> = {}) => ({
  campaign: 'deep-sea-petition',
  variant: 'petition',
  supporter: {firstName: 'Sione', email: 'sione@example.org', consent: true},
  utm: {},
  ...change,
});

let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
afterEach(() => stripe.close());

describe.each(DATABASES)('requests made on a published form, on $name', ({create}) => {
  let test: TestDatabase;
  let handler: (request: Request) => Promise<Response>;
  beforeEach(async () => {
    test = await create();
    ({handler} = makeHandler(stripe, {
      campaigns: new Map(),
      store: createPgStore(test.db),
      db: test.db,
      adminToken: ADMIN_TOKEN,
      exportToken: EXPORT_TOKEN,
    }));
  });
  afterEach(() => test.drop());

  const publish = async (id: string, config: unknown) => {
    const response = await handler(
      new Request(`${BASE}/forms/${id}`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(config),
      }),
    );
    expect(response.status).toBe(201);
  };
  const exported = async (kind: 'gifts' | 'signatures') => {
    const response = await handler(new Request(`${BASE}/export?kind=${kind}`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}}));
    return parse(await response.text(), {columns: true}) as Record<string, string>[];
  };

  it('checks a gift against the version it was made on, after a newer version changed the amounts', async () => {
    await publish('reef', REEF_V1);
    await publish('reef', REEF_V2);
    // A page still open on version 1 gives $60 monthly: both refused by version 2, both allowed by version 1.
    const onFirst = await post(handler, '/gifts', reefGift({amount: 6000, frequency: 'monthly', form: {id: 'reef', version: 1}}));
    expect(onFirst.body).toMatchObject({status: 'requires_confirmation', kind: 'subscription'});
    const onSecond = await post(handler, '/gifts', reefGift({amount: 6000, form: {id: 'reef', version: 2}}));
    expect(onSecond).toMatchObject({status: 400, body: {status: 'rejected', reason: 'amount: expected at least $100 for a one-off gift'}});
    const fresh = await post(handler, '/gifts', reefGift({amount: 15000, form: {id: 'reef', version: 2}}));
    expect(fresh.status).toBe(200);

    const rows = await test.db.query<{amount: number; form: string; form_version: number}>(
      'select amount, form, form_version from gifts order by amount',
    );
    expect(rows).toEqual([
      {amount: 6000, form: 'reef', form_version: 1},
      {amount: 15000, form: 'reef', form_version: 2},
    ]);
    const intents = stripe.requests.filter((request) => request.path === '/v1/subscriptions' || request.path === '/v1/payment_intents');
    const metadata = intents.map((request) => request.params.metadata as Record<string, string>);
    expect(metadata.map(({coral_form, coral_form_version}) => [coral_form, coral_form_version])).toEqual([
      ['reef', '1'],
      ['reef', '2'],
    ]);
    // Made in the same second, the two are exported in their references' order: sorted here by amount.
    const gifts = (await exported('gifts')).map((row) => [row.amount_cents, row.form, row.form_version]);
    expect(gifts.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      ['6000', 'reef', '1'],
      ['15000', 'reef', '2'],
    ]);
  });

  it('refuses a version there is not, another component’s form, and a campaign that is not the version’s', async () => {
    await publish('reef', REEF_V1);
    await publish('deep-sea', PETITION_V1);
    expect(await post(handler, '/gifts', reefGift({form: {id: 'reef', version: 2}}))).toMatchObject({
      status: 400,
      body: {reason: 'form: form "reef" has no version 2 on this endpoint'},
    });
    expect(await post(handler, '/gifts', reefGift({form: {id: 'no-such-form', version: 1}}))).toMatchObject({
      body: {reason: 'form: form "no-such-form" has no version 1 on this endpoint'},
    });
    expect(await post(handler, '/gifts', reefGift({form: {id: 'deep-sea', version: 1}}))).toMatchObject({
      body: {reason: 'form: form "deep-sea" is a powerform, not a donate-form'},
    });
    expect(await post(handler, '/gifts', reefGift({campaign: 'save-the-reef', form: {id: 'reef', version: 1}}))).toMatchObject({
      body: {reason: 'campaign: expected "reef-appeal", the campaign of version 1 of form "reef"'},
    });
    // The request's own shape names a bad form reference, as it names any other bad key.
    const badId = await post(handler, '/gifts', reefGift({form: {id: 'reef/../x', version: 1}}));
    expect(badId.body.reason).toMatch(/^form\.id: /);
    const checkout = await post(handler, '/checkout', {
      ...reefGift({amount: 6000, form: {id: 'reef', version: 3}}),
      returnUrl: `${ORIGIN}/thank-you`,
      cancelUrl: `${ORIGIN}/donate`,
    });
    expect(checkout).toMatchObject({status: 400, body: {reason: 'form: form "reef" has no version 3 on this endpoint'}});
    expect(await test.db.query('select 1 from gifts')).toEqual([]);
  });

  it('checks a signature against its version, and keeps, exports and counts it with its form', async () => {
    await publish('deep-sea', PETITION_V1);
    await publish('deep-sea', PETITION_V2);
    // Version 2 requires a postcode; the signer on a page still showing version 1 was never asked for one.
    const onFirst = await post(handler, '/signatures', signature({form: {id: 'deep-sea', version: 1}}));
    expect(onFirst.status).toBe(200);
    const onSecond = await post(
      handler,
      '/signatures',
      signature({supporter: {firstName: 'Ana', email: 'ana@example.org', consent: false}, form: {id: 'deep-sea', version: 2}}),
    );
    expect(onSecond).toMatchObject({status: 422, body: {reason: 'supporter.postcode: required by this campaign'}});
    const inline = await post(handler, '/signatures', signature({supporter: {email: 'ana@example.org', consent: false}}));
    // The campaigns file lists no powerform: without a form, the campaign is not one this endpoint takes.
    expect(inline).toMatchObject({status: 422, body: {reason: expect.stringMatching(/^campaign: /)}});
    expect(await exported('signatures')).toEqual([
      expect.objectContaining({email: 'sione@example.org', form: 'deep-sea', form_version: '1'}),
    ]);
  });

  it('asks the one-tap monthly gift by the rules of the version the first gift was made on', async () => {
    await publish('reef', REEF_V1);
    await publish('reef', REEF_V2);
    const first = await post(handler, '/gifts', reefGift({amount: 12000, savePaymentMethod: true, form: {id: 'reef', version: 1}}));
    // The gift's answer names the amount the tap will start, for the thank-you page to ask for.
    expect(first.body).toMatchObject({status: 'requires_confirmation', oneTapMonthly: 4000});
    stripe.confirm(String(first.body.clientSecret), 'pm_card_visa');
    const ask = {reference: first.body.reference, clientSecret: first.body.clientSecret, fee: 0, currency: 'AUD'};
    // Version 2 offers no monthly gift at all; version 1 offers a third of $120, as the donate form's rule has it.
    expect(await post(handler, '/gifts/upgrade', {...ask, amount: 3000})).toMatchObject({
      body: {reason: 'amount: expected $40 a month, the monthly gift offered for this gift'},
    });
    const upgraded = await post(handler, '/gifts/upgrade', {...ask, amount: 4000});
    expect(upgraded.body).toMatchObject({status: 'approved'});
    expect(await test.db.query('select via, form, form_version from gifts order by created_at, via')).toEqual([
      {via: 'gifts', form: 'reef', form_version: 1},
      {via: 'upgrade', form: 'reef', form_version: 1},
    ]);
  });

  it('asks the one-tap monthly gift by the rules of the variant the first gift was made on, and names it in the answer', async () => {
    // The variant asks a sixth of the one-off gift, from $10, where the form's own rule asks a third.
    const variant = {rgUpgrade: {enabled: true, divisor: 6, roundTo: 5}, amounts: {monthly: {handles: [{amount: 15}], min: 10, max: 50}}};
    await publish('reef', {
      ...REEF_V1,
      experiment: {
        id: 'reef-monthly',
        variants: [
          {id: 'control', weight: 1, changes: {}},
          {id: 'sixth', weight: 1, changes: variant},
        ],
      },
    });
    const gift = (variantId: string, amount: number) =>
      post(handler, '/gifts', reefGift({amount, savePaymentMethod: true, form: {id: 'reef', version: 1, variant: variantId}}));
    const onControl = await gift('control', 12000);
    const onVariant = await gift('sixth', 12000);
    const small = await gift('sixth', 3000);
    expect([onControl, onVariant, small].map(({body}) => body.oneTapMonthly)).toEqual([4000, 2000, 1000]);
    // A sixth of $500 is over the variant's monthly maximum of $50: no monthly gift fits, and the answer names none.
    const large = await gift('sixth', 50000);
    expect(large.body).toMatchObject({status: 'requires_confirmation'});
    expect(large.body).not.toHaveProperty('oneTapMonthly');
    // A gift that keeps no card names none either.
    const unkept = await post(handler, '/gifts', reefGift({amount: 12000, form: {id: 'reef', version: 1, variant: 'sixth'}}));
    expect(unkept.body).not.toHaveProperty('oneTapMonthly');

    stripe.confirm(String(onVariant.body.clientSecret), 'pm_card_visa');
    stripe.confirm(String(small.body.clientSecret), 'pm_card_mastercard');
    const tap = (first: typeof onVariant) => ({
      reference: first.body.reference,
      clientSecret: first.body.clientSecret,
      amount: first.body.oneTapMonthly,
      fee: 0,
      currency: 'AUD',
    });
    expect((await post(handler, '/gifts/upgrade', tap(onVariant))).body).toMatchObject({status: 'approved'});
    expect((await post(handler, '/gifts/upgrade', tap(small))).body).toMatchObject({status: 'approved'});
    const made = [...stripe.subscriptions.values()].map(({metadata}) => {
      const {coral_amount, coral_form_variant} = metadata as Record<string, string>;
      return [coral_amount, coral_form_variant];
    });
    expect(made.sort()).toEqual([
      ['1000', 'sixth'],
      ['2000', 'sixth'],
    ]);
  });

  it('takes an older version for CORAL_OLD_VERSION_HOURS after a newer one, and a withdrawn version not at all', async () => {
    let clock = Date.parse('2026-12-02T09:00:00Z');
    ({handler} = makeHandler(stripe, {
      campaigns: new Map(),
      store: createPgStore(test.db),
      db: test.db,
      adminToken: ADMIN_TOKEN,
      now: () => clock,
      versions: {oldVersionMs: 24 * HOUR_MS, listed: null},
    }));
    const onVersion = (version: number, amount = 15000, email = 'mere@example.org') =>
      post(
        handler,
        '/gifts',
        reefGift({amount, supporter: {firstName: 'Mere', lastName: 'Tūhoe', email, consent: true}, form: {id: 'reef', version}}),
      );
    const newest = async () => ((await (await handler(new Request(`${BASE}/forms/reef`))).json()) as {version?: number}).version;
    await publish('reef', REEF_V1);
    await publish('deep-sea', PETITION_V1);
    clock += HOUR_MS;
    await publish('reef', REEF_V2);
    await publish('deep-sea', PETITION_V2);

    // A page opened on version 1 just before version 2 still finishes a day later, less a minute; then it is refused.
    clock += 24 * HOUR_MS - 60_000;
    expect((await onVersion(1, 6000)).status).toBe(200);
    expect((await post(handler, '/signatures', signature({form: {id: 'deep-sea', version: 1}}))).status).toBe(200);
    clock += 60_000;
    const late = 'was replaced by a newer version more than 24 hours ago: reload the page for the form as it is now';
    expect(await onVersion(1, 6000, 'ana@example.org')).toMatchObject({
      status: 400,
      body: {reason: `form: version 1 of form "reef" ${late}`},
    });
    // A signature refused says so as any signature's wrong key does.
    expect(await post(handler, '/signatures', signature({form: {id: 'deep-sea', version: 1}}))).toMatchObject({
      status: 422,
      body: {reason: `form: version 1 of form "deep-sea" ${late}`},
    });
    expect((await onVersion(2)).status).toBe(200);

    // Version 2 was a mistake: withdrawn, it takes nothing within a minute, and version 1 is the newest again, taken as before.
    expect(await withdrawForm(test.db, 'reef', 2, 'Aroha Ngata', new Date(clock))).toEqual({ok: true, withdrawn: [2]});
    expect(await withdrawForm(test.db, 'reef', 2, null, new Date(clock))).toEqual({ok: true, withdrawn: []});
    expect(await withdrawForm(test.db, 'reef', 3, null, new Date(clock))).toEqual({ok: false});
    clock += 60_000;
    expect(await onVersion(2, 15000, 'ana@example.org')).toMatchObject({
      status: 400,
      body: {reason: 'form: version 2 of form "reef" was withdrawn: reload the page for the form as it is now'},
    });
    expect(await newest()).toBe(1);
    expect((await onVersion(1, 6000, 'ana@example.org')).status).toBe(200);

    // The whole form withdrawn: no page is given it, nothing is taken, until a version is published again.
    expect(await withdrawForm(test.db, 'reef', null, null, new Date(clock))).toEqual({ok: true, withdrawn: [1]});
    clock += 60_000;
    expect((await handler(new Request(`${BASE}/forms/reef`))).status).toBe(404);
    expect((await onVersion(1, 6000, 'tama@example.org')).status).toBe(400);
    await publish('reef', REEF_V1);
    expect(await newest()).toBe(3);
    expect((await onVersion(3, 6000, 'tama@example.org')).status).toBe(200);
    const listed = (await (await handler(new Request(`${BASE}/forms`, {headers: {authorization: `Bearer ${ADMIN_TOKEN}`}}))).json()) as {
      forms: Array<{form: string; versions: Array<{withdrawnBy: string | null; withdrawnAt: string | null}>}>;
    };
    const reef = listed.forms.find(({form}) => form === 'reef')!;
    expect(reef.versions.map(({withdrawnAt, withdrawnBy}) => [withdrawnAt !== null, withdrawnBy])).toEqual([
      [true, null],
      [true, 'Aroha Ngata'],
      [false, null],
    ]);
  });

  it('takes nothing on a form of a campaign CORAL_CAMPAIGNS does not list, and publishes no donate form or powerform of one', async () => {
    await publish('reef', REEF_V1);
    await publish('deep-sea', PETITION_V1);
    // The reef appeal taken off the campaigns file: its published form takes nothing from then on, the petition's still does.
    ({handler} = makeHandler(stripe, {
      campaigns: new Map(),
      store: createPgStore(test.db),
      db: test.db,
      adminToken: ADMIN_TOKEN,
      versions: {oldVersionMs: 24 * HOUR_MS, listed: new Set(['deep-sea-petition'])},
    }));
    expect(await post(handler, '/gifts', reefGift({form: {id: 'reef', version: 1}}))).toMatchObject({
      status: 400,
      body: {reason: `campaign: "reef-appeal" is not one of this endpoint's campaigns (CORAL_CAMPAIGNS)`},
    });
    expect((await post(handler, '/signatures', signature({form: {id: 'deep-sea', version: 1}}))).status).toBe(200);
    const refused = await handler(
      new Request(`${BASE}/forms/reef`, {
        method: 'PUT',
        headers: {authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json'},
        body: JSON.stringify(REEF_V2),
      }),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as {reason: string}).reason).toMatch(
      /^campaign: "reef-appeal" is not one .*list the campaign there first/,
    );
    await publish('reef-thanks', {component: 'thank-you', campaign: 'reef-appeal'});
    expect(await test.db.query('select form from gifts')).toEqual([]);
  });

  it('keeps no form on a gift or signature whose page gave its config inline', async () => {
    ({handler} = makeHandler(stripe, {store: createPgStore(test.db), db: test.db, exportToken: EXPORT_TOKEN}));
    expect((await post(handler, '/gifts', giftBody())).status).toBe(200);
    expect(await test.db.query('select form, form_version from gifts')).toEqual([{form: null, form_version: null}]);
    expect((await exported('gifts'))[0]).toMatchObject({form: '', form_version: ''});
  });
});
