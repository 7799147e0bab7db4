import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {newIdempotencyKey, type TestPayment} from './gateway';
import {createHttpGateway} from './http';
import {createSandboxGateway} from './sandbox';
import {SANDBOX_SIGNUP_EMAILS} from './sandboxCards';
import {intent, signup, testCard, listenLocally, type LocalServer} from '../testing';

describe('sandbox gateway', () => {
  it.each([
    ['4242424242424242', 'approved'],
    ['5555555555554444', 'approved'],
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'declined'],
    ['4000000000000119', 'error'],
    ['4000000000000259', 'error'],
  ])('answers card %s with %s', async (number, status) => {
    const gateway = createSandboxGateway({delayMs: 0});
    const result = await gateway.charge(intent(), {idempotencyKey: newIdempotencyKey(), testPayment: testCard(number)});
    expect(result.status).toBe(status);
  });

  it('says why a card was declined, and that a processing error charged nothing', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    expect(await gateway.charge(intent(), {idempotencyKey: 'a', testPayment: testCard('4000000000009995')})).toEqual({
      status: 'declined',
      reason: 'insufficient funds',
      code: 'funds',
    });
    expect(await gateway.charge(intent(), {idempotencyKey: 'b', testPayment: testCard('4000000000000119')})).toMatchObject({
      outcome: 'not-charged',
      retryable: true,
    });
    expect(await gateway.charge(intent(), {idempotencyKey: 'c', testPayment: testCard('4000000000000259')})).toMatchObject({
      outcome: 'unknown',
      retryable: false,
    });
  });

  it('charges nothing without test payment details, since only its own fields give them', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    expect(await gateway.charge(intent(), {idempotencyKey: 'n'})).toMatchObject({status: 'error', outcome: 'not-charged'});
    expect(gateway.charges()).toBe(0);
  });

  it('charges once per idempotency key, however often it is asked', async () => {
    const gateway = createSandboxGateway({delayMs: 5});
    const key = newIdempotencyKey();
    const [first, second] = await Promise.all([
      gateway.charge(intent(), {idempotencyKey: key, testPayment: testCard()}),
      gateway.charge(intent(), {idempotencyKey: key, testPayment: testCard()}),
    ]);
    const third = await gateway.charge(intent(), {idempotencyKey: key, testPayment: testCard()});
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(gateway.charges()).toBe(1);
    expect(first).toMatchObject({status: 'approved', reference: expect.stringMatching(/^CRL-[0-9A-F]{8}$/)});
  });

  it('declines direct debit from BSB 000-000 and approves others', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    const dd = (bsb: string): TestPayment => ({method: 'direct-debit', bsb, account: '12345678', name: 'M Tane'});
    const gift = {...intent(), method: 'direct-debit'} as const;
    expect((await gateway.charge(gift, {idempotencyKey: 'x', testPayment: dd('000-000')})).status).toBe('declined');
    expect((await gateway.charge(gift, {idempotencyKey: 'y', testPayment: dd('062-000')})).status).toBe('approved');
  });
});

