/**
 * A small local stand-in for Cloudflare Turnstile's siteverify, for tests:
 * it answers as Cloudflare's docs describe. A token is one the stand-in
 * issued (as the widget would have), passes once, and then answers
 * `timeout-or-duplicate`, unless it is asked again under the idempotency key
 * of its first check, which gets that first answer back. A missing or wrong
 * secret, a missing token and an unknown one get their documented codes.
 */
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

/** Obviously not a real secret key. */
export const TURNSTILE_TEST_SECRET = 'turnstile-standin-secret-not-real';

export type SiteverifyRequest = {secret: string | null; response: string | null; remoteip: string | null; idempotencyKey: string | null};

type Verdict = {success: boolean; 'error-codes': string[]; hostname?: string; challenge_ts?: string};

export async function startTurnstileStandIn({secret = TURNSTILE_TEST_SECRET, hostname = 'www.example.org'} = {}) {
  const issued = new Set<string>();
  /** Each token's first check: its idempotency key and answer. */
  const spent = new Map<string, {key: string | null; verdict: Verdict}>();
  const requests: SiteverifyRequest[] = [];
  let serial = 0;
  let failing = 0;

  function judge(asked: SiteverifyRequest): Verdict {
    const refuse = (code: string): Verdict => ({success: false, 'error-codes': [code]});
    if (!asked.secret) return refuse('missing-input-secret');
    if (asked.secret !== secret) return refuse('invalid-input-secret');
    if (!asked.response) return refuse('missing-input-response');
    const earlier = spent.get(asked.response);
    if (earlier) return earlier.key !== null && earlier.key === asked.idempotencyKey ? earlier.verdict : refuse('timeout-or-duplicate');
    if (asked.response.length > 2048 || !issued.has(asked.response)) return refuse('invalid-input-response');
    const verdict: Verdict = {success: true, 'error-codes': [], hostname, challenge_ts: new Date().toISOString()};
    spent.set(asked.response, {key: asked.idempotencyKey, verdict});
    return verdict;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const asked: SiteverifyRequest = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        idempotencyKey: form.get('idempotency_key'),
      };
      requests.push(asked);
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') {
        res.writeHead(404).end();
        return;
      }
      if (failing > 0) {
        failing -= 1;
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({success: false, 'error-codes': ['internal-error']}));
        return;
      }
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(judge(asked)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    /** A token the widget would hand a person who passed the challenge. */
    issue: () => {
      const token = `turnstile-standin-token-${(serial += 1)}`;
      issued.add(token);
      return token;
    },
    /** The next `times` checks answer `internal-error`, as Cloudflare does when it cannot decide. */
    failNext: (times = 1) => {
      failing += times;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TurnstileStandIn = Awaited<ReturnType<typeof startTurnstileStandIn>>;
