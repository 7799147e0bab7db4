/**
 * The rate limits on the gift routes, counted in the records so they hold across instances, on every database,
 * under keyed hashes: no one without CORAL_GUARD_SECRET can tell whose a count is.
 */
import {createHash} from 'node:crypto';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {GUARD_SECRET, makeHandler, NOW_MS} from '../testing/fixtures';
import {guardWith, sendFrom, smallestGift} from '../testing/guard';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import {addressBucket, parseAddress} from '../http';
import {DEFAULT_GUARD} from './settings';

const ATTACKER = '203.0.113.7';
const LIMITED = {status: 'rejected', reason: 'rate-limited'};
const CLIENT = '203.0.113.7';
const EMAIL = 'supporter1@example.org';
/** Another test-only key, for the same requests counted under another secret. */
const OTHER_SECRET = 'another-guard-secret-for-tests-only-000';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DATABASES)('rate limits on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  beforeEach(async () => {
    [test, stripe] = await Promise.all([create(), startStripeStandIn()]);
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  /** Two instances of the endpoint on one database, as behind a load balancer. */
  const twoInstances = (now = () => NOW_MS) => [0, 1].map(() => makeHandler(stripe, {store: createPgStore(test.db), now}).handler);

  it('stops a burst of the smallest gifts from one address at its limit, across two instances, before Stripe', async () => {
    const instances = twoInstances();
    const burst = await Promise.all(Array.from({length: 30}, (_, n) => sendFrom(instances[n % 2]!, ATTACKER, smallestGift(n))));
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_GUARD.giftsPerAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - DEFAULT_GUARD.giftsPerAddress);
    // Each gift let through has its PaymentIntent and its Customer; none refused reached Stripe.
    expect(stripe.paymentIntents.size).toBe(DEFAULT_GUARD.giftsPerAddress);
    expect(stripe.customers.size).toBe(DEFAULT_GUARD.giftsPerAddress);

    const refused = burst.find((answer) => answer.status === 429)!;
    // 2026-01-01T00:00:00Z starts an hour's window: come back when it ends.
    expect(refused.body).toEqual({...LIMITED, retryAfter: 3600});
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.headers.get('access-control-expose-headers')).toBe('retry-after');
  });

  it('ignores a made-up X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const [first, second] = twoInstances();
    const answers = [];
    for (let n = 0; n < 25; n += 1) {
      const headers = {'x-forwarded-for': `198.51.100.${n}`};
      answers.push(await sendFrom(n % 2 ? first! : second!, ATTACKER, smallestGift(n), {headers}));
    }
    expect(answers.map((answer) => answer.status).indexOf(429)).toBe(DEFAULT_GUARD.giftsPerAddress);
    expect(answers.slice(DEFAULT_GUARD.giftsPerAddress).every((answer) => answer.status === 429)).toBe(true);
  });

  it('counts an IPv6 client by its /64, however many of its addresses it uses', async () => {
    const {handler} = makeHandler(stripe, {store: createPgStore(test.db), guard: guardWith({giftsPerAddress: 3})});
    const answers = [];
    for (let n = 1; n <= 4; n += 1) answers.push((await sendFrom(handler, `2001:db8:1:2::${n.toString(16)}`, smallestGift(n))).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect((await sendFrom(handler, '2001:db8:1:3::1', smallestGift(9))).status).toBe(200);
  });

  it('limits one email, in any case, from any address, on /gifts and /checkout together', async () => {
    const [first, second] = twoInstances();
    const answers = [];
    for (let n = 0; n < DEFAULT_GUARD.giftsPerEmail + 1; n += 1) {
      const email = n % 2 ? 'Card.Tester@Example.org' : 'card.tester@example.org';
      const body = smallestGift(n, {supporter: {firstName: 'Card', lastName: 'Tester', email, consent: false}});
      const checkout = n === 1 ? {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'} : null;
      const path = checkout ? '/checkout' : '/gifts';
      answers.push((await sendFrom(n % 2 ? first! : second!, `192.0.2.${n}`, {...body, ...checkout}, {path})).status);
    }
    expect(answers).toEqual([...Array<number>(DEFAULT_GUARD.giftsPerEmail).fill(200), 429]);
  });

  it('lets a supporter try again three times after declines, and counts afresh in the next window', async () => {
    let now = NOW_MS + 1_800_000;
    const [first, second] = twoInstances(() => now);
    const tries = [];
    for (let n = 0; n < 4; n += 1) tries.push((await sendFrom(n % 2 ? first! : second!, '192.0.2.10', smallestGift(0))).status);
    expect(tries).toEqual([200, 200, 200, 200]);

    const {handler: strict} = makeHandler(stripe, {store: createPgStore(test.db), now: () => now, guard: guardWith({giftsPerEmail: 4})});
    const over = await sendFrom(strict, '192.0.2.10', smallestGift(0));
    expect(over.body).toEqual({...LIMITED, retryAfter: 1800});
    now += 1_800_000;
    expect((await sendFrom(strict, '192.0.2.10', smallestGift(0))).status).toBe(200);

    // Only the current window is kept, and neither the address nor the email is kept in the clear.
    const rows = await test.db.query<{bucket: string; window_start: Date}>('select bucket, window_start from guard_counts');
    expect(rows.map((row) => row.window_start.getTime())).toEqual([now, now]);
    expect(rows.map((row) => row.bucket).sort()).toEqual([
      expect.stringMatching(/^address:[0-9a-f]{64}$/),
      expect.stringMatching(/^email:[0-9a-f]{64}$/),
    ]);
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
