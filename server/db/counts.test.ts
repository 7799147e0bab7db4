/** Each petition's count, kept beside its signatures, on every database: exact under signers at once, and carried over from before it was kept. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {keptSignature} from '../testing/records';
import {migrate, MIGRATIONS} from './migrate';
import {createPgStore} from './store';

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
    const before = MIGRATIONS.filter((migration) => !migration.sql.includes('create table signature_counts'));
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
});
