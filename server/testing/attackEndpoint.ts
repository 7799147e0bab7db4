/**
 * The endpoint under attack: the built `main.mjs` as an operator runs it (the real `node:http` server), in a process
 * of its own with every capability on, against the Stripe stand-in, on the embedded database or a Postgres server;
 * and the one check every hostile request gets: answered in time with a 4xx or the route's success, the process
 * still up, and nothing that was sent in the log.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {
  ADMIN_TOKEN,
  CAMPAIGNS,
  EXPORT_TOKEN,
  ORIGIN,
  PETITION_FORM,
  PRIVACY_TOKEN,
  ROUTE_ATTACKS,
  rawOf,
  type AttackContext,
} from './attackRequests';
import {throwawayDatabase} from './databases';
import {buildEndpoint, launch, SERVER} from './endpointProcess';
import {giftBody, GUARD_SECRET, WEBHOOK_SECRET} from './fixtures';
import {MARK} from './hostileValues';
import {sendRaw, type RawAnswer, type RawRequest} from './rawHttp';
import type {SmtpReceiver} from './smtpServer';
import {STAND_IN_SECRET_KEY, type StripeStandIn} from './stripeStandIn';

/** The longest any answer may take here: generous, on a busy 2-core machine; a route that hangs meets it. */
export const ANSWER_WITHIN_MS = 5_000;

/** The endpoint's build, apart from server/dist, which other tests build and run at the same time. */
export async function buildApart(): Promise<{main: string; remove: () => void}> {
  const out = mkdtempSync(join(SERVER, '.build-'));
  await buildEndpoint(join(out, 'dist'));
  return {main: join(out, 'dist/main.mjs'), remove: () => rmSync(out, {recursive: true, force: true})};
}

/** Where the records go: a folder for the embedded database, or a throwaway database on the Postgres server. */
export type RecordsPlace = {name: string; open: () => Promise<{vars: Record<string, string>; drop: () => Promise<void>}>};

export const RECORDS_PLACES: RecordsPlace[] = [
  {
    name: 'PGlite',
    open: async () => {
      const folder = mkdtempSync(join(tmpdir(), 'coral-attack-'));
      return {vars: {CORAL_DATA_DIR: folder}, drop: async () => rmSync(folder, {recursive: true, force: true})};
    },
  },
  // As server/testing/databases.ts: the Postgres server too when TEST_DATABASE_URL names one.
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'Postgres server',
          open: async () => {
            const made = await throwawayDatabase(process.env.TEST_DATABASE_URL!, 'coral_attack');
            return {vars: {DATABASE_URL: made.url}, drop: made.drop};
          },
        },
      ]
    : []),
];

