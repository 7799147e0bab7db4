/**
 * Every route of the contract's table, attacked through the real Node server in a process of its own, on the
 * embedded database and on a Postgres server: bodies over and under each limit, chunked or declared, cut off or
 * shorter than they say, of the wrong type, malformed, nested deep, each field made hostile in turn, and hostile
 * headers, methods and addresses. Every answer is a 4xx or the route's own success within a few seconds, the process
 * stays up, and nothing sent reaches the log (server/testing/attackEndpoint.ts checks each). `npm run test:attack`
 * runs more cases (CORAL_ATTACK_RUNS).
 */
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSmtpReceiver, type SmtpReceiver} from '../testing/smtpServer';
import {ROUTE_TABLE, type RouteName} from '../../src/coral/contract';
import {
  buildApart,
  prepare,
  probe,
  RECORDS_PLACES,
  startAttacked,
  startCrm,
  attackVars,
  type Attacked,
  type RecordsPlace,
} from '../testing/attackEndpoint';
import {
  bodyText,
  padded,
  rawOf,
  ROUTE_ATTACKS,
  ROUTE_NAMES,
  type AttackContext,
  type Change,
  type RouteAttack,
} from '../testing/attackRequests';
import {
  AWKWARD,
  at,
  changed,
  HEADER_NAMES,
  headerValue,
  hostileText,
  hostileValue,
  MARK,
  marked,
  METHODS,
  objectsIn,
  pathPart,
  percent,
  placesIn,
  SAMPLE,
  unmarked,
} from '../testing/hostileValues';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

/** More cases behind `npm run test:attack`; a modest number inside `npm test`. */
const RUNS = Number(process.env.CORAL_ATTACK_RUNS) || 0;
const runs = (modest: number) => Math.max(RUNS, modest);
const SEED = Number(process.env.CORAL_ATTACK_SEED) || 20_260_101;
/**
 * Each route's runs from a seed of its own, so no two routes meet the same values in the same order. A failure found
 * shrinks within the time given; one that takes the process down starts it again each try.
 */
const assertOptions = (name: RouteName, modest: number) => ({
  seed: SEED + ROUTE_NAMES.indexOf(name),
  numRuns: runs(modest),
  interruptAfterTimeLimit: 40_000 + runs(modest) * 200,
});
const LONG = {timeout: 120_000 + RUNS * 1_000};

const pathOf = (target: string) => target.split('?')[0];

/** Which routes take a body, and which a limit on it, as the table of valid requests says before anything runs. */
const SHAPES = {port: 0, firstGift: {reference: '', clientSecret: ''}, cookie: '', supporter: ''};
const withBody = ROUTE_NAMES.filter((name) => ROUTE_ATTACKS[name](SHAPES).body);
const withLimit = withBody.filter((name) => ROUTE_ATTACKS[name](SHAPES).limit);
/** A body's text fields, but those left as they are. */
const textsOf = ({body, fixed = []}: RouteAttack) =>
  placesIn(body?.value).filter((path) => typeof at(body?.value, path) === 'string' && !fixed.includes(path.join('.')));
const withText = withBody.filter((name) => textsOf(ROUTE_ATTACKS[name](SHAPES)).length > 0);

