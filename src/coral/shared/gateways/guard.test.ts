import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {createServer} from 'node:http';
import {checkoutRequestSchema, giftRequestSchema, upgradeRequestSchema} from '../../contract';
import {newIdempotencyKey, type FieldsSetup} from './gateway';
import {createHttpGateway} from './http';
import {retryWait, GUARD_MESSAGES} from './guard';
import {createStripeGateway} from './stripe/gateway';
import {intent, listenLocally, type LocalServer} from '../testing';

// Stripe.js as far as a gift goes before the endpoint answers: fields that mount and check out complete.
vi.mock('@stripe/stripe-js/pure', () => {
  const element = {on: () => element, mount: () => undefined, destroy: () => undefined, focus: () => undefined};
  const elements = {create: () => element, submit: async () => ({}), update: async () => undefined};
  return {loadStripe: async () => ({elements: () => elements})};
});

/** Each route's schema: the stand-in refuses with 400 what the contract refuses, as the endpoint does. */
const SCHEMAS = {'/checkout': checkoutRequestSchema, '/gifts': giftRequestSchema, '/gifts/upgrade': upgradeRequestSchema};

/** The guard's answers, by the first part of the path. */
const ANSWERS: Record<string, {status: number; headers?: Record<string, string>; body: string}> = {
  limited: {
    status: 429,
    headers: {'retry-after': '130'},
    body: JSON.stringify({status: 'rejected', reason: 'rate-limited', retryAfter: 130}),
  },
  'limited-header': {status: 429, headers: {'retry-after': '45'}, body: JSON.stringify({status: 'rejected', reason: 'rate-limited'})},
  'limited-unsaid': {status: 429, body: JSON.stringify({status: 'rejected', reason: 'rate-limited'})},
  bot: {status: 403, body: JSON.stringify({status: 'rejected', reason: 'bot-check'})},
  'other-refusal': {status: 403, body: JSON.stringify({status: 'rejected', reason: 'origin not allowed'})},
  'plain-429': {status: 429, body: 'Too Many Requests'},
};

describe("the card-testing guard's answers", () => {
  let server: LocalServer;
  let origin = '';
  const bodies: unknown[] = [];

  beforeAll(async () => {
    server = await listenLocally(
      createServer((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          const [, first = '', ...rest] = (req.url ?? '').split('/');
          const route = `/${rest.join('/')}` as keyof typeof SCHEMAS;
          const body: unknown = JSON.parse(text);
          bodies.push(body);
          const answer = SCHEMAS[route]?.safeParse(body).success ? ANSWERS[first] : undefined;
          const {status, headers, body: reply} = answer ?? {status: 400, body: JSON.stringify({status: 'rejected', reason: 'invalid'})};
          res.writeHead(status, {'content-type': 'application/json', ...headers});
          res.end(reply);
        });
      }),
    );
    origin = server.origin;
  });

  afterAll(() => server.close());

  const pages = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};
  const checkout = (answer: string) =>
    createHttpGateway({endpoint: `${origin}/${answer}`}).charge(intent(), {idempotencyKey: newIdempotencyKey(), ...pages});

  const stripeGateway = (answer: string) =>
    createStripeGateway({
      publishableKey: 'pk_test_stand_in',
      endpoint: `${origin}/${answer}`,
      wallets: false,
      saveCardForUpgrade: true,
      timeoutMs: 10_000,
    });
  const setup = {amount: 3500, currency: 'AUD', frequency: 'one-off', methods: ['card'], saveCard: false, locale: 'en-AU'} as const;
  const gift = async (answer: string) => {
    const gateway = stripeGateway(answer);
    const ready = new Promise<void>((done) => {
      gateway.fields.mount({} as HTMLElement, {...setup, look: {} as FieldsSetup['look']}, () => undefined);
      // The fields mount once Stripe.js has loaded: a tick later.
      setTimeout(done, 0);
    });
    await ready;
    return gateway.charge(intent(), {idempotencyKey: newIdempotencyKey()});
  };
  const upgrade = (answer: string) =>
    stripeGateway(answer).upgrade(
      {reference: 'pi_Stand1n', token: 'pi_Stand1n_secret_x', amount: 2000, currency: 'AUD'},
      {idempotencyKey: newIdempotencyKey()},
    );

  const sends = [
    ['the http gateway', checkout],
    ['the stripe gateway', gift],
    ["the thank-you page's upgrade", upgrade],
  ] as const;

  it.each(sends)('%s reads a 429 as a wait, with its seconds', async (_name, send) => {
    expect(await send('limited')).toEqual({status: 'guarded', reason: 'rate-limited', retryAfter: 130});
  });

  it.each(sends)('%s takes the wait from Retry-After when the answer leaves it out', async (_name, send) => {
    expect(await send('limited-header')).toEqual({status: 'guarded', reason: 'rate-limited', retryAfter: 45});
    expect(await send('limited-unsaid')).toEqual({status: 'guarded', reason: 'rate-limited'});
  });

  it.each(sends)('%s reads a 403 bot-check as a check to complete', async (_name, send) => {
    expect(await send('bot')).toEqual({status: 'guarded', reason: 'bot-check'});
  });

  it.each(sends)("%s reads any other refusal as before: nothing charged, and not the guard's", async (_name, send) => {
    expect(await send('other-refusal')).toMatchObject({status: 'error', outcome: 'not-charged'});
    expect(await send('plain-429')).toMatchObject({status: 'error', outcome: 'not-charged'});
  });

  it('sends the bot check token with the gift', async () => {
    const token = 'stand-in-token-1';
    await createHttpGateway({endpoint: `${origin}/bot`}).charge(
      {...intent(), botCheck: token},
      {idempotencyKey: newIdempotencyKey(), ...pages},
    );
    expect(bodies.at(-1)).toMatchObject({botCheck: token});
  });
});

describe('retryWait', () => {
  it.each([
    [1, 'about 1 minute'],
    [60, 'about 1 minute'],
    [61, 'about 2 minutes'],
    [0, 'about 1 minute'],
    [3600, 'about 60 minutes'],
    [undefined, 'a few minutes'],
  ])('says %s seconds as "%s"', (seconds, words) => {
    expect(retryWait(GUARD_MESSAGES, seconds, 'en-AU')).toBe(words);
  });
});
