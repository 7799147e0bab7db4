/**
 * The endpoint on Node's own HTTP server: `npm run server` (server/main.ts)
 * starts it. Node 20's http module speaks IncomingMessage/ServerResponse, so
 * a small adapter turns each request into a web-platform Request and the
 * handler's Response back.
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import Stripe from 'stripe';
import {readEndpointEnv} from './env';
import {createCoralHandler} from './handler';
import {createMemoryGiftStore} from './store';

/** More than any gift or Stripe event needs; a bigger body is refused before it is buffered. */
const MAX_REQUEST_BYTES = 1024 * 1024;

class TooLarge extends Error {}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, {method, headers});
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_REQUEST_BYTES) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return new Request(url, {method, headers, body: Buffer.concat(chunks)});
}

/** A Node request listener that serves a Request → Response handler. */
export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const answer = async () => {
      let response: Response;
      try {
        response = await handler(await toRequest(req));
      } catch (error) {
        if (error instanceof TooLarge) {
          // The rest of the body is not read: the connection closes after the answer.
          response = Response.json({status: 'rejected', reason: 'the body is too large'}, {status: 413, headers: {connection: 'close'}});
        } else {
          console.error(`coral endpoint: ${error instanceof Error ? error.name : 'error'} while answering`);
          response = Response.json({status: 'error', outcome: 'unknown', retryable: false, detail: 'the endpoint failed'}, {status: 500});
        }
      }
      res.writeHead(response.status, [...response.headers]);
      res.end(Buffer.from(await response.arrayBuffer()));
    };
    void answer();
  };
}

/**
 * Starts the endpoint from the environment. Answers the server once it
 * listens, or a one-line message naming what is missing or wrong.
 */
export async function startNodeEndpoint(
  vars: NodeJS.ProcessEnv,
): Promise<{ok: true; server: Server; port: number} | {ok: false; message: string}> {
  const read = readEndpointEnv(vars, (path) => readFileSync(path, 'utf8'));
  if (!read.ok) return read;
  const {env} = read;
  const stripe = new Stripe(env.secretKey, {
    ...env.stripeApi,
    // The browser gives up after 15 s; answering within that lets it tell the supporter what happened.
    timeout: 10_000,
    maxNetworkRetries: 2,
    appInfo: {name: 'coral-endpoint'},
  });
  const handler = createCoralHandler({
    stripe,
    webhookSecret: env.webhookSecret,
    allowedOrigins: env.allowedOrigins,
    campaigns: env.campaigns,
    store: createMemoryGiftStore(),
    basePath: env.basePath,
  });
  const server = createServer(toNodeListener(handler));
  const wanted = Number(vars.PORT?.trim() || 8787);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, resolve);
  });
  return {ok: true, server, port: (server.address() as AddressInfo).port};
}
