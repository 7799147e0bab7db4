/** The handler's doorway: which origins may post, preflights, routes, and bodies that are not gifts. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {giftBody, makeHandler, ORIGIN, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

let stripe: StripeStandIn;
let handler: ReturnType<typeof makeHandler>['handler'];

beforeEach(async () => {
  stripe = await startStripeStandIn();
  ({handler} = makeHandler(stripe));
});
afterEach(() => stripe.close());

const preflight = (origin: string, path = '/gifts') =>
  handler(
    new Request(`https://coral.example.org${path}`, {
      method: 'OPTIONS',
      headers: {origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key'},
    }),
  );

describe('CORS', () => {
  it('answers an allowed origin’s preflight with what the form sends', async () => {
    const response = await preflight(ORIGIN);
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type, idempotency-key',
      vary: 'Origin',
    });
  });

  it('gives an allowed origin’s gift its Access-Control-Allow-Origin', async () => {
    const {status, headers} = await post(handler, '/gifts', giftBody());
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it.each([['https://evil.example.com'], ['https://www.example.org.evil.example.com'], ['http://www.example.org']])(
    'refuses %s: no CORS headers on the preflight, 403 and nothing created for a post',
    async (origin) => {
      const refusedPreflight = await preflight(origin);
      expect(refusedPreflight.status).toBe(403);
      expect(refusedPreflight.headers.has('access-control-allow-origin')).toBe(false);
      const {status, body, headers} = await post(handler, '/gifts', giftBody(), {origin});
      expect({status, body}).toEqual({status: 403, body: {status: 'rejected', reason: 'this origin may not send here'}});
      expect(headers.has('access-control-allow-origin')).toBe(false);
      expect(stripe.requests).toHaveLength(0);
    },
  );

  it('refuses a post that names no origin', async () => {
    expect((await post(handler, '/gifts', giftBody(), {origin: null})).status).toBe(403);
  });

  it('does not ask an origin of Stripe’s webhooks, which have a signature instead', async () => {
    const response = await handler(new Request('https://coral.example.org/webhooks/stripe', {method: 'POST', body: '{}'}));
    expect(await response.json()).toEqual({status: 'rejected', reason: 'missing Stripe-Signature header'});
  });
});

describe('requests that are not gifts', () => {
  it('answers 404 for other paths and 405 for other methods', async () => {
    expect((await post(handler, '/charges', giftBody())).status).toBe(404);
    expect((await handler(new Request('https://coral.example.org/gifts', {headers: {origin: ORIGIN}}))).status).toBe(405);
    expect((await handler(new Request('https://coral.example.org/webhooks/stripe'))).status).toBe(405);
  });

  it('wants JSON, of a gift’s size', async () => {
    expect((await post(handler, '/gifts', giftBody(), {contentType: 'text/plain'})).status).toBe(415);
    expect((await post(handler, '/gifts', giftBody({sourceCode: 'x'.repeat(20_000)}))).status).toBe(413);
    const broken = await handler(
      new Request('https://coral.example.org/gifts', {
        method: 'POST',
        headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(20)},
        body: '{"campaign":',
      }),
    );
    expect(await broken.json()).toEqual({status: 'rejected', reason: 'the body is not valid JSON'});
  });

  it('serves its routes under a base path when the host mounts it there', async () => {
    const mounted = makeHandler(stripe, {basePath: '/api/coral/'}).handler;
    expect((await post(mounted, '/api/coral/gifts', giftBody())).status).toBe(200);
    expect((await post(mounted, '/gifts', giftBody())).status).toBe(404);
  });

  it('never stores answers in a cache', async () => {
    expect((await post(handler, '/gifts', giftBody())).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the request log line', () => {
  it('names the route’s own path, never the path sent, which may hold anything', async () => {
    const made = makeHandler(stripe);
    await made.handler(new Request('https://coral.example.org/supporters/ada@example.org'));
    await made.handler(new Request('https://coral.example.org/campaigns/ada-lovelace/count'));
    const logged = made.logger.lines.filter((line) => line.msg === 'request');
    expect(logged.map(({route, status}) => ({route, status}))).toEqual([
      {route: null, status: 404},
      {route: '/campaigns/{campaign}/count', status: 404},
    ]);
    expect(JSON.stringify(made.logger.lines)).not.toMatch(/ada@|ada-lovelace/);
  });
});