/** A CRM that takes every forwarded record: the outbox and its forwarder run too. */
export async function startCrm(): Promise<{url: string; close: () => Promise<void>}> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, {'content-type': 'application/json'}).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/coral`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Every variable the endpoint reads to turn each capability on, fake secrets all; mail goes to the suite's own SMTP server. */
export const attackVars = (
  stripe: StripeStandIn,
  crmUrl: string,
  records: Record<string, string>,
  smtpUrl: string,
): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  PORT: '0',
  CORAL_ALLOWED_ORIGINS: ORIGIN,
  CORAL_ADMIN_ORIGINS: 'https://admin.example.org',
  CORAL_CAMPAIGNS: CAMPAIGNS,
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_API_URL: stripe.url,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  CORAL_GUARD_SECRET: GUARD_SECRET,
  CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
  CORAL_PRIVACY_TOKEN: PRIVACY_TOKEN,
  CORAL_ADMIN_TOKEN: ADMIN_TOKEN,
  CORAL_FORWARD_URL: crmUrl,
  CORAL_FORWARD_SECRET: 'forward-secret-for-tests-only-0000000000',
  CORAL_RETENTION_DAYS: '30',
  CORAL_SMTP_URL: smtpUrl,
  CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
  CORAL_RECEIPTS: JSON.stringify({legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'}),
  CORAL_PUBLIC_URL: 'http://localhost',
  // Each request comes from an address of its own through this proxy, and no email is counted: the guard lets the
  // suite's requests through to the checks behind it. The breaker stays shut, so no gift needs a bot check.
  CORAL_TRUSTED_PROXIES: '127.0.0.1,::1',
  CORAL_GIFTS_PER_EMAIL: '0',
  CORAL_BREAKER_MIN_PAYMENTS: '0',
  ...records,
});

export type Attacked = {
  port: () => number;
  /** Started again, on the same records, if it stopped. */
  up: () => Promise<void>;
  /** Why the process stopped, with the end of what it wrote; null while it runs. */
  stopped: () => string | null;
  /** What it has written since the last call, once it has written the line of the request with id `requestId`. */
  written: (requestId: string | undefined) => Promise<string>;
  /** How often it was started again after stopping. */
  restarts: () => number;
  stop: () => Promise<void>;
};

/** Starts the endpoint in a process of its own. */
export async function startAttacked(main: string, vars: Record<string, string>): Promise<Attacked> {
  let output = '';
  let read = 0;
  let restarts = 0;
  let waiting: (() => void) | null = null;
  let current: {child: ReturnType<typeof launch>['child']; port: number} | null = null;

  async function begin() {
    const launched = launch(vars, {file: main});
    const heard = (chunk: Buffer) => {
      output += chunk.toString();
      waiting?.();
    };
    launched.child.stdout!.on('data', heard);
    launched.child.stderr!.on('data', heard);
    const port = await launched.port;
    if (port === null) throw new Error(`the endpoint did not start:\n${launched.output()}`);
    current = {child: launched.child, port};
    // What a start writes (its migrations, the line that it listens) is no request's.
    read = output.length;
  }
  await begin();

  const stopped = () => {
    const child = current?.child;
    if (!child || (child.exitCode === null && child.signalCode === null)) return null;
    return `the endpoint stopped (${child.exitCode ?? child.signalCode}):\n${output.slice(-2000)}`;
  };
  return {
    port: () => current!.port,
    up: async () => {
      if (stopped() === null) return;
      restarts += 1;
      await begin();
    },
    stopped,
    restarts: () => restarts,
    written: async (requestId) => {
      const deadline = Date.now() + 3_000;
      while (requestId !== undefined && !output.includes(requestId, read) && Date.now() < deadline && stopped() === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiting = () => (clearTimeout(timer), resolve());
        });
        waiting = null;
      }
      const text = output.slice(read);
      // Only the end is kept, for the line that says why the process stopped.
      output = output.slice(-4_000);
      read = output.length;
      return text;
    },
    stop: async () => {
      const child = current?.child;
      if (!child || stopped() !== null) return;
      await new Promise<void>((resolve) => {
        // A process that does not stop when asked is stopped.
        const cut = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => (clearTimeout(cut), resolve()));
        child.kill('SIGTERM');
      });
    },
  };
}

/** One request, as the failure shows it: its line, headers, framing and the start of its body, escapes visible. */
export function describeRequest(request: RawRequest): string {
  const body = request.body ? Buffer.from(request.body).toString('utf8') : '';
  const framing =
    request.transfer?.kind === 'chunked'
      ? `chunked by ${request.transfer.chunk}`
      : `length ${request.transfer?.declared ?? request.body?.length ?? 0}`;
  const cut = request.cut ? `, cut after ${request.cut.after} bytes (${request.cut.how})` : '';
  const shown = JSON.stringify(body.length > 400 ? `${body.slice(0, 400)}...(${Buffer.byteLength(body)} bytes)` : body);
  const headers = request.headers.filter(
    ([name, value]) => name !== 'x-forwarded-for' && !(name === 'host' && /^127\.0\.0\.1:\d+$/.test(value)),
  );
  // Every character but printable ASCII as its escape, so an invisible one shows where it is.
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escape(`${request.method} ${request.target} ${JSON.stringify(headers)} ${framing}${cut} ${shown}`);
}

const lineOf = (line: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/**
 * Sends one request and holds the endpoint to what every answer must be: within ANSWER_WITHIN_MS; a 4xx or one of
 * `success` (a 5xx never: neither the database nor Stripe is down here); the process still answering /health; no
 * marked value, no answer of 5xx (one lost to a reset too) and nothing but JSON lines in what it wrote. Throws
 * naming the request and what went wrong; answers the answer.
 */
export async function probe(endpoint: Attacked, request: RawRequest, success: readonly number[]): Promise<Probed> {
  await endpoint.up();
  const answer = await sendRaw(endpoint.port(), request, {timeoutMs: ANSWER_WITHIN_MS + 1_000});
  const problems: string[] = [];
  if (answer.timedOut || answer.ms > ANSWER_WITHIN_MS)
    problems.push(`no answer within ${ANSWER_WITHIN_MS} ms (${Math.round(answer.ms)} ms)`);
  const status = answer.status;
  if (status !== null && !(status >= 400 && status < 500) && !success.includes(status)) {
    problems.push(`answered ${status}: ${answer.body.slice(0, 300)}`);
  }
  const health = await sendRaw(endpoint.port(), {method: 'GET', target: '/health', headers: [['host', '127.0.0.1']]}, {timeoutMs: 5_000});
  if (health.status !== 200) problems.push(endpoint.stopped() ?? `/health answered ${health.status ?? 'nothing'} afterwards`);
  const written = await endpoint.written(health.headers['x-request-id']);
  let logged: number | null = null;
  for (const line of written.split('\n').filter((each) => each.trim() !== '')) {
    const entry = lineOf(line);
    if (entry === null) problems.push(`wrote a line that is no log entry: ${line.slice(0, 300)}`);
    else if (entry.msg === 'request' && typeof entry.status === 'number') {
      if (entry.route !== '/health' && logged === null) logged = entry.status;
      if (entry.status >= 500) problems.push(`logged an answer of ${entry.status}: ${line.slice(0, 300)}`);
    }
    if (line.toLowerCase().includes(MARK)) problems.push(`logged what was sent: ${line.slice(0, 300)}`);
  }
  // What the endpoint said went wrong, as context: an error line names the error, never a value.
  const errors = written.split('\n').filter((line) => lineOf(line)?.level === 50);
  if (problems.length > 0) throw new Error(`${describeRequest(request)}\n  ${[...new Set(problems), ...errors].join('\n  ')}`);
  return {...answer, logged};
}

/** An answer, and the status the endpoint's log line gives it: the one a client is sent, even when a reset lost it. */
export type Probed = RawAnswer & {logged: number | null};

/**
 * What the valid requests need, made as their senders would: both forms published, a one-off gift with its card
 * kept and confirmed at the stand-in, a session for the results page, and a signature to look up and correct.
 */
export async function prepare(endpoint: Attacked, stripe: StripeStandIn, relay: SmtpReceiver): Promise<AttackContext> {
  const port = endpoint.port();
  const context: AttackContext = {port, firstGift: {reference: '', clientSecret: ''}, cookie: '', supporter: ''};
  const send = async (request: RawRequest, wanted: number) => {
    const answer = await probe(endpoint, request, [wanted]);
    if (answer.status !== wanted) throw new Error(`preparing: ${describeRequest(request)} answered ${answer.status}: ${answer.body}`);
    return answer;
  };
  const publish = ROUTE_ATTACKS.formPublish(context);
  await send(rawOf(publish, context), 201);
  await send(rawOf(publish, context, {target: '/forms/deep-sea', value: PETITION_FORM}), 201);
  const first = await send(rawOf(ROUTE_ATTACKS.gifts(context), context, {value: giftBody({amount: 9000, savePaymentMethod: true})}), 200);
  const made = JSON.parse(first.body) as {reference: string; clientSecret: string};
  stripe.confirm(made.clientSecret, 'pm_card_visa');
  context.firstGift = {reference: made.reference, clientSecret: made.clientSecret};
  const signedIn = await send(rawOf(ROUTE_ATTACKS.resultsSignIn(context), context), 303);
  context.cookie = (signedIn.headers['set-cookie'] ?? '').split(';')[0]!;
  await send(rawOf(ROUTE_ATTACKS.signatures(context), context), 200);
  // The signer's link, asked for, received by the relay, and spent for a session of the supporter's page.
  await send(rawOf(ROUTE_ATTACKS.meLink(context), context, {value: {email: 'ada@example.org'}}), 200);
  const token = await linkIn(relay, 'ada@example.org');
  const opened = await send(rawOf(ROUTE_ATTACKS.meSignIn(context), context, {value: {token}}), 303);
  context.supporter = (opened.headers['set-cookie'] ?? '').split(';')[0]!;
  return context;
}

/** The token of the link the relay receives for `email`, within the mailer's round and a half. */
async function linkIn(relay: SmtpReceiver, email: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const message = relay.messages.find((each) => each.subject?.startsWith('Your link') && each.text?.includes('token='));
    const to = message?.to && 'text' in message.to ? message.to.text : null;
    const token = to === email ? /token=([0-9a-f]{64})/.exec(message?.text ?? '')?.[1] : undefined;
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`preparing: no link reached the relay for ${email}`);
}
