/**
 * The endpoint's limits in time and reuse: it answers a gift before the form stops waiting however slow Stripe is,
 * keeps a gift Stripe makes after that answer, cuts off a slow body, refuses a foreign origin before reading one,
 * finishes what is in flight when it is stopped, and refuses a key sent to a second route.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Stripe from 'stripe';
import {afterEach, describe, expect, it} from 'vitest';
import {GIFT_ANSWER_MS} from '../../src/coral/contract';
import {parseDonateFormConfig} from '../../src/coral/contract/library';
import {createPgStore} from '../records';
import {STRIPE_CALL_LIMITS} from './handler';
import {memoryLogger} from '../http';
import {startNodeEndpoint} from '../node';
import {DATABASES} from '../testing/databases';
import {giftBody, makeHandler, newKey, ORIGIN, post, GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {startGate, type Gate} from '../testing/gate';
import {STAND_IN_SECRET_KEY, startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standIn(): Promise<StripeStandIn> {
  const started = await startStripeStandIn();
  cleanups.push(() => started.close());
  return started;
}

async function gate(target: string | null): Promise<Gate> {
  const started = await startGate(target);
  cleanups.push(() => started.close());
  return started;
}

/** The SDK as the endpoint makes it, pointed at `url`. */
function stripeAt(url: string): Stripe {
  const {hostname, port, protocol} = new URL(url);
  return new Stripe(STAND_IN_SECRET_KEY, {
    host: hostname,
    port: Number(port),
    protocol: protocol === 'http:' ? 'http' : 'https',
    ...STRIPE_CALL_LIMITS,
  });
}

describe('time limits that agree with the form’s', () => {
  it('end one Stripe call inside the endpoint’s answer, and the endpoint’s answer well inside each gateway’s wait', () => {
    // One call: its timeout, once more after a network failure, and the SDK's longest back-off between (2 s).
    const oneCall = STRIPE_CALL_LIMITS.timeout * (STRIPE_CALL_LIMITS.maxNetworkRetries + 1) + 2_000 * STRIPE_CALL_LIMITS.maxNetworkRetries;
    expect(oneCall).toBeLessThanOrEqual(GIFT_ANSWER_MS);
    for (const gateway of [
      {type: 'http', endpoint: 'https://pay.example.org/checkout'},
      {type: 'stripe', publishableKey: 'pk_test_coralexample', endpoint: 'https://pay.example.org/gifts'},
    ]) {
      const parsed = parseDonateFormConfig({campaign: 'save-the-reef', gateway});
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const waits = (parsed.config.gateway as {timeoutMs: number}).timeoutMs;
      // A margin for the network both ways and the endpoint's own work.
      expect(GIFT_ANSWER_MS + 4_000, gateway.type).toBeLessThanOrEqual(waits);
    }
  });

  it('answer a gift with an unknown, retryable outcome when Stripe says nothing', async () => {
    const silent = await gate(null);
    const {handler} = makeHandler(await standIn(), {stripe: stripeAt(silent.url), answerWithinMs: 200});
    const answer = await post(handler, '/gifts', giftBody());
    expect([answer.status, answer.body]).toEqual([
      503,
      {status: 'error', outcome: 'unknown', retryable: true, detail: 'the payment service is slow to answer; send the same request again'},
    ]);
  });

  it('keep the gift Stripe makes after the answer, which the same request then meets', async () => {
    const stripe = await standIn();
    const slow = await gate(stripe.url);
    const {handler, store} = makeHandler(stripe, {stripe: stripeAt(slow.url), answerWithinMs: 200});
    const key = newKey();
    const first = await post(handler, '/gifts', giftBody(), {key});
    expect(first.status).toBe(503);
    slow.open();
    await handler.settled();
    expect(store.gifts.map((gift) => gift.idempotencyKey)).toEqual([`coral:${key}`]);
    const again = await post(handler, '/gifts', giftBody(), {key});
    expect(again.body).toMatchObject({status: 'requires_confirmation', reference: store.gifts[0]!.reference});
  });
});

