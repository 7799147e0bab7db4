/** The guard's counts are kept under keyed hashes: no one without CORAL_GUARD_SECRET can tell whose they are, on every database. */
import {createHash} from 'node:crypto';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../db/store';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {GUARD_SECRET, makeHandler} from '../testing/fixtures';
import {guardWith, sendFrom, smallestGift} from '../testing/guard';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {addressBucket, parseAddress} from './address';

const CLIENT = '203.0.113.7';
const EMAIL = 'supporter1@example.org';
/** Another test-only key, for the same requests counted under another secret. */
const OTHER_SECRET = 'another-guard-secret-for-tests-only-000';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DATABASES)('the guard’s hashes on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  /** The buckets one gift from CLIENT by EMAIL is counted under, with the guard keyed by `secret`. */
  async function bucketsUnder(secret: string): Promise<string[]> {
    await test.db.query('delete from guard_counts');
    const {handler} = makeHandler(stripe, {store: createPgStore(test.db), guard: guardWith({secret})});
    expect((await sendFrom(handler, CLIENT, smallestGift(1))).status).toBe(200);
    const rows = await test.db.query<{bucket: string}>('select bucket from guard_counts order by bucket');
    return rows.map((row) => row.bucket);
  }

  it('never keeps the plain SHA-256 of an address or an email, which anyone could find by trying likely ones', async () => {
    const buckets = await bucketsUnder(GUARD_SECRET);
    expect(buckets).toHaveLength(2);
    expect(buckets.every((bucket) => /^(address|email):[0-9a-f]{64}$/.test(bucket))).toBe(true);
    expect(buckets).not.toContain(`address:${sha256(addressBucket(parseAddress(CLIENT)!))}`);
    expect(buckets).not.toContain(`email:${sha256(EMAIL)}`);
  });

  it('counts the same client under other hashes with another secret', async () => {
    const first = await bucketsUnder(GUARD_SECRET);
    const second = await bucketsUnder(OTHER_SECRET);
    expect(second).toHaveLength(2);
    for (const bucket of second) expect(first).not.toContain(bucket);
    // The same secret, the same hashes: counts hold across instances and restarts.
    expect(await bucketsUnder(GUARD_SECRET)).toEqual(first);
  });
});
