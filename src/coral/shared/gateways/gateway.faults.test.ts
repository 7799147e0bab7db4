/**
 * The HTTP gateway against a local service that misbehaves in every way the
 * network allows. Whatever happens, the form must be told honestly whether
 * anything may have been charged or signed, and nothing is sent twice on its own.
 * A gift only asks for the hosted payment page, so no failure can have charged it.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {newIdempotencyKey} from './gateway';
import {createHttpGateway} from './http';
import {intent as giftIntent, signup as petitionSignup, listenLocally, type LocalServer} from '../testing';

const intent = giftIntent();
const signup = petitionSignup();
/** Where a hosted checkout sends the supporter back to, as the donate form always gives them. */
const pages = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};

type Service = 'charge' | 'sign';

/** Each service's own words: yes, no (and the status it says no with), and the other service's yes. */
const WORDS = {
  charge: {
    yes: {status: 'redirect', url: 'https://pay.example.org/c/9', reference: 'cs_9'},
    no: {status: 'declined', reason: 'card expired'},
    noStatus: 402,
    other: {status: 'approved', reference: 'GW-1'},
  },
  sign: {
    yes: {status: 'accepted', reference: 'SIG-9'},
    no: {status: 'rejected', reason: 'already signed'},
    noStatus: 422,
    other: {status: 'approved', reference: 'GW-1'},
  },
} as const;

/** 200 answers of the wrong shape: nothing the gateway may read as a yes or a no. */
const wrongShapes = (service: Service): string[] => [
  '[]',
  'null',
  '"approved"',
  '42',
  'true',
  '{}',
  JSON.stringify({status: WORDS[service].yes.status}),
  JSON.stringify({status: WORDS[service].yes.status, reference: 42}),
  JSON.stringify({...WORDS[service].yes, status: WORDS[service].yes.status.toUpperCase()}),
  JSON.stringify({status: [WORDS[service].yes.status], reference: 'X-1'}),
  JSON.stringify({result: WORDS[service].yes}),
  JSON.stringify(WORDS[service].other),
  '\ufeff{"status": "approved"}garbage',
];

let server: LocalServer;
let origin: string;
/** Requests seen, by Idempotency-Key. */
const requests = new Map<string, number>();
/** Keys some test is waiting to see arrive. */
const arrivals = new Map<string, () => void>();
/** Answers held back until a test releases them. */
const held = new Map<string, () => void>();
/** What an idempotent service did the first time it saw a key. */
const ledger = new Map<string, {status: number; body: string}>();
let charged = 0;
const timers = new Set<NodeJS.Timeout>();

const later = (ms: number, run: () => void) => {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, ms);
  timers.add(timer);
};

const arrived = (key: string) =>
  new Promise<void>((resolve) => {
    if (requests.get(key)) resolve();
    else arrivals.set(key, resolve);
  });

function handle(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const key = String(req.headers['idempotency-key']);
  requests.set(key, (requests.get(key) ?? 0) + 1);
  arrivals.get(key)?.();
  const [, service, route = '', arg] = (req.url ?? '').split('/') as [string, Service, string?, string?];
  const words = WORDS[service];
  const reply = (status: number, body = '', type = 'application/json') => {
    res.writeHead(status, {'content-type': type});
    res.end(body);
  };
  const cut = (status: number) => {
    res.writeHead(status, {'content-type': 'application/json', 'content-length': '200'});
    res.write('{"status": "appr', () => res.socket?.destroy());
  };

  switch (route) {
    case 'empty':
      return reply(200);
    case 'no-content':
      return reply(204);
    case 'proxy-503':
      return reply(503, '<html><body><h1>503 Service Unavailable</h1></body></html>', 'text/html');
    case 'bad-gateway':
      return reply(502);
    case 'conflict':
      return reply(409, JSON.stringify({title: 'A request with this Idempotency-Key is still being processed'}));
    case 'too-many':
      return reply(429, JSON.stringify({error: 'slow down'}));
    case 'empty-400':
      return reply(400);
    case 'late-body':
      res.writeHead(200, {'content-type': 'application/json'});
      res.flushHeaders();
      return later(500, () => res.end(JSON.stringify(words.yes)));
    case 'cut-body':
      return cut(200);
    case 'cut-refusal':
      return cut(400);
    case 'yes-on-500':
      return reply(500, JSON.stringify(words.yes));
    case 'no-on-500':
      return reply(500, JSON.stringify(words.no));
    case 'no-on-200':
      return reply(200, JSON.stringify(words.no));
    case 'no-without-reason':
      return reply(words.noStatus, JSON.stringify({status: words.no.status, reason: {code: 51}}));
    case 'shape':
      return reply(200, wrongShapes(service)[Number(arg)]);
    case 'hold':
      return held.set(key, () => reply(200, JSON.stringify(words.yes)));
    case 'idempotent': {
      // A service that honours the key: it acts once, then answers every repeat as it did the first time.
      const first = ledger.get(key);
      if (first) return reply(first.status, first.body);
      charged += 1;
      ledger.set(key, {status: 200, body: JSON.stringify({...words.yes, reference: `${words.yes.reference}-${charged}`})});
      // arg "drop": the answer is lost on the way back, after the service acted.
      return arg === 'drop' ? res.socket?.destroy() : reply(200, ledger.get(key)!.body);
    }
    default:
      return reply(404, '{}');
  }
}

