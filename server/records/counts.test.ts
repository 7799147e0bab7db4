/** Each petition's count, kept beside its signatures, on every database: exact under signers at once, and carried over from before it was kept. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {parseCampaignsFile} from '../settings';
import {createCoralHandler} from '../doorway';
import {memoryLogger} from '../http';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {ORIGIN, post} from '../testing/fixtures';
import {keptSignature} from '../testing/records';
import {migrate, MIGRATIONS} from '../schema';
import type {GiftStore} from './store';
import {createPgStore} from './pgStore';

const PETITION = 'ban-deep-sea-mining';

describe.each(DATABASES)('the count on $name', ({create}) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await create();
  });
  afterEach(async () => {
    await test.drop();
  });

  const counted = async () =>
    (await test.db.query<{count: number}>('select count(*)::int as count from signatures where campaign = $1', [PETITION]))[0]!.count;

  it.each([false, true])('counts each signature kept, and no repeat, with signers at once (outbox %s)', async (outbox) => {
    const store = createPgStore(test.db, {outbox});
    const emails = Array.from({length: 120}, (_, i) => `signer${i}@example.org`);
    // Each signer twice, one of the two in capitals: a repeat is answered with the first and counts nothing.
    const answers = await Promise.all(
      emails.flatMap((email) => [
        store.sign(keptSignature({supporter: {email}})),
        store.sign(keptSignature({supporter: {email: email.toUpperCase()}})),
      ]),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(120);
    await store.sign(keptSignature({campaign: 'protect-the-kauri'}));
    expect(await store.count(PETITION)).toBe(120);
    expect(await store.count(PETITION)).toBe(await counted());
    expect(await store.count('protect-the-kauri')).toBe(1);
    expect(await store.count('a-campaign-never-signed')).toBe(0);
  });

  it('carries over the signatures kept before the count was kept beside them', async () => {
    await test.db.script('drop schema public cascade; create schema public');
    // The migrations up to the one that made the count's table: a database as it was before.
    const before = MIGRATIONS.slice(
      0,
      MIGRATIONS.findIndex((migration) => migration.sql.includes('create table signature_counts')),
    );
    await migrate(test.db, before);
    for (const [i, campaign] of [PETITION, PETITION, PETITION, 'protect-the-kauri'].entries()) {
      await test.db.query(
        `insert into signatures (reference, idempotency_key, campaign, kind, email, consent, consent_wording, consent_version, consented_at, created_at)
         values ($1, $2, $3, 'petition', $4, false, 'Keep me updated.', 'v1', now(), now())`,
        [`sig_${i}`, `key-${i}-0000000000000000`, campaign, `signer${i}@example.org`],
      );
    }
    expect(await migrate(test.db)).toEqual(MIGRATIONS.slice(before.length).map((migration) => migration.name));
    const store = createPgStore(test.db);
    expect(await store.count(PETITION)).toBe(3);
    expect(await store.count('protect-the-kauri')).toBe(1);
    await store.sign(keptSignature({supporter: {email: 'one-more@example.org'}}));
    expect(await store.count(PETITION)).toBe(4);
  });

  describe('through the endpoint', () => {
    const {powerforms} = parseCampaignsFile({powerforms: [{campaign: PETITION, counter: {count: 48_317, goal: 75_000}}]});
    const endpoint = (store: GiftStore) =>
      createCoralHandler({
        stripe: null,
        webhookSecret: null,
        campaigns: new Map(),
        powerforms,
        store,
        db: test.db,
        allowedOrigins: [ORIGIN],
        logger: memoryLogger(),
      });
    /** The store's reads of the count, each held until the test lets it go on to the database. */
    let reads: Array<() => void>;
    let handler: (request: Request) => Promise<Response>;
    beforeEach(() => {
      reads = [];
      const store = createPgStore(test.db);
      const read = store.count.bind(store);
      store.count = async (campaign) => {
        await new Promise<void>((resolve) => reads.push(resolve));
        return read(campaign);
      };
      handler = endpoint(store);
    });
    const askCount = async () =>
      ((await (await handler(new Request(`https://coral.example.org/campaigns/${PETITION}/count`))).json()) as {count: number}).count;
    const sign = (email: string) =>
      post(handler, '/signatures', {
        campaign: PETITION,
        variant: 'petition',
        supporter: {firstName: 'Ada', lastName: 'Lovelace', email, postcode: '2000', consent: true},
        utm: {},
      });
    /** Until the requests under way have reached the store, which reaches it only after their I/O. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    it('reads the count once for every request that asks while a read is under way', async () => {
      const asked = Array.from({length: 20}, askCount);
      await settle();
      expect(reads).toHaveLength(1);
      reads.splice(0).forEach((go) => go());
      expect(await Promise.all(asked)).toEqual(Array.from({length: 20}, () => 48_317));
      // The read over, the next request reads afresh.
      const next = askCount();
      await settle();
      expect(reads).toHaveLength(1);
      reads.splice(0).forEach((go) => go());
      expect(await next).toBe(48_317);
    });

    it('counts a signature kept during a read in the next request, which does not join that read', async () => {
      const before = askCount();
      await settle();
      expect(reads).toHaveLength(1);
      const signed = await sign('signer@example.org');
      expect(signed.body).toEqual({status: 'accepted', reference: expect.any(String)});
      // The signer's own page asks for the count: it must find their signature, so it cannot share the read begun before it.
      const after = askCount();
      await settle();
      expect(reads).toHaveLength(2);
      reads.splice(0).forEach((go) => go());
      expect(await after).toBe(48_318);
      expect([48_317, 48_318]).toContain(await before);
      // Signing again with the same email keeps nothing new, and the requests share a read again.
      expect((await sign('SIGNER@example.org')).body).toEqual({status: 'accepted', reference: expect.any(String)});
      const shared = [askCount(), askCount()];
      await settle();
      expect(reads).toHaveLength(1);
      reads.splice(0).forEach((go) => go());
      expect(await Promise.all(shared)).toEqual([48_318, 48_318]);
    });

    it('lets a failed read go, so the next request reads again', async () => {
      const store = createPgStore(test.db);
      let fail = true;
      store.count = async () => {
        if (fail) throw Object.assign(new Error('the database did not answer'), {code: 'ECONNREFUSED'});
        return 7;
      };
      const failing = endpoint(store);
      const ask = () => failing(new Request(`https://coral.example.org/campaigns/${PETITION}/count`));
      expect((await ask()).status).toBeGreaterThanOrEqual(500);
      fail = false;
      expect(((await (await ask()).json()) as {count: number}).count).toBe(48_317 + 7);
    });
  });
});
