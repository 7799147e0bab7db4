/**
 * A supporter's rights through the handler's /supporters/ routes, on every database, with gifts made at the Stripe
 * stand-in and signatures kept as the forms send them: what is held, forgetting it (the export, the outbox, the
 * count, the events, the CRM and Stripe afterwards), and correcting it.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {isMachineValue} from '../../src/coral/contract';
import {parsePowerformConfig, type PowerformConfig} from '../../src/coral/contract/library';
import {answerExport, createForwarder, verifyCoralSignature, createPgStore} from '../records';
import {recordEvent} from '../results';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, NOW_MS, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const TOKEN = 'privacy-token-for-tests-only-00000000000';
const CRM_SECRET = 'crm-secret-for-tests-only-000000000000000';
const PETITION = 'ban-deep-sea-mining';

const parsed = parsePowerformConfig({
  campaign: PETITION,
  counter: {count: 100, goal: 75000},
  fields: {phone: 'optional', postcode: 'optional'},
  question: {type: 'text', id: 'why_it_matters', label: 'Why does it matter to you?'},
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const POWERFORMS = new Map<string, PowerformConfig>([[PETITION, parsed.config]]);

/** Ada's details as she typed them on each form, and what must be gone once she is forgotten. */
const ADA = {firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.ORG ', phone: '0412 345 678', postcode: '2000', consent: false};
const ADA_TRACES = ['ada@example.org', 'Lovelace', '+61412345678', 'For the whales', 'spring-appeal'];
const BOB = {firstName: 'Bob', lastName: 'Marley', email: 'bob@example.net', postcode: '4000', consent: true};

type Received = {signature: string; body: string};

/** Gifts made in one test share the handler's clock, so the records list them by reference after time. */
const inOrder = (...references: string[]) => [...references].sort();

describe.each(DATABASES)('a supporter’s rights on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let handler: ReturnType<typeof makeHandler>['handler'];
  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
    const store = createPgStore(test.db, {outbox: true});
    handler = makeHandler(stripe, {store, db: test.db, powerforms: POWERFORMS, privacyToken: TOKEN, forwarding: true}).handler;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  const supporters = async (route: string, body: unknown, headers: Record<string, string> = {authorization: `Bearer ${TOKEN}`}) => {
    const response = await handler(
      new Request(`https://coral.example.org/supporters/${route}`, {
        method: 'POST',
        headers: {'content-type': 'application/json', ...headers},
        body: JSON.stringify(body),
      }),
    );
    return {status: response.status, body: (await response.json()) as Record<string, unknown> & {lines?: string[]}};
  };

  /** A gift as the form sends it, paid at the stand-in (unless `paid` is false) and its events delivered: answers its reference. */
  async function give(change: Record<string, unknown>, paid = true): Promise<string> {
    const {status, body} = await post(handler, '/gifts', giftBody(change));
    expect(status, JSON.stringify(body)).toBe(200);
    if (paid) for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_visa')) await deliver(handler, event);
    return String(body.reference);
  }

  const sign = async (supporter: object, answer: string, utm: Record<string, string>) => {
    const body = {
      campaign: PETITION,
      variant: 'petition',
      supporter,
      answer: {id: 'why_it_matters', value: answer},
      utm,
    };
    const {status, body: answered} = await post(handler, '/signatures', body);
    expect(status, JSON.stringify(answered)).toBe(200);
    return String(answered.reference);
  };

  /** Ada: a plain one-off gift, one that kept her card for the one-tap monthly gift, a monthly gift, one she never paid, and a signature; Bob: a gift and a signature. */
  async function adaAndBob() {
    const ada = {
      oneOff: await give({supporter: ADA, utm: {utm_campaign: 'spring-appeal'}}),
      savedCard: await give({supporter: ADA, amount: 9000, savePaymentMethod: true}),
      monthly: await give({supporter: {...ADA, email: 'ADA@example.org'}, frequency: 'monthly', amount: 2500}),
      abandoned: await give({supporter: ADA}, false),
      signature: await sign(ADA, 'For the whales', {utm_campaign: 'spring-appeal'}),
    };
    const bob = {
      gift: await give({supporter: BOB, utm: {utm_source: 'newsletter'}}),
      signature: await sign(BOB, 'For the reef', {utm_source: 'newsletter'}),
    };
    return {ada, bob};
  }

  const exported = async (kind: 'gifts' | 'signatures') => {
    const request = new Request(`https://coral.example.org/export?kind=${kind}`, {headers: {authorization: `Bearer ${TOKEN}`}});
    return (await answerExport({db: test.db, token: TOKEN}, request)).text();
  };
  const count = async () => {
    const response = await handler(new Request(`https://coral.example.org/campaigns/${PETITION}/count`));
    return ((await response.json()) as {count: number}).count;
  };
  const outboxText = async () =>
    (await test.db.query<{payload: string}>('select payload::text as payload from outbox order by id'))
      .map((row) => row.payload)
      .join('\n');
  const customerOfIntent = (reference: string) => stripe.paymentIntents.get(reference)?.customer ?? null;

  it('says, without forwarding, to erase the supporter in the CRM by hand only when something of them was held', async () => {
    const store = createPgStore(test.db);
    handler = makeHandler(stripe, {store, db: test.db, powerforms: POWERFORMS, privacyToken: TOKEN, forwarding: false}).handler;
    await sign(ADA, 'For the whales', {});
    const first = await supporters('forget', {email: 'ada@example.org'});
    expect(first.body.lines!.at(-1)).toBe(
      'CRM: no CORAL_FORWARD_URL, so no erasure record was sent: erase the supporter in the CRM by hand',
    );
    const again = await supporters('forget', {email: 'ada@example.org'});
    expect(again.body.lines!.at(-1)).toBe('CRM: nothing was held, so no erasure record was sent');
  });

  it('takes the receipt email off a PaymentIntent made with one, which deleting its Customer does not reach', async () => {
    const {ada, bob} = await adaAndBob();
    // As a one-off gift made before every gift had a Customer: Stripe was given the email for its receipt alone.
    for (const reference of [ada.oneOff, bob.gift]) {
      const intent = stripe.paymentIntents.get(reference)!;
      intent.receipt_email = String(stripe.customers.get(String(intent.customer))!.email);
    }
    const {body} = await supporters('forget', {email: 'ada@example.org', cancelSubscriptions: true});
    expect(body.lines).toContain(`Stripe: the receipt email on ${ada.oneOff} removed`);
    expect(stripe.paymentIntents.get(ada.oneOff)).toMatchObject({receipt_email: null});
    const updates = stripe.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/payment_intents/pi_'));
    expect(updates.map(({path, params}) => [path, params])).toEqual([[`/v1/payment_intents/${ada.oneOff}`, {receipt_email: ''}]]);
    expect(stripe.paymentIntents.get(bob.gift)).toMatchObject({receipt_email: 'bob@example.net'});
  });

  it('lists everything held for an email, whatever its case, with where each record lives', async () => {
    const {ada} = await adaAndBob();
    const {status, body} = await supporters('records', {email: 'ADA@EXAMPLE.ORG'});
    expect(status).toBe(200);
    const gifts = body.gifts as Array<Record<string, unknown>>;
    expect(gifts.map((gift) => gift.reference)).toEqual(inOrder(ada.oneOff, ada.savedCard, ada.monthly, ada.abandoned));
    expect(gifts[0]).toMatchObject({
      where: 'gifts',
      // Typed as ' Ada@Example.ORG ', kept as every route keeps an email: trimmed and lower-cased.
      supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+61412345678', postcode: '2000'},
      consent: {given: false},
      utm: {utm_campaign: 'spring-appeal'},
      deidentifiedAt: null,
      payments: [{where: 'payments', key: `paid:${ada.oneOff}`, outcome: 'paid', amountCents: 6000}],
    });
    expect(gifts.find((gift) => gift.reference === ada.abandoned)!.payments).toEqual([]);
    expect(body.signatures).toMatchObject([{where: 'signatures', reference: ada.signature, answer: {value: 'For the whales'}}]);
    const outbox = body.outbox as Array<{recordId: string; carriesDetails: boolean}>;
    expect(outbox.filter((row) => row.carriesDetails).map((row) => row.recordId)).toEqual(
      expect.arrayContaining([`gift:${ada.oneOff}`, `gift:${ada.monthly}`, `signature:${ada.signature}`]),
    );
    // Four gift requests were counted under her email by the card-testing guard.
    expect(body.guard).toEqual({where: 'guard_counts', windows: 1, requests: 4});
    expect(JSON.stringify(body)).not.toContain('bob@example.net');
  });

  it('forgets a supporter: nothing of her in the export or the outbox, the count unchanged, one signed erasure sent, her Customers deleted', async () => {
    const {ada} = await adaAndBob();
    const before = await count();
    // Every gift has a Customer of its own, a plain one-off gift's with the email alone, for Stripe's receipt.
    const references = inOrder(ada.oneOff, ada.savedCard, ada.monthly, ada.abandoned);
    const customers = references.map((reference) => String(customerOfIntent(reference) ?? stripe.subscriptions.get(reference)!.customer));
    expect(new Set(customers).size).toBe(4);

    const {status, body} = await supporters('forget', {email: 'ada@example.org', cancelSubscriptions: true});
    expect(status).toBe(200);
    expect(body.gifts).toEqual({erased: inOrder(ada.oneOff, ada.savedCard, ada.monthly, ada.abandoned), kept: []});
    expect(body.signatures).toEqual([ada.signature]);
    const monthlyCustomer = String(stripe.subscriptions.get(ada.monthly)!.customer);
    expect(body.lines).toEqual(
      expect.arrayContaining([
        ...customers.map((customer) =>
          customer === monthlyCustomer
            ? `Stripe: Customer ${customer} deleted, after cancelling ${ada.monthly}`
            : `Stripe: Customer ${customer} deleted`,
        ),
        'guard: 1 counts for the email dropped',
      ]),
    );
    const deleted = stripe.requests.filter((request) => request.method === 'DELETE' && request.path.startsWith('/v1/customers/'));
    expect(deleted.map((request) => request.path)).toEqual(customers.map((customer) => `/v1/customers/${customer}`));
    expect(stripe.subscriptions.get(ada.monthly)!.status).toBe('canceled');

    for (const text of [await exported('gifts'), await exported('signatures'), await outboxText()]) {
      for (const trace of ADA_TRACES) expect(text.toLowerCase(), text).not.toContain(trace.toLowerCase());
    }
    expect(await exported('signatures')).toContain('bob@example.net');
    expect(await count()).toBe(before);

    const received: Received[] = [];
    const forwarder = createForwarder({
      db: test.db,
      url: 'https://crm.example.org/coral',
      secret: CRM_SECRET,
      fetch: async (_url, init) => {
        // The forwarder sends each record's JSON as a string, the exact bytes it signed.
        received.push({signature: new Headers(init?.headers).get('coral-signature') ?? '', body: init?.body as string});
        return new Response(null, {status: 204});
      },
    });
    while ((await forwarder.runOnce()).waiting);
    const erasures = received.filter((one) => (JSON.parse(one.body) as {type: string}).type === 'supporter.erased');
    expect(erasures).toHaveLength(1);
    expect(await verifyCoralSignature(CRM_SECRET, erasures[0]!.signature, erasures[0]!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(erasures[0]!.body)).toMatchObject({
      data: {gifts: inOrder(ada.oneOff, ada.savedCard, ada.monthly, ada.abandoned), signatures: [ada.signature]},
    });
    for (const one of received) for (const trace of ADA_TRACES) expect(one.body).not.toContain(trace);

    const after = await supporters('records', {email: 'ada@example.org'});
    const gifts = after.body.gifts as Array<{supporter: object; deidentifiedAt: string | null; amountCents: number}>;
    expect(gifts).toHaveLength(4);
    for (const gift of gifts) expect(gift).toMatchObject({supporter: {}, utm: {}, deidentifiedAt: new Date(NOW_MS).toISOString()});
    // Her country goes with her postcode (deidentify.ts says why): nothing of her details is left, not even that.
    expect(gifts.map((gift) => gift.supporter)).toEqual(Array(4).fill({}));
    expect((after.body.signatures as Array<{supporter: object}>).map((signature) => signature.supporter)).toEqual([{}]);
    expect(after.body.requests).toMatchObject([{action: 'erased', signatures: [ada.signature]}]);
    for (const trace of ADA_TRACES.slice(1)) expect(JSON.stringify(after.body)).not.toContain(trace);
  });

  it('drops any value of a published form’s events that holds her phone, the counts kept', async () => {
    await sign(ADA, 'For the whales', {});
    // Her mobile as one run without its trunk 0 reads as an ad platform's id, so an event keeps it.
    const withPhone = {utm_source: 'sms', utm_campaign: 'sms-61412345678'};
    expect(isMachineValue(withPhone.utm_campaign)).toBe(true);
    const visit = (visitor: string, utm: Record<string, string>) =>
      recordEvent(test.db, {form: {id: 'ban-dsm', version: 1}, kind: 'view', visitor, sinceLoad: 900, utm}, '2026-01-01');
    await visit('Qm4nT8vX2cL6pR0sZ9wB3k', withPhone);
    await visit('Jd5hK1rY7uE3oW9qA2zF6m', {utm_source: 'sms', utm_campaign: 'sms-ban-dsm'});
    await visit('Hs8gN2bV5xC1mQ7tL4yP0e', {utm_source: 'sms'});

    const {body} = await supporters('forget', {email: 'ada@example.org'});
    expect(body.lines).toContain("events: 1 values holding the supporter's phone dropped; no event keeps an email");
    const values = 'utm_source, utm_campaign';
    expect(await test.db.query(`select ${values}, visitors from form_event_days order by utm_campaign`)).toEqual([
      {utm_source: 'sms', utm_campaign: '', visitors: 2},
      {utm_source: 'sms', utm_campaign: 'sms-ban-dsm', visitors: 1},
    ]);
    expect(JSON.stringify(await test.db.query(`select ${values} from form_events`))).not.toContain('345678');
    // Forgotten once, her records hold no phone to look for.
    expect((await supporters('forget', {email: 'ada@example.org'})).body.lines).toContain(
      "events: 0 values holding the supporter's phone dropped; no event keeps an email",
    );
  });

  it('deletes the Customer of a gift that failed after it was made, which no kept gift names, and lists it until then', async () => {
    stripe.failNext('server-error', {path: /^\/v1\/subscriptions$/});
    expect((await post(handler, '/gifts', giftBody({supporter: ADA, frequency: 'monthly', amount: 2500}))).status).toBe(503);
    const [customer] = [...stripe.customers.keys()];
    const held = await supporters('records', {email: 'ada@example.org'});
    expect(held.body.stripeCustomers).toEqual([{where: 'stripe_customers', customer, createdAt: expect.any(String)}]);
    const {body} = await supporters('forget', {email: 'ada@example.org'});
    expect(body.lines).toContain(`Stripe: Customer ${customer} deleted`);
    expect(stripe.customers.get(customer!)?.deleted).toBe(true);
    expect(await test.db.query('select 1 from stripe_customers')).toEqual([]);
    expect((await supporters('records', {email: 'ada@example.org'})).body.stripeCustomers).toEqual([]);
  });

  it('keeps a Customer that still pays a subscription, with its gift, unless asked to cancel it, and says so', async () => {
    const {ada} = await adaAndBob();
    const first = await supporters('forget', {email: 'ada@example.org'});
    expect(first.body.gifts).toEqual({erased: inOrder(ada.oneOff, ada.savedCard, ada.abandoned), kept: [ada.monthly]});
    const customer = String(stripe.subscriptions.get(ada.monthly)!.customer);
    expect(first.body.lines).toContain(
      `Stripe: Customer ${customer} kept: it pays ${ada.monthly}; run again with --cancel-subscriptions to cancel it, delete the Customer and erase its gifts`,
    );
    expect(stripe.subscriptions.get(ada.monthly)!.status).toBe('active');

    const second = await supporters('forget', {email: 'ada@example.org', cancelSubscriptions: true});
    expect(second.body.gifts).toEqual({erased: [ada.monthly], kept: []});
    expect(stripe.subscriptions.get(ada.monthly)!.status).toBe('canceled');
    for (const trace of ADA_TRACES) expect((await exported('gifts')).toLowerCase()).not.toContain(trace.toLowerCase());
  });

  it('corrects a supporter’s details on every record, checked as the form checks them, and tells the CRM', async () => {
    const {ada} = await adaAndBob();
    const refused = await supporters('correct', {email: 'ada@example.org', changes: {postcode: '20000'}});
    expect(refused).toEqual({status: 422, body: {status: 'rejected', reason: expect.stringMatching(/^changes\.postcode: /)}});
    // Written as a supporter abroad writes it, a postcode is refused in the form's words, as /gifts and /signatures refuse it.
    expect(await supporters('correct', {email: 'ada@example.org', changes: {postcode: '2000 Australia'}})).toEqual({
      status: 422,
      body: {status: 'rejected', reason: 'changes.postcode: Postcode must be 4 digits.'},
    });

    const {status, body} = await supporters('correct', {email: 'ada@example.org', changes: {email: 'ada.king@example.org', phone: ''}});
    expect(status).toBe(200);
    expect(body).toMatchObject({
      gifts: expect.arrayContaining([ada.oneOff, ada.savedCard, ada.monthly, ada.abandoned]),
      fields: ['email', 'phone'],
    });
    expect(body.signatures).toEqual([ada.signature]);
    const moved = await supporters('records', {email: 'ada.king@example.org'});
    expect((moved.body.gifts as Array<{supporter: object}>).map((gift) => gift.supporter)).toEqual(
      Array(4).fill({firstName: 'Ada', lastName: 'Lovelace', email: 'ada.king@example.org', postcode: '2000', country: 'AU'}),
    );
    // Her Customers at Stripe too, which Stripe's invoices and receipts are sent by.
    const customers = [customerOfIntent(ada.savedCard), stripe.subscriptions.get(ada.monthly)?.customer].map(String);
    expect(body.customers).toEqual(expect.arrayContaining(customers));
    for (const customer of customers) {
      expect(stripe.customers.get(customer)).toMatchObject({email: 'ada.king@example.org', phone: null, name: 'Ada Lovelace'});
    }
    expect(body.lines).toContain(`Stripe: Customer ${customers[0]} corrected`);
    // A second correction before the first reaches the CRM: each goes out with its own changes, in order.
    expect((await supporters('correct', {email: 'ada.king@example.org', changes: {phone: '0412 999 000'}})).status).toBe(200);
    const queued = await test.db.query<{payload: {type: string; data: object}}>(
      "select payload from outbox where kind = 'supporter.corrected' order by id",
    );
    expect(queued.map((row) => row.payload)).toMatchObject([
      {type: 'supporter.corrected', data: {changes: {email: 'ada.king@example.org', phone: null}}},
      {type: 'supporter.corrected', data: {changes: {phone: '+61412999000'}}},
    ]);
  });

  it('corrects nothing, at Stripe or in the records, when Stripe cannot be reached; the same correction then goes through', async () => {
    const {ada} = await adaAndBob();
    stripe.failNext('drop', {path: /^\/v1\/customers\//, times: 2});
    const failed = await supporters('correct', {email: 'ada@example.org', changes: {lastName: 'King'}});
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(
      ((await supporters('records', {email: 'ada@example.org'})).body.gifts as Array<{supporter: {lastName: string}}>)[0]?.supporter
        .lastName,
    ).toBe('Lovelace');
    expect((await supporters('correct', {email: 'ada@example.org', changes: {lastName: 'King'}})).status).toBe(200);
    expect(stripe.customers.get(customerOfIntent(ada.savedCard) as string)).toMatchObject({name: 'Ada King'});
  });

  it('carries a correction or an erasure sent twice under one Idempotency-Key out once, answering the second as the first', async () => {
    await adaAndBob();
    const keyed = (key: string) => ({authorization: `Bearer ${TOKEN}`, 'idempotency-key': key});
    const correction = {email: 'ada@example.org', changes: {phone: '0412 999 000'}};
    const first = await supporters('correct', correction, keyed('correct-key-000000000001'));
    expect(first.status).toBe(200);
    expect(await supporters('correct', correction, keyed('correct-key-000000000001'))).toEqual(first);
    const queued = await test.db.query("select 1 from outbox where kind = 'supporter.corrected'");
    expect(queued).toHaveLength(1);
    // A key first used for a correction starts nothing else.
    expect((await supporters('forget', {email: 'ada@example.org'}, keyed('correct-key-000000000001'))).status).toBe(422);
    const erased = await supporters('forget', {email: 'ada@example.org'}, keyed('forget-key-0000000000001'));
    expect(erased.body.gifts).toMatchObject({erased: expect.arrayContaining([expect.any(String)])});
    expect(await supporters('forget', {email: 'ada@example.org'}, keyed('forget-key-0000000000001'))).toEqual(erased);
    expect(await test.db.query("select 1 from outbox where kind = 'supporter.erased'")).toHaveLength(1);
    expect((await supporters('forget', {email: 'ada@example.org'}, keyed('short'))).status).toBe(400);
  });

  it('opens only to the privacy token, from a server, with an email', async () => {
    expect((await supporters('records', {email: 'ada@example.org'}, {})).status).toBe(401);
    expect((await supporters('records', {email: 'ada@example.org'}, {authorization: `Bearer ${TOKEN}x`})).status).toBe(401);
    expect((await supporters('records', {email: 'ada@example.org'}, {authorization: `Bearer ${TOKEN}`, origin: ORIGIN})).status).toBe(403);
    expect(await supporters('forget', {email: 'not an email'})).toEqual({
      status: 422,
      body: {status: 'rejected', reason: 'email: expected an email address like ada@example.org'},
    });
    expect((await supporters('forget', {email: 'ada@example.org', everything: true})).status).toBe(422);
    const closed = makeHandler(stripe, {store: createPgStore(test.db), db: test.db}).handler;
    const response = await closed(new Request('https://coral.example.org/supporters/records', {method: 'POST', body: '{}'}));
    expect(response.status).toBe(404);
  });
});
