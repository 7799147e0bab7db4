/**
 * A slow Stripe, for the endpoint's time-limit tests: a proxy in front of the stand-in that holds every request
 * until the test opens it, or, with no stand-in behind it, a Stripe that takes each request and never answers.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type Gate = {
  url: string;
  /** How many requests are being held. */
  held: () => number;
  /** Sends every held request on, and every later one at once. */
  open: () => void;
  close: () => Promise<void>;
};

export async function startGate(target: string | null): Promise<Gate> {
  let opened = false;
  const waiting = new Set<() => void>();

  async function pass(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (target === null) return; // Taken, never answered.
    if (!opened) await new Promise<void>((resolve) => waiting.add(resolve));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = req.method ?? 'GET';
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method,
      headers,
      ...(method === 'GET' ? {} : {body: Buffer.concat(chunks)}),
    });
    res.writeHead(answer.status, {'content-type': answer.headers.get('content-type') ?? 'application/json'});
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const server = createServer((req, res) => void pass(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.size,
    open: () => {
      opened = true;
      for (const resolve of waiting) resolve();
      waiting.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