beforeAll(async () => {
  server = await listenLocally(createServer(handle));
  origin = server.origin;
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  await server.close();
});

/** The time limit of a call that is not about timing: long enough for a loaded machine, so only the service's behaviour decides. */
const PATIENT_MS = 10_000;

/** One gateway, as a form holds it, calling one service at one route. */
const gatewayFor = (service: Service, route: string, timeoutMs = PATIENT_MS) => {
  const gateway = createHttpGateway({endpoint: `${origin}/${service}/${route}`, timeoutMs});
  return (key: string) =>
    service === 'charge' ? gateway.charge(intent, {idempotencyKey: key, ...pages}) : gateway.sign(signup, {idempotencyKey: key});
};

const send = (service: Service, route: string, key = newIdempotencyKey(), timeoutMs = PATIENT_MS) =>
  gatewayFor(service, route, timeoutMs)(key);

/**
 * How a failure reads: a refused signup may be sent again and an unread one must not be sent blindly; a gift
 * was never charged by this request, whatever became of it, so it may always be sent again.
 */
const failure = (service: Service, outcome: 'refused' | 'unknown') =>
  service === 'charge'
    ? {status: 'error', outcome: 'not-charged', retryable: true}
    : {status: 'error', outcome: outcome === 'refused' ? 'not-sent' : 'unknown', retryable: outcome === 'refused'};

describe.each(['charge', 'sign'] as const)('the http gateway’s %s, when the service misbehaves', (service) => {
  it.each([
    ['an empty body', 'unknown', 'empty'],
    ['no content (204)', 'unknown', 'no-content'],
    ['a proxy’s HTML error page (503)', 'unknown', 'proxy-503'],
    ['an empty 502', 'unknown', 'bad-gateway'],
    ['a 409: a request under the same key is still being processed', 'unknown', 'conflict'],
    ['headers in time but the body too late', 'unknown', 'late-body'],
    ['a connection dropped halfway through an answer', 'unknown', 'cut-body'],
    ['its own yes on a 500', 'unknown', 'yes-on-500'],
    ['its own no on a 500', 'unknown', 'no-on-500'],
    ['a 429: too many requests', 'refused', 'too-many'],
    ['an empty 400', 'refused', 'empty-400'],
    ['a connection dropped halfway through a refusal', 'refused', 'cut-refusal'],
  ] as const)('reports %s as %s, after sending it once', async (_what, outcome, route) => {
    const key = newIdempotencyKey();
    const result = await send(service, route, key, route === 'late-body' ? 100 : PATIENT_MS);
    expect(result).toMatchObject(failure(service, outcome));
    expect(result.status === 'error' && result.detail.trim()).not.toBe('');
    expect(requests.get(key)).toBe(1);
  });

  it.each(wrongShapes(service).map((body, i) => [body, i] as const))('reads the 200 answer %s as no answer', async (_body, i) => {
    expect(await send(service, `shape/${i}`)).toMatchObject(failure(service, 'unknown'));
  });

  it('takes a no given with a 200, and one without a readable reason', async () => {
    expect(await send(service, 'no-on-200')).toEqual(WORDS[service].no);
    expect(await send(service, 'no-without-reason')).toEqual({status: WORDS[service].no.status, reason: expect.any(String)});
  });

  it('shares the first request with a second call made while it is still in flight', async () => {
    const gateway = gatewayFor(service, 'hold', 5_000);
    const key = newIdempotencyKey();
    const first = gateway(key);
    await arrived(key);
    // A second click, once the first request is already at the service.
    const second = gateway(key);
    const other = newIdempotencyKey();
    const another = gateway(other);
    await arrived(other);
    held.get(key)!();
    held.get(other)!();
    const answer = await first;
    expect(answer).toEqual(WORDS[service].yes);
    expect(await second).toBe(answer);
    expect(await another).toEqual(WORDS[service].yes);
    expect(requests.get(key)).toBe(1);
    expect(requests.get(other)).toBe(1);
  });

  it('asks again under the same key after an unknown outcome, so the service can say what it did', async () => {
    const gateway = gatewayFor(service, 'idempotent/drop');
    const key = newIdempotencyKey();
    const before = charged;
    expect(await gateway(key)).toMatchObject(failure(service, 'unknown'));
    const retried = await gateway(key);
    expect(retried).toEqual({...WORDS[service].yes, reference: `${WORDS[service].yes.reference}-${before + 1}`});
    expect(requests.get(key)).toBe(2);
    expect(charged).toBe(before + 1);
  });

  it('gets the first answer back when the same key is used again after it', async () => {
    const gateway = gatewayFor(service, 'idempotent');
    const key = newIdempotencyKey();
    const before = charged;
    const first = await gateway(key);
    expect(first).toMatchObject({status: WORDS[service].yes.status});
    expect(await gateway(key)).toEqual(first);
    expect(charged).toBe(before + 1);
  });
});