describe('the suite', () => {
  it('has a valid request for every route of the contract’s table, and for no other', () => {
    expect([...ROUTE_NAMES].sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });
});

let build: Awaited<ReturnType<typeof buildApart>>;
beforeAll(async () => {
  build = await buildApart();
}, 120_000);
afterAll(() => build?.remove());

describe.each(RECORDS_PLACES)('every route of the contract, attacked through the Node server, on $name', ({open}) => {
  let stripe: StripeStandIn;
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let relay: SmtpReceiver;
  let records: Awaited<ReturnType<RecordsPlace['open']>>;
  let endpoint: Attacked;
  let context: AttackContext;
  const attack = (name: RouteName): RouteAttack => ROUTE_ATTACKS[name](context);
  /** The route's valid request, changed as asked, sent and checked. */
  const send = (name: RouteName, change: Change = {}, success = attack(name).success) =>
    probe(endpoint, rawOf(attack(name), {port: endpoint.port()}, change), success);
  const textOf = (name: RouteName) => bodyText(attack(name));

  beforeAll(async () => {
    stripe = await startStripeStandIn({clock: () => Math.floor(Date.now() / 1000)});
    crm = await startCrm();
    relay = await startSmtpReceiver();
    records = await open();
    endpoint = await startAttacked(build.main, attackVars(stripe, crm.url, records.vars, relay.url));
    context = await prepare(endpoint, stripe, relay);
  }, 120_000);
  afterAll(async () => {
    await endpoint?.stop();
    await Promise.all([stripe?.close(), crm?.close(), relay?.close()]);
    await records?.drop();
  }, 60_000);

  it.each(ROUTE_NAMES)(
    '%s: answers its valid request with its success, its body whole, chunked or a byte at a time',
    LONG,
    async (name) => {
      const {success, body} = attack(name);
      expect(success).toContain((await send(name)).status);
      if (!body) return;
      for (const chunk of [1, 7, 1024]) expect(success).toContain((await send(name, {transfer: {kind: 'chunked', chunk}})).status);
    },
  );

  it.each(withLimit)('%s: takes a body up to its limit and refuses one past it, declared or chunked', LONG, async (name) => {
    const {limit, success, body} = attack(name);
    for (const bytes of [limit!.bytes, limit!.bytes + 1, 2 * limit!.bytes + 17]) {
      const text = padded(textOf(name), body!.as, bytes);
      for (const transfer of [{kind: 'length'}, {kind: 'chunked', chunk: 1000}, {kind: 'chunked', chunk: 64 * 1024}] as const) {
        const answer = await send(name, {text, transfer});
        const wanted = bytes <= limit!.bytes ? [...success] : [limit!.over];
        // A refusal sent while the client is still sending may be lost to the connection's reset: its log line says it.
        expect({bytes, transfer, status: answer.status ?? answer.logged}).toEqual({bytes, transfer, status: expect.toBeOneOf(wanted)});
      }
    }
    // A length declared past the limit is refused before a byte of the body is read.
    for (const declared of [limit!.bytes + 1, 2 ** 40]) {
      expect((await send(name, {transfer: {kind: 'length', declared}})).status).toBe(limit!.over);
    }
    // Nor is one past it read once it passes, however it goes.
    const sentWhole = await send(name, {text: padded(textOf(name), body!.as, 4 * limit!.bytes)});
    expect(sentWhole.logged).toBe(limit!.over);
  });

  it.each([...withBody, 'health' as const, 'form' as const])(
    '%s: stays up when a body is cut off, shorter than it says, or sent where none is read',
    LONG,
    async (name) => {
      const {limit, success} = attack(name);
      const text = Buffer.from(attack(name).body ? textOf(name) : 'x'.repeat(64 * 1024));
      // Where the route reads no body, what it does not read cannot change its answer.
      const refused = limit ? [] : success;
      const cases: Change[] = [
        {text, transfer: {kind: 'length', declared: text.length + 100}, cut: {after: text.length, how: 'end'}},
        {text, cut: {after: Math.floor(text.length / 2), how: 'end'}},
        {text, transfer: {kind: 'chunked', chunk: 16}, cut: {after: Math.floor(text.length / 2), how: 'end'}},
        {text, cut: {after: Math.floor(text.length / 2), how: 'destroy'}},
        {text, transfer: {kind: 'chunked', chunk: 1024}, cut: {after: Math.floor(text.length / 2), how: 'destroy'}},
      ];
      for (const change of cases) {
        const answer = await send(name, change, refused);
        if (answer.status !== null && limit) expect(answer.status).toBeGreaterThanOrEqual(400);
      }
      if (!attack(name).body) expect(success).toContain((await send(name, {text, transfer: {kind: 'chunked', chunk: 4096}})).status);
    },
  );

  it.each(withBody)('%s: answers other content types, malformed JSON and deep nesting with a 4xx or its success', LONG, async (name) => {
    const text = textOf(name);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/jsonx',
      null,
    ]) {
      await send(name, {headers: {'content-type': type}});
    }
    const bytes = Buffer.from(text);
    const asForm = [
      '',
      '=',
      '&&&',
      '%',
      '%zz',
      'token',
      `token=${MARK}%00`,
      `token=${MARK}%ff%fe%c0%80`,
      `${text}&${text}`,
      `${MARK}=${'%41'.repeat(3_000)}`,
    ];
    const malformed: Array<string | Uint8Array> =
      attack(name).body!.as === 'form'
        ? asForm
        : [
            '',
            ' ',
            '{',
            '{"a":',
            'null',
            '[]',
            '"x"',
            '1e999',
            `${text}}`,
            text.slice(0, -1),
            `\ufeff${text}`,
            text.replace('"', `"${marked('\u0000')}`),
            text.replace('"', `"${marked('\u0001\n')}`),
            Buffer.concat([bytes.subarray(0, 2), Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), bytes.subarray(2)]),
            text.replace('{', `{"__proto__":{"${MARK}":true},"constructor":{"prototype":{"${MARK}":1}},`),
            text.replace('{', `{"${Object.keys(attack(name).body!.value as object)[0] ?? MARK}":"${MARK}",`),
            `${'['.repeat(33)}${']'.repeat(33)}`,
            `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
            '['.repeat(200_000),
            text.replace('{', `{"${MARK}":${'['.repeat(40)}${']'.repeat(40)},`),
            `[${'0,'.repeat(3_000)}0]`,
          ];
    for (const body of malformed) await send(name, {text: body});
  });

  it.each(withText)(
    '%s: answers each control and format character in each of its text fields with a 4xx or its success',
    LONG,
    async (name) => {
      const {body, named = [], success} = attack(name);
      const texts = textsOf(attack(name));
      // Inside npm test a sample of them, in the fields turn about; behind test:attack every one in every field.
      const cases =
        RUNS > 0
          ? texts.flatMap((path) => AWKWARD.map((char) => [path, char] as const))
          : SAMPLE.map((char, i) => [texts[i % texts.length]!, char] as const);
      for (const [path, char] of cases) {
        const text = `${String(at(body!.value, path))}${char}${named.includes(path.join('.')) ? '' : MARK}`;
        await send(name, {value: changed(body!.value, path, text)}, success);
      }
    },
  );

  it.each(withBody)(
    '%s: answers each field made hostile in turn, or a key it does not know, with a 4xx or its success, and logs none of it',
    LONG,
    async (name) => {
      const {body, named = [], fixed = [], success} = attack(name);
      const places = placesIn(body!.value).filter((path) => !fixed.includes(path.join('.')));
      const objects = objectsIn(body!.value);
      const mutation = fc.oneof(
        {weight: 4, arbitrary: fc.record({path: fc.constantFrom(...(places.length ? places : [[MARK]])), value: hostileValue})},
        fc.record({path: fc.constantFrom(...objects), key: hostileText, value: hostileValue}),
      );
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const key = 'key' in change ? change.key : undefined;
          const logged = named.includes(change.path.join('.'));
          const value = changed(body!.value, change.path, logged ? unmarked(change.value) : change.value, key);
          await send(name, {value}, success);
        }),
        assertOptions(name, 20),
      );
    },
  );

  it.each(ROUTE_NAMES)('%s: answers hostile headers and methods with a 4xx or its success, and logs none of them', LONG, async (name) => {
    const {success} = attack(name);
    const change = fc.record({
      headers: fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, {minKeys: 1, maxKeys: 3}),
      method: fc.option(fc.constantFrom(...METHODS), {freq: 3}),
    });
    await fc.assert(
      fc.asyncProperty(change, async ({headers, method}) => {
        // Another method may be another route's on the same path (GET /forms/<id>, GET /results); a preflight is
        // answered 204, a HEAD as its GET, an If-None-Match the reader has 304.
        const as = method === 'HEAD' ? 'GET' : method;
        const sibling = ROUTE_NAMES.map(attack).find(
          (other) => other.method === as && pathOf(other.target) === pathOf(attack(name).target),
        );
        const anyMethod = ROUTE_TABLE[name].method === 'any';
        const own = anyMethod ? success : (sibling?.success ?? success);
        const allowed = method === 'OPTIONS' && !anyMethod ? [204] : [...own, 304];
        await send(name, {headers, ...(method === null ? {} : {method})}, allowed);
      }),
      assertOptions(name, 15),
    );
  });

  it.each(ROUTE_NAMES)('%s: answers hostile paths and queries with a 4xx or its success', LONG, async (name) => {
    const {target, success} = attack(name);
    const [path = '', query] = target.split('?');
    const change = fc.record({part: fc.option(pathPart, {freq: 3}), query: fc.option(hostileText, {freq: 3})});
    await fc.assert(
      fc.asyncProperty(change, async ({part, query: hostile}) => {
        // The path names the route and is in each request's log line by design; the query is never logged.
        const changedPath =
          part === null
            ? path
            : /\/(reef|ban-deep-sea-mining)(\/|$)/.test(path)
              ? path.replace(/reef|ban-deep-sea-mining/, part)
              : `${path}/${part}`;
        const search =
          hostile === null
            ? query
            : `${query ? `${query}&` : ''}${percent(Buffer.from(hostile, 'utf8'))}=${percent(Buffer.from(hostile, 'utf8'))}`;
        await send(name, {target: search ? `${changedPath}?${search}` : changedPath}, success);
      }),
      assertOptions(name, 10),
    );
  });

  describe('what the attacks found, one request each', () => {
    it.each(['', 'exa mple.org', 'www.example.org:99999', '[::1', 'ada@www.example.org'])(
      'GET /health with the Host header %j is refused 400, not 500',
      async (host) => {
        expect((await send('health', {headers: {host}}, [])).status).toBe(400);
      },
    );

    it('TRACE /gifts, a method a Request cannot hold, is refused 405, not 500', async () => {
      expect((await send('gifts', {method: 'TRACE'}, [])).status).toBe(405);
    });

    it('POST /results with a form body of 8 KB in 1 KB chunks is refused 413, and the endpoint stays up', async () => {
      const text = padded(textOf('resultsSignIn'), 'form', 8 * 1024);
      const answer = await send('resultsSignIn', {text, transfer: {kind: 'chunked', chunk: 1024}}, []);
      expect(answer.status ?? answer.logged).toBe(413);
    });

    it('POST /supporters/records with 192 KB in 64 KB chunks is refused 413, and the endpoint stays up', async () => {
      const text = padded(textOf('supporterRecords'), 'json', 192 * 1024);
      const answer = await send('supporterRecords', {text, transfer: {kind: 'chunked', chunk: 64 * 1024}}, []);
      expect(answer.status ?? answer.logged).toBe(413);
    });

    it.each([
      ['its id', ['id'], 'evt_attack_\u0000'],
      ['its PaymentIntent’s id', ['data', 'object', 'id'], 'pi_attack\u0000'],
      ['its PaymentIntent’s campaign', ['data', 'object', 'metadata', 'coral_campaign'], 'save-the-reef\u0000'],
    ])('POST /webhooks/stripe, a signed event with a NUL in %s, is refused 400 as a malformed event is, not 500', async (_, path, nul) => {
      const value = changed(attack('stripeWebhook').body!.value, path, nul);
      expect((await send('stripeWebhook', {value}, [])).status).toBe(400);
    });

    it.each([
      ['events', ['source']],
      ['formPublish', ['sourceCode']],
      ['supporterRecords', ['email']],
      ['supporterForget', ['email']],
      ['supporterCorrect', ['changes', 'firstName']],
    ] as const)('%s with a NUL in %j is refused 400', async (name, path) => {
      const value = changed(attack(name).body!.value, [...path], marked('\u0000'));
      expect((await send(name, {value}, [])).status).toBe(400);
    });
  });

  it('kept the same process up through every attack', () => {
    expect(endpoint.restarts()).toBe(0);
  });
});