describe('a key reused on another route', () => {
  it('is refused, and starts nothing at Stripe', async () => {
    const stripe = await standIn();
    const {handler} = makeHandler(stripe);
    const key = newKey();
    expect((await post(handler, '/gifts', giftBody(), {key})).status).toBe(200);
    const made = stripe.requests.length;
    const reused = await post(
      handler,
      '/checkout',
      {...giftBody(), method: undefined, returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/donate`},
      {key},
    );
    expect([reused.status, reused.body]).toEqual([
      422,
      {status: 'rejected', reason: 'this Idempotency-Key was first sent to /gifts: a new request needs a new key'},
    ]);
    expect(stripe.requests.length).toBe(made);
  });

  // It opens an embedded database in a folder, which takes a while on a busy machine.
  it.each(DATABASES)('is refused across instances sharing one database ($name)', {timeout: 60_000}, async ({create}) => {
    const database = await create();
    cleanups.push(() => database.drop());
    const stripe = await standIn();
    const [one, two] = [makeHandler(stripe, {store: createPgStore(database.db)}), makeHandler(stripe, {store: createPgStore(database.db)})];
    const key = newKey();
    const answers = await Promise.all([
      post(one!.handler, '/gifts', giftBody(), {key}),
      post(two!.handler, '/signatures', {campaign: 'save-the-reef'}, {key}),
    ]);
    // Whichever came first keeps the key; the other is refused for it, whatever else it holds.
    expect(answers.filter((answer) => answer.status === 422 && String(answer.body.reason).includes('first sent to')).length).toBe(1);
  });
});

/** Writes raw HTTP to the endpoint and answers everything it sends back, once it closes the connection. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

// Each test opens an embedded database of its own, which takes a while on a busy machine.
describe('the endpoint on Node', {timeout: 60_000}, () => {
  async function endpoint(vars: Record<string, string> = {}, timeouts = {requestMs: 1_000, headersMs: 500}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coral-limits-'));
    const logger = memoryLogger();
    const started = await startNodeEndpoint(
      {
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        CORAL_GUARD_SECRET: GUARD_SECRET,
        CORAL_ALLOWED_ORIGINS: ORIGIN,
        CORAL_CAMPAIGNS: 'server/campaigns.example.json',
        PORT: '0',
        CORAL_DATA_DIR: dataDir,
        ...vars,
      },
      {logger, timeouts},
    );
    if (!started.ok) throw new Error(started.message);
    cleanups.push(async () => {
      started.server.closeAllConnections();
      if (started.server.listening) await started.stop();
      rmSync(dataDir, {recursive: true, force: true});
    });
    return {...started, logger};
  }

  it('refuses a foreign origin before reading the body, and waits for none of it', async () => {
    const {port} = await endpoint();
    const head = ['POST /gifts HTTP/1.1', 'Host: coral.example.org', 'Origin: https://elsewhere.example', 'Content-Type: application/json'];
    const answer = await rawExchange(port, `${[...head, 'Content-Length: 4000', '', ''].join('\r\n')}{"campaign":`);
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('cuts off a body that stops arriving halfway', async () => {
    const {port} = await endpoint();
    const head = [
      'POST /gifts HTTP/1.1',
      'Host: coral.example.org',
      `Origin: ${ORIGIN}`,
      'Content-Type: application/json',
      'Content-Length: 400',
    ];
    const answer = await rawExchange(port, `${[...head, '', ''].join('\r\n')}{"campaign":"save-the-reef"`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('finishes the gifts in flight when it is stopped, takes no new ones, and says so in its log', async () => {
    const stripe = await standIn();
    const slow = await gate(stripe.url);
    const running = await endpoint({STRIPE_API_URL: slow.url});
    const base = `http://127.0.0.1:${running.port}`;
    const send = () =>
      fetch(`${base}/gifts`, {
        method: 'POST',
        headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey()},
        body: JSON.stringify(giftBody({campaign: 'save-the-reef'})),
      });
    const inFlight = [send(), send(), send()];
    await expect.poll(slow.held).toBe(3);
    const stopped = running.stop();
    const said = () => running.logger.lines.map((line) => [line.msg, line.inFlight]);
    await expect.poll(said).toContainEqual(['stopping: new connections refused; answering the requests on open ones', 3]);
    await expect(send()).rejects.toThrow();
    slow.open();
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    await stopped;
    expect(said()).toContainEqual(['stopping: taking the connections already waiting, then refusing new ones', 3]);
    expect(said()).toContainEqual(['stopped: every request answered, the database closed', undefined]);
  });
});
