import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import {createHttpGateway, createSandboxGateway, newIdempotencyKey, type GiftIntent} from './gateway';

const intent = (number = '4242424242424242'): GiftIntent => ({
  campaign: 'reef',
  amount: 3500,
  fee: 0,
  currency: 'AUD',
  frequency: 'one-off',
  supporter: {firstName: 'Mere', email: 'mere@example.org', consent: false},
  payment: {method: 'card', number, expiry: {month: 4, year: 2029}, cvc: '123'},
  utm: {},
});

describe('sandbox gateway', () => {
  it.each([
    ['4242424242424242', 'approved'],
    ['5555555555554444', 'approved'],
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'declined'],
    ['4000000000000119', 'error'],
  ])('answers card %s with %s', async (number, status) => {
    const gateway = createSandboxGateway({delayMs: 0});
    const result = await gateway.charge(intent(number), {idempotencyKey: newIdempotencyKey()});
    expect(result.status).toBe(status);
  });

  it('says why a card was declined, and that a processing error charged nothing', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    expect(await gateway.charge(intent('4000000000009995'), {idempotencyKey: 'a'})).toEqual({status: 'declined', reason: 'insufficient funds'});
    expect(await gateway.charge(intent('4000000000000119'), {idempotencyKey: 'b'})).toMatchObject({outcome: 'not-charged', retryable: true});
  });

  it('charges once per idempotency key, however often it is asked', async () => {
    const gateway = createSandboxGateway({delayMs: 5});
    const key = newIdempotencyKey();
    const [first, second] = await Promise.all([gateway.charge(intent(), {idempotencyKey: key}), gateway.charge(intent(), {idempotencyKey: key})]);
    const third = await gateway.charge(intent(), {idempotencyKey: key});
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(gateway.charges()).toBe(1);
    expect(first).toMatchObject({status: 'approved', reference: expect.stringMatching(/^CRL-[0-9A-F]{8}$/)});
  });

  it('declines direct debit from BSB 000-000 and approves others', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    const dd = (bsb: string): GiftIntent => ({...intent(), payment: {method: 'direct-debit', bsb, account: '12345678', name: 'M Tane'}});
    expect((await gateway.charge(dd('000-000'), {idempotencyKey: 'x'})).status).toBe('declined');
    expect((await gateway.charge(dd('062-000'), {idempotencyKey: 'y'})).status).toBe('approved');
  });
});

describe('http gateway against a local server', () => {
  let server: Server;
  let origin: string;
  const received: {path: string; key: string | undefined; body: unknown}[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      received.push({path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(body)});
      const reply = (status: number, text: string) => {
        res.writeHead(status, {'content-type': 'application/json'});
        res.end(text);
      };
      switch (req.url) {
        case '/approve':
          return setTimeout(() => reply(200, JSON.stringify({status: 'approved', reference: 'GW-1'})), 30);
        case '/decline':
          return reply(402, JSON.stringify({status: 'declined', reason: 'do not honour'}));
        case '/bad-request':
          return reply(400, JSON.stringify({error: 'missing field'}));
        case '/server-error':
          return reply(500, JSON.stringify({error: 'boom'}));
        case '/slow':
          return setTimeout(() => reply(200, JSON.stringify({status: 'approved', reference: 'late'})), 1500);
        case '/drop':
          return req.socket.destroy();
        case '/malformed':
          return reply(200, '{"status": "appro');
        default:
          return reply(404, '{}');
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const charge = (path: string, key = newIdempotencyKey()) =>
    createHttpGateway({endpoint: origin + path, timeoutMs: 400}).charge(intent(), {idempotencyKey: key});

  it('posts the gift as JSON with its idempotency key, and reads an approval', async () => {
    const key = newIdempotencyKey();
    expect(await charge('/approve', key)).toEqual({status: 'approved', reference: 'GW-1'});
    const request = received.find((r) => r.key === key);
    expect(request?.body).toMatchObject({campaign: 'reef', amount: 3500, currency: 'AUD'});
  });

  it('reads a decline with its reason', async () => {
    expect(await charge('/decline')).toEqual({status: 'declined', reason: 'do not honour'});
  });

  it('treats a 4xx as refused and not charged', async () => {
    expect(await charge('/bad-request')).toMatchObject({status: 'error', outcome: 'not-charged', retryable: false});
  });

  it.each([
    ['/server-error', /payment service error \(500\)/],
    ['/slow', /no answer within 0.4 s/],
    ['/drop', /connection failed/],
    ['/malformed', /unreadable answer/],
  ])('treats %s as an unknown outcome that must not be retried blindly', async (path, detail) => {
    const result = await charge(path);
    expect(result).toMatchObject({status: 'error', outcome: 'unknown', retryable: false});
    expect(result.status === 'error' && result.detail).toMatch(detail);
  });

  it('sends one request for a double click', async () => {
    const gateway = createHttpGateway({endpoint: `${origin}/approve`, timeoutMs: 400});
    const key = newIdempotencyKey();
    const [a, b] = await Promise.all([gateway.charge(intent(), {idempotencyKey: key}), gateway.charge(intent(), {idempotencyKey: key})]);
    expect(a).toBe(b);
    expect(received.filter((r) => r.key === key)).toHaveLength(1);
  });
});
