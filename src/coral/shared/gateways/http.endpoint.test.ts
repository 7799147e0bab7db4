/**
 * The http gateway's `endpoint` is the endpoint's base URL: it posts a gift to the contract's /checkout and a
 * signature to /signatures under it. A page written when `endpoint` was the full route keeps working, with one warning.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {createServer} from 'node:http';
import {newIdempotencyKey} from './gateway';
import {createHttpGateway} from './http';
import {intent, listenLocally, signup, type LocalServer} from '../testing';

let server: LocalServer;
let origin: string;
const paths: string[] = [];

beforeAll(async () => {
  server = await listenLocally(
    createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        const route = (req.url ?? '').split('/').at(-1);
        const body =
          route === 'checkout'
            ? {status: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_a1', reference: 'cs_test_a1'}
            : route === 'signatures'
              ? {status: 'accepted', reference: 'sig_1'}
              : {status: 'rejected', reason: 'not found'};
        res.writeHead(route === 'checkout' || route === 'signatures' ? 200 : 404, {'content-type': 'application/json'});
        res.end(JSON.stringify(body));
      });
    }),
  );
  origin = server.origin;
});
afterAll(() => server.close());
afterEach(() => {
  paths.length = 0;
  vi.restoreAllMocks();
});

const pages = {returnUrl: 'https://www.example.org/thanks', cancelUrl: 'https://www.example.org/give'};
const give = (gateway: ReturnType<typeof createHttpGateway>) => gateway.charge(intent(), {idempotencyKey: newIdempotencyKey(), ...pages});
const sign = (gateway: ReturnType<typeof createHttpGateway>) => gateway.sign(signup(), {idempotencyKey: newIdempotencyKey()});

describe('http gateway endpoint', () => {
  it.each([
    ['the endpoint at the root', '', ''],
    ['a base path', '/coral', '/coral'],
    ['a base path written with a closing slash', '/coral/', '/coral'],
  ])('posts gifts to /checkout and signatures to /signatures under %s, and warns of nothing', async (_name, given, base) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gateway = createHttpGateway({endpoint: `${origin}${given}`});
    expect(await give(gateway)).toMatchObject({status: 'redirect', reference: 'cs_test_a1'});
    expect(await sign(gateway)).toEqual({status: 'accepted', reference: 'sig_1'});
    expect(paths).toEqual([`${base}/checkout`, `${base}/signatures`]);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['/checkout', ''],
    ['/signatures', ''],
    ['/gifts', ''],
    ['/coral/checkout', '/coral'],
    ['/coral/signatures/', '/coral'],
  ])('reads an endpoint ending in its route %s as the base URL, with one warning naming the base to use', async (given, base) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gateway = createHttpGateway({endpoint: `${origin}${given}`});
    expect(await give(gateway)).toMatchObject({status: 'redirect'});
    expect(await sign(gateway)).toMatchObject({status: 'accepted'});
    expect(await give(gateway)).toMatchObject({status: 'redirect'});
    expect(paths).toEqual([`${base}/checkout`, `${base}/signatures`, `${base}/checkout`]);
    expect(warn).toHaveBeenCalledTimes(1);
    const [message] = warn.mock.calls[0] as [string];
    expect(message).toContain(`"${origin}${given}"`);
    expect(message).toContain(`"${origin}${base}"`);
  });

  it('warns once for each gateway made with a full route', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createHttpGateway({endpoint: 'https://pay.example.org/checkout'});
    createHttpGateway({endpoint: 'https://pay.example.org/signatures'});
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reads a path on the page’s own site, and a full route there, the same way', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createHttpGateway({endpoint: '/checkout'});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"/"');
  });

  it('takes a route that only ends in a route’s letters as a base path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await give(createHttpGateway({endpoint: `${origin}/quick-checkout`}));
    expect(paths).toEqual(['/quick-checkout/checkout']);
    expect(warn).not.toHaveBeenCalled();
  });
});
