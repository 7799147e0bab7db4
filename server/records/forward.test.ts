/** Forwarding to a CRM (a local HTTP server here) on every kind of database: signed, in order, once per 2xx, retried after failures. */
import {createHmac} from 'node:crypto';
import {createServer, type IncomingHttpHeaders} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type Database, openPostgres} from '../db';
import {createPgStore, giftPayload, paymentPayload, signaturePayload} from './pgStore';
import {createForwarder, retryPause, signRecord, verifyCoralSignature, type ForwarderOptions} from './forward';
import type {GiftStore} from './store';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {keptGift, keptSignature, paidRecord} from '../testing/records';

const SECRET = 'forward-secret-0123456789abcdefghijklmnop';
const GIFT = keptGift();
const PAID = paidRecord();
/** A signature by `email`, under a name that JSON has to escape and that must never reach a log line. */
const signature = (email: string) => keptSignature({supporter: {firstName: 'Zoë, "Jo"', email}});

type Received = {headers: IncomingHttpHeaders; body: string; status: number | 'hung'};
type Answer = number | 'hang' | {status: number; afterMs: number};
type Crm = {url: string; received: Received[]; close(): Promise<void>};

/** The CRM: answers the n-th request (from 1) as `answer(n)` says, and keeps what it was sent. */
async function startCrm(answer: (n: number) => Answer = () => 200): Promise<Crm> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const planned = answer(received.length + 1);
      const status = planned === 'hang' ? 'hung' : typeof planned === 'number' ? planned : planned.status;
      const entry: Received = {headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status};
      received.push(entry);
      if (planned === 'hang') return;
      const reply = () => response.writeHead(entry.status as number, {location: 'https://elsewhere.example/'}).end('noted');
      if (typeof planned === 'number') reply();
      else setTimeout(reply, planned.afterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/coral/records`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const delivered = (crm: Crm) => crm.received.filter((one) => typeof one.status === 'number' && one.status >= 200 && one.status < 300);
const ids = (received: Received[]) => received.map((one) => one.headers['coral-record-id']);

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type OutboxRow = {record_id: string; attempts: number; last_error: string | null; next_attempt_at: Date; delivered_at: Date | null};
const outbox = (db: Database) =>
  db.query<OutboxRow>('select record_id, attempts, last_error, next_attempt_at, delivered_at from outbox order by id');

describe.each(DATABASES)('forwarding on $name', ({create}) => {
  let test: TestDatabase;
  let store: GiftStore;
  let crm: Crm | undefined;
  let clock: number;
  const lines: Array<{level: string; details: object; message?: string}> = [];
  const log = {
    info: (details: object, message?: string) => lines.push({level: 'info', details, message}),
    warn: (details: object, message?: string) => lines.push({level: 'warn', details, message}),
  };
  const forwarder = (db: Database, url: string, change: Partial<ForwarderOptions> = {}) =>
    createForwarder({db, url, secret: SECRET, now: () => clock, log, ...change});

  /** Keeps a gift, its payment and a signature, queuing each: answers their record ids, oldest first. */
  async function keepThree(): Promise<string[]> {
    await store.keepGift(GIFT);
    await store.recordOnce('paid:pi_1', PAID);
    const {reference} = await store.sign(signature('zoe@example.org'));
    return ['gift:pi_1', 'payment:paid:pi_1', `signature:${reference}`];
  }

  beforeEach(async () => {
    test = await create();
    store = createPgStore(test.db, {outbox: true});
    // The database stamps each new record due now, by its own clock; the forwarder's starts a little after.
    clock = Date.now() + 1000;
    lines.length = 0;
  });
  afterEach(async () => {
    await crm?.close();
    crm = undefined;
    await test.drop();
  });

  it('forwards each record in order, signed, with a stable id and the JSON the store queued', async () => {
    crm = await startCrm();
    const expected = await keepThree();
    expect(await forwarder(test.db, crm.url).runOnce()).toEqual({delivered: 3, waiting: false});

    expect(ids(crm.received)).toEqual(expected);
    const reference = expected[2]!.slice('signature:'.length);
    const payloads = [giftPayload(GIFT), paymentPayload('paid:pi_1', PAID), signaturePayload(reference, signature('zoe@example.org'))];
    for (const [i, {headers, body}] of crm.received.entries()) {
      expect(headers['content-type']).toBe('application/json');
      expect(await verifyCoralSignature(SECRET, String(headers['coral-signature']), body, Math.floor(clock / 1000))).toBe(true);
      expect(await verifyCoralSignature('another-secret', String(headers['coral-signature']), body, Math.floor(clock / 1000))).toBe(false);
      const record = JSON.parse(body) as {id: string};
      expect(record).toEqual(JSON.parse(JSON.stringify(payloads[i])));
      expect(record.id).toBe(headers['coral-record-id']);
    }
    const rows = await outbox(test.db);
    expect(rows.every((row) => row.delivered_at !== null && row.attempts === 0)).toBe(true);
    expect(lines.map((line) => [line.level, line.details, line.message])).toEqual(
      expected.map((recordId) => ['info', {recordId, attempts: 1}, 'forwarded']),
    );
  });

  it('never sends a record again after its 2xx', async () => {
    crm = await startCrm();
    const expected = await keepThree();
    const forward = forwarder(test.db, crm.url);
    await forward.runOnce();
    clock += 60 * 60 * 1000;
    expect(await forward.runOnce()).toEqual({delivered: 0, waiting: false});
    const {reference} = await store.sign(signature('grace@example.org'));
    expect(await forward.runOnce()).toEqual({delivered: 1, waiting: false});
    expect(ids(crm.received)).toEqual([...expected, `signature:${reference}`]);
  });

  it('gives a target that fails five times every record once more, in order, across a restart', async () => {
    crm = await startCrm((n) => (n <= 5 ? 503 : 200));
    const expected = await keepThree();
    let forward = forwarder(test.db, crm.url);

    // Each failure holds back every record after it, for 1 s, then 2 s, 4 s, 8 s, 16 s.
    const failOnce = async (pauseMs: number, tries: number) => {
      expect(await forward.runOnce()).toEqual({delivered: 0, waiting: true});
      expect(crm!.received).toHaveLength(tries);
      const [head] = await outbox(test.db);
      expect(head).toMatchObject({attempts: tries, last_error: 'HTTP 503', delivered_at: null});
      expect(head!.next_attempt_at.getTime()).toBe(clock + pauseMs);
      // Not yet: nothing is sent before the pause is over.
      clock += pauseMs - 1;
      expect(await forward.runOnce()).toEqual({delivered: 0, waiting: true});
      expect(crm!.received).toHaveLength(tries);
      clock += 1;
    };
    await failOnce(1000, 1);
    await failOnce(2000, 2);
    await failOnce(4000, 3);

    forward = forwarder(await test.reopen(), crm.url);
    await failOnce(8000, 4);
    await failOnce(16_000, 5);
    expect(await forward.runOnce()).toEqual({delivered: 3, waiting: false});

    expect(ids(crm.received)).toEqual([...Array(5).fill(expected[0]), ...expected]);
    expect(ids(delivered(crm))).toEqual(expected);
    for (const {headers, body} of crm.received) {
      expect(await verifyCoralSignature(SECRET, String(headers['coral-signature']), body, Math.floor(clock / 1000))).toBe(true);
    }
    expect((await outbox(test.db)).map((row) => [row.record_id, row.attempts, row.last_error, row.delivered_at !== null])).toEqual([
      [expected[0], 5, null, true],
      [expected[1], 0, null, true],
      [expected[2], 0, null, true],
    ]);
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.details)).toEqual(
      [1, 2, 3, 4, 5].map((attempts) => ({recordId: expected[0], attempts, status: 503, retryInSeconds: 2 ** (attempts - 1)})),
    );
    expect(JSON.stringify(lines)).not.toMatch(/example\.org|Ada|Zoë|\+614/);
  });

  it('counts a CRM that does not answer in time as a failure', async () => {
    crm = await startCrm((n) => (n === 1 ? 'hang' : 200));
    const {reference} = await store.sign(signature('zoe@example.org'));
    const forward = forwarder(test.db, crm.url, {timeoutMs: 300});
    expect(await forward.runOnce()).toEqual({delivered: 0, waiting: true});
    expect(await outbox(test.db)).toMatchObject([{attempts: 1, last_error: 'TimeoutError', delivered_at: null}]);
    expect(lines.at(-1)).toMatchObject({level: 'warn', details: {recordId: `signature:${reference}`, attempts: 1, status: 'TimeoutError'}});
    clock += 1000;
    expect(await forward.runOnce()).toEqual({delivered: 1, waiting: false});
    expect(ids(delivered(crm))).toEqual([`signature:${reference}`]);
  });

  it('counts a redirect, a refusal and a connection refused as failures', async () => {
    crm = await startCrm((n) => (n === 1 ? 308 : 400));
    await store.sign(signature('zoe@example.org'));
    const forward = forwarder(test.db, crm.url);
    await forward.runOnce();
    expect(await outbox(test.db)).toMatchObject([{attempts: 1, last_error: 'HTTP 308'}]);
    clock += 1000;
    await forward.runOnce();
    expect(await outbox(test.db)).toMatchObject([{attempts: 2, last_error: 'HTTP 400'}]);
    expect(crm.received).toHaveLength(2);

    const gone = await startCrm();
    await gone.close();
    clock += 2000;
    await forwarder(test.db, gone.url).runOnce();
    const [row] = await outbox(test.db);
    expect(row).toMatchObject({attempts: 3, delivered_at: null});
    expect(row!.last_error).toMatch(/^TypeError \(ECONNREFUSED\)$/);
  });

  it('delivers each record once, in order, when two instances forward at once', async () => {
    crm = await startCrm(() => ({status: 200, afterMs: Math.floor(Math.random() * 15)}));
    const expected: string[] = [];
    for (let i = 0; i < 12; i += 1) expected.push(`signature:${(await store.sign(signature(`s${i}@example.org`))).reference}`);
    // On a server, the second instance has its own connections, as another process would.
    const other = test.url ? openPostgres(test.url) : test.db;
    try {
      const first = forwarder(test.db, crm.url);
      const second = forwarder(other, crm.url);
      for (let round = 0; round < 50 && delivered(crm).length < expected.length; round += 1) {
        await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
      }
    } finally {
      if (other !== test.db) await other.close();
    }
    expect(ids(crm.received)).toEqual(expected);
  });

  it('runs rounds on a timer until stopped, and a stop waits for the round in flight', async () => {
    crm = await startCrm((n) => (n === 3 ? {status: 200, afterMs: 300} : 200));
    const expected = await keepThree();
    const stop = forwarder(test.db, crm.url, {now: Date.now}).start(20);
    await until(() => crm!.received.length === 3);
    await stop();
    // The third record was in flight when stop was called: it is recorded as delivered before stop resolves.
    expect((await outbox(test.db)).map((row) => row.delivered_at !== null)).toEqual([true, true, true]);
    expect(ids(crm.received)).toEqual(expected);

    await store.sign(signature('grace@example.org'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(crm.received).toHaveLength(3);
  });
});

describe('Coral-Signature', () => {
  const body = '{"id": "gift:pi_1", "type": "gift"}';
  const NOW = 1_767_225_600;

  it('is HMAC-SHA256 of "<t>.<body>", as node:crypto computes it on the CRM side', async () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${body}`).digest('hex');
    expect(await signRecord(SECRET, NOW, body)).toBe(`t=${NOW},v1=${expected}`);
  });

  it('is checked against the secret, the exact body and the time', async () => {
    const header = await signRecord(SECRET, NOW, body);
    expect(await verifyCoralSignature(SECRET, header, body, NOW)).toBe(true);
    expect(await verifyCoralSignature(SECRET, header, body, NOW + 300)).toBe(true);
    expect(await verifyCoralSignature(SECRET, header, body, NOW + 301)).toBe(false);
    expect(await verifyCoralSignature(SECRET, header, body, NOW - 301)).toBe(false);
    expect(await verifyCoralSignature(SECRET, header, `${body} `, NOW)).toBe(false);
    expect(await verifyCoralSignature(`${SECRET}x`, header, body, NOW)).toBe(false);
    expect(await verifyCoralSignature(SECRET, header.replace(`t=${NOW}`, `t=${NOW + 1}`), body, NOW)).toBe(false);
    for (const broken of ['', 'v1=abc', `t=${NOW}`, `t=${NOW},t=${NOW},${header.split(',')[1]}`, `t=x,${header.split(',')[1]}`]) {
      expect(await verifyCoralSignature(SECRET, broken, body, NOW)).toBe(false);
    }
  });

  it('takes any of several v1 values, so a secret can be rotated', async () => {
    const [t, v1] = (await signRecord(SECRET, NOW, body)).split(',');
    expect(await verifyCoralSignature(SECRET, `${t},v1=${'0'.repeat(64)},${v1}`, body, NOW)).toBe(true);
  });
});

describe('the pause before a retry', () => {
  it('doubles from one second to at most ten minutes', () => {
    expect([1, 2, 3, 4, 5, 10, 11, 50].map(retryPause)).toEqual([1000, 2000, 4000, 8000, 16_000, 512_000, 600_000, 600_000]);
  });
});