describe('sandbox gateway for signups', () => {
  it.each([
    ['mere@example.org', 'accepted'],
    ['mere+reject@example.org', 'rejected'],
    ['Mere+ERROR@example.org', 'error'],
    ['mere+unknown@example.org', 'error'],
  ])('answers %s with %s', async (email, status) => {
    const gateway = createSandboxGateway({delayMs: 0});
    expect((await gateway.sign(signup(email), {idempotencyKey: newIdempotencyKey()})).status).toBe(status);
  });

  it('documents a test address for every outcome it can give', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    const statuses = await Promise.all(SANDBOX_SIGNUP_EMAILS.map(({email}) => gateway.sign(signup(email), {idempotencyKey: email})));
    expect(statuses).toEqual([
      {status: 'accepted', reference: expect.stringMatching(/^CRL-/)},
      {status: 'rejected', reason: 'the address cannot receive email'},
      {status: 'error', outcome: 'not-sent', retryable: true, detail: 'signup service unavailable'},
      {status: 'error', outcome: 'unknown', retryable: false, detail: 'no answer from the signup service'},
    ]);
  });

  it('records one signature per idempotency key, and waits before answering', async () => {
    vi.useFakeTimers();
    try {
      const gateway = createSandboxGateway({delayMs: 900});
      const key = newIdempotencyKey();
      const answers = Promise.all([gateway.sign(signup(), {idempotencyKey: key}), gateway.sign(signup(), {idempotencyKey: key})]);
      await vi.advanceTimersByTimeAsync(899);
      expect(gateway.signups()).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      const [first, second] = await answers;
      expect(second).toBe(first);
      const again = gateway.sign(signup(), {idempotencyKey: key});
      expect(await again).toBe(first);
      expect(gateway.signups()).toBe(1);
      void gateway.sign(signup(), {idempotencyKey: newIdempotencyKey()});
      await vi.advanceTimersByTimeAsync(900);
      expect(gateway.signups()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a retryable error be tried again under the same key', async () => {
    const gateway = createSandboxGateway({delayMs: 0});
    const first = await gateway.sign(signup('a+error@example.org'), {idempotencyKey: 'k'});
    const second = await gateway.sign(signup('a+error@example.org'), {idempotencyKey: 'k'});
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    const rejected = await gateway.sign(signup('a+reject@example.org'), {idempotencyKey: 'r'});
    expect(await gateway.sign(signup('a+reject@example.org'), {idempotencyKey: 'r'})).toBe(rejected);
  });

  it('sends nothing over the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const gateway = createSandboxGateway({delayMs: 0});
    await gateway.sign(signup(), {idempotencyKey: 'x'});
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('http gateway against a local server', () => {
  let server: LocalServer;
  let origin: string;
  const received: {path: string; key: string | undefined; body: unknown}[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    const answer = async (req: IncomingMessage, res: ServerResponse) => {
      const body = await readBody(req);
      received.push({path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(body)});
      const reply = (status: number, text: string) => {
        res.writeHead(status, {'content-type': 'application/json'});
        res.end(text);
      };
      // The scenario is the endpoint's base path; the route under it (/checkout, /signatures) is the gateway's.
      switch ((req.url ?? '').replace(/\/(checkout|signatures)$/, '')) {
        case '/redirect':
          return setTimeout(
            () => reply(200, JSON.stringify({status: 'redirect', url: 'https://pay.example.org/c/1', reference: 'cs_1'})),
            30,
          );
        case '/redirect-script':
          return reply(200, JSON.stringify({status: 'redirect', url: 'javascript:alert(1)', reference: 'cs_2'}));
        case '/redirect-plain-http':
          return reply(200, JSON.stringify({status: 'redirect', url: 'http://pay.example.org/c/3', reference: 'cs_3'}));
        case '/approve':
          return setTimeout(() => reply(200, JSON.stringify({status: 'approved', reference: 'GW-1'})), 30);
        case '/decline':
          return reply(402, JSON.stringify({status: 'declined', reason: 'do not honour'}));
        case '/decline-funds':
          return reply(402, JSON.stringify({status: 'declined', reason: 'insufficient funds', code: 'funds'}));
        case '/decline-odd-code':
          return reply(402, JSON.stringify({status: 'declined', reason: 'refused', code: '<b>toString</b>'}));
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
        case '/accept':
          return setTimeout(() => reply(200, JSON.stringify({status: 'accepted', reference: 'SIG-7'})), 30);
        case '/sign-again':
          return reply(200, JSON.stringify({status: 'accepted', reference: 'SIG-1', alreadySigned: true}));
        case '/sign-reject':
          return reply(422, JSON.stringify({status: 'rejected', reason: 'address on the do-not-contact list'}));
        case '/sign-invalid':
          return reply(422, JSON.stringify({errors: ['email']}));
        default:
          return reply(404, '{}');
      }
    };
    // A request the stand-in cannot read ends its connection, so the test fails at once rather than waiting.
    server = await listenLocally(
      createServer((req, res) => {
        answer(req, res).catch(() => req.socket.destroy());
      }),
    );
    origin = server.origin;
  });

  afterAll(() => server.close());

  // Only the slow answer is meant to time out: every other request has time to spare on a loaded machine.
  const timeoutFor = (path: string) => (path === '/slow' ? 400 : 10_000);
  const pages = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};
  const charge = (path: string, key = newIdempotencyKey()) =>
    createHttpGateway({endpoint: origin + path, timeoutMs: timeoutFor(path)}).charge(intent(), {idempotencyKey: key, ...pages});

  it('posts the gift with its pages and idempotency key, never card details, and reads the hosted page to go to', async () => {
    const key = newIdempotencyKey();
    expect(await charge('/redirect', key)).toEqual({status: 'redirect', url: 'https://pay.example.org/c/1', reference: 'cs_1'});
    const request = received.find((r) => r.key === key);
    expect(request?.path).toBe('/redirect/checkout');
    expect(request?.body).toEqual({...intent(), ...pages});
  });

  it('reads a decline with its reason', async () => {
    expect(await charge('/decline')).toEqual({status: 'declined', reason: 'do not honour'});
  });

  it('takes the code that tells the supporter why, and only a code the form knows', async () => {
    expect(await charge('/decline-funds')).toEqual({status: 'declined', reason: 'insufficient funds', code: 'funds'});
    expect(await charge('/decline-odd-code')).toEqual({status: 'declined', reason: 'refused'});
  });

  it.each(['/redirect-script', '/redirect-plain-http'])('will not send the supporter to the address %s gives', async (path) => {
    expect(await charge(path)).toMatchObject({status: 'error', outcome: 'not-charged', retryable: true});
  });

  it.each([
    ['/approve', /unreadable answer/],
    ['/bad-request', /request refused \(400\)/],
    ['/server-error', /payment service error \(500\)/],
    ['/slow', /no answer within 0.4 s/],
    ['/drop', /connection failed/],
    ['/malformed', /unreadable answer/],
  ])(
    'says nothing was charged after %s, since only the hosted page takes payment, and the gift may be sent again',
    async (path, detail) => {
      const result = await charge(path);
      expect(result).toMatchObject({status: 'error', outcome: 'not-charged', retryable: true});
      expect(result.status === 'error' && result.detail).toMatch(detail);
    },
  );

  it('sends one request for a double click', async () => {
    const gateway = createHttpGateway({endpoint: `${origin}/redirect`, timeoutMs: timeoutFor('/redirect')});
    const key = newIdempotencyKey();
    const [a, b] = await Promise.all([
      gateway.charge(intent(), {idempotencyKey: key, ...pages}),
      gateway.charge(intent(), {idempotencyKey: key, ...pages}),
    ]);
    expect(a).toBe(b);
    expect(received.filter((r) => r.key === key)).toHaveLength(1);
  });

  it('sends nothing without the pages a hosted checkout returns to, and never asks it to keep a card', async () => {
    const gateway = createHttpGateway({endpoint: `${origin}/redirect`, timeoutMs: timeoutFor('/redirect')});
    const key = newIdempotencyKey();
    expect(await gateway.charge(intent(), {idempotencyKey: key})).toMatchObject({
      status: 'error',
      outcome: 'not-charged',
      retryable: false,
    });
    expect(received.filter((r) => r.key === key)).toHaveLength(0);
    const kept = newIdempotencyKey();
    await gateway.charge({...intent(), savePaymentMethod: true}, {idempotencyKey: kept, ...pages});
    expect(received.find((r) => r.key === kept)?.body).toEqual({...intent(), ...pages});
  });

  const sign = (path: string, key = newIdempotencyKey()) =>
    createHttpGateway({endpoint: origin + path, timeoutMs: timeoutFor(path)}).sign(signup(), {idempotencyKey: key});

  it('posts a signup as JSON with its key, campaign, source code, fields, consent, answer and utm', async () => {
    const key = newIdempotencyKey();
    expect(await sign('/accept', key)).toEqual({status: 'accepted', reference: 'SIG-7'});
    expect(received.find((r) => r.key === key)).toMatchObject({path: '/accept/signatures', body: signup()});
  });

  it('reads an acceptance by its status and reference alone, whatever else an endpoint adds', async () => {
    expect(await sign('/sign-again')).toEqual({status: 'accepted', reference: 'SIG-1'});
  });

  it('reads a rejected signup with its reason', async () => {
    expect(await sign('/sign-reject')).toEqual({status: 'rejected', reason: 'address on the do-not-contact list'});
  });

  it.each([
    ['/sign-invalid', 'not-sent', /request refused \(422\)/],
    ['/bad-request', 'not-sent', /request refused \(400\)/],
    ['/approve', 'unknown', /unreadable answer from the signup service/],
    ['/server-error', 'unknown', /signup service error \(500\)/],
    ['/slow', 'unknown', /no answer within 0.4 s/],
    ['/drop', 'unknown', /connection failed/],
    ['/malformed', 'unknown', /unreadable answer/],
  ])('treats a signup sent to %s as %s', async (path, outcome, detail) => {
    const result = await sign(path);
    // Refused and not sent, it may be sent again; with the outcome unknown, it must not be sent blindly.
    expect(result).toMatchObject({status: 'error', outcome, retryable: outcome === 'not-sent'});
    expect(result.status === 'error' && result.detail).toMatch(detail);
  });

  it('sends one signup request for a double click', async () => {
    const gateway = createHttpGateway({endpoint: `${origin}/accept`, timeoutMs: timeoutFor('/accept')});
    const key = newIdempotencyKey();
    const [a, b] = await Promise.all([gateway.sign(signup(), {idempotencyKey: key}), gateway.sign(signup(), {idempotencyKey: key})]);
    expect(a).toBe(b);
    expect(received.filter((r) => r.key === key)).toHaveLength(1);
  });
});
