/** The records in Postgres, on the embedded database and (with TEST_DATABASE_URL) on a server. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {keptGift, keptSignature, paidRecord} from '../testing/records';
import {openPostgres} from '../db';
import {migrate, migrationsOf, MIGRATIONS} from '../schema';
import {createPgStore} from './pgStore';

const PAID = paidRecord();

describe.each(DATABASES)('records on $name', ({create}) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await create();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('claims a key for the route it was first sent to, without leaving a later commit unwaited for', async () => {
    // One connection, so the statement after the claim runs where the claim did.
    const db = test.url ? openPostgres(test.url, {max: 1}) : test.db;
    try {
      const store = createPgStore(db);
      const key = 'claim-key-0000000000000001';
      expect(await store.claimKey(key, '/signatures', 1_767_225_600)).toBe('/signatures');
      expect(await store.claimKey(key, '/gifts', 1_767_225_601)).toBe('/signatures');
      // The claim's own commit alone may skip the wait for the disk: the signature kept next must not.
      const [setting] = await db.query<{wait: string}>("select current_setting('synchronous_commit') as wait");
      expect(setting!.wait).toBe('on');
      const claims = await db.query<{route: string}>('select route from idempotency_keys where key = $1', [key]);
      expect(claims).toEqual([{route: '/signatures'}]);
    } finally {
      if (db !== test.db) await db.close();
    }
  });

  it('keeps a gift key’s attempt, moved on once from the attempt that failed, and its start', async () => {
    const store = createPgStore(test.db);
    const key = 'attempt-key-0000000000000001';
    expect(await store.giftAttempt(key, 1_767_225_700)).toEqual({attempt: 0, startedAt: 1_767_225_700});
    await store.claimKey(key, '/gifts', 1_767_225_600);
    expect(await store.giftAttempt(key, 1_767_225_700)).toEqual({attempt: 0, startedAt: 1_767_225_600});
    await store.nextGiftAttempt(key, 0, 1_767_225_650);
    await store.nextGiftAttempt(key, 0, 1_767_225_660);
    expect(await store.giftAttempt(key, 1_767_225_700)).toEqual({attempt: 1, startedAt: 1_767_225_650});
  });

  it('notes a gift’s Customer, and once the gift is kept keeps it for the same request only, with no email', async () => {
    const store = createPgStore(test.db);
    await store.customerMade({customer: 'cus_1', key: 'coral:k1', email: ' Ada@Example.org ', createdAt: 1_767_225_600});
    await store.customerMade({customer: 'cus_1', key: 'coral:k1', email: 'ada@example.org', createdAt: 1_767_225_601});
    expect(await store.customerOfKey('coral:k1')).toBe('cus_1');
    expect(await store.customerOfKey('coral:k2')).toBeNull();
    expect(await test.db.query('select email from stripe_customers')).toEqual([{email: 'ada@example.org'}]);
    await store.customerKept('coral:k1');
    // Sent again under its key, the gift's request must name the same Customer for Stripe to answer it from that key.
    expect(await store.customerOfKey('coral:k1')).toBe('cus_1');
    expect(await test.db.query('select email from stripe_customers')).toEqual([{email: null}]);
  });

  it('applies each migration once', async () => {
    expect(await migrate(test.db)).toEqual([]);
    const rows = await test.db.query<{name: string}>('select name from coral_migrations order by version');
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('refuses a database migrated by a newer version', async () => {
    await test.db.query("insert into coral_migrations (version, name) values (999, '0999_future')");
    await expect(migrate(test.db)).rejects.toThrow(/0999_future.*newer version/);
  });

  it('records one event delivered fifty times at once, once, and queues its gift and it once', async () => {
    const store = createPgStore(test.db, {outbox: true});
    await store.keepGift(keptGift());
    const answers = await Promise.all(Array.from({length: 50}, () => store.recordOnce('paid:pi_1', PAID)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await store.get('paid:pi_1')).toEqual(PAID);
    const queued = await test.db.query<{record_id: string}>('select record_id from outbox order by id');
    expect(queued.map((row) => row.record_id)).toEqual(['gift:pi_1', 'payment:paid:pi_1']);
  });

  it('holds a payment whose gift is not yet tied to it, and queues both, in order, when it is', async () => {
    const store = createPgStore(test.db, {outbox: true});
    await store.keepGift(keptGift({reference: 'cs_1', via: 'checkout'}));
    // A hosted checkout's payment_intent.succeeded, delivered before the session's event that ties it to the gift.
    await store.recordOnce('paid:pi_1', PAID);
    const queued = () => test.db.query<{record_id: string}>('select record_id from outbox order by id');
    expect(await queued()).toEqual([]);
    await store.linkCheckout('cs_1', 'pi_1', 'card');
    expect((await queued()).map((row) => row.record_id)).toEqual(['gift:cs_1', 'payment:paid:pi_1']);
  });

  it('sends each record of a gift once when its payments and its tie to them arrive all at once', async () => {
    const store = createPgStore(test.db, {outbox: true});
    await store.keepGift(keptGift({reference: 'cs_1', via: 'checkout'}));
    const refund = {...PAID, outcome: 'refunded' as const, stripeId: 'ch_1', amount: 1000};
    await Promise.all([
      store.recordOnce('refunded:ch_1:1000', refund),
      store.linkCheckout('cs_1', 'pi_1', null),
      store.recordOnce('paid:pi_1', PAID),
      store.linkCheckout('cs_1', 'pi_1', null),
    ]);
    const queued = await test.db.query<{record_id: string}>('select record_id from outbox order by id');
    expect(queued[0]?.record_id).toBe('gift:cs_1');
    expect(queued.map((row) => row.record_id).sort()).toEqual(['gift:cs_1', 'payment:paid:pi_1', 'payment:refunded:ch_1:1000']);
  });

  it('keeps one signature per email and campaign, whatever the key or the case', async () => {
    const store = createPgStore(test.db);
    const first = await store.sign(keptSignature());
    const again = await Promise.all(
      Array.from({length: 50}, (_, i) => store.sign(keptSignature({supporter: {email: i % 2 ? 'ADA@example.org ' : 'ada@example.org'}}))),
    );
    expect(first.created).toBe(true);
    // Each repeat, under a key of its own, is answered a reference of its own, never the first signature's.
    expect(new Set([first.reference, ...again.map((answer) => answer.reference)]).size).toBe(51);
    expect(again.every((answer) => !answer.created)).toBe(true);
    expect(await store.count('ban-deep-sea-mining')).toBe(1);
    expect(await store.count('another-campaign')).toBe(0);
  });

  it('ties a hosted checkout’s gift to what Stripe made, once, with the way the supporter paid when Stripe said it', async () => {
    const store = createPgStore(test.db);
    await store.keepGift(keptGift({reference: 'cs_1', via: 'checkout', frequency: 'monthly'}));
    await store.keepGift(keptGift({reference: 'cs_2', via: 'checkout', frequency: 'monthly'}));
    await store.linkCheckout('cs_1', 'sub_1', 'direct-debit');
    await store.linkCheckout('cs_1', 'sub_other', null);
    await store.linkCheckout('cs_2', 'sub_2', null);
    expect(await test.db.query('select reference, payment_reference, method from gifts order by reference')).toEqual([
      {reference: 'cs_1', payment_reference: 'sub_1', method: 'direct-debit'},
      {reference: 'cs_2', payment_reference: 'sub_2', method: 'card'},
    ]);
  });

  it('keeps the records across a restart', async () => {
    const store = createPgStore(test.db);
    await store.recordOnce('paid:pi_1', PAID);
    const signature = keptSignature();
    const signed = await store.sign(signature);
    const reopened = createPgStore(await test.reopen());
    expect(await reopened.get('paid:pi_1')).toEqual(PAID);
    expect(await reopened.count('ban-deep-sea-mining')).toBe(1);
    expect(await reopened.sign(signature)).toEqual({reference: signed.reference, created: false});
    expect(await reopened.sign(keptSignature())).toMatchObject({created: false});
    expect(await reopened.count('ban-deep-sea-mining')).toBe(1);
  });
});

describe('migration files', () => {
  it('must be numbered in order with no gap', () => {
    expect(() => migrationsOf({'./migrations/0001_a.sql': '', './migrations/0003_c.sql': ''})).toThrow(/0003_c: expected number 0002/);
    expect(() => migrationsOf({'./migrations/first.sql': ''})).toThrow(/expected a name like/);
  });
});
