/**
 * The built endpoint, as an operator runs it: `node server/dist/main.mjs`,
 * plain JavaScript with no TypeScript loader, its records in the embedded
 * database's folder, stopped and started again.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {build} from 'vite';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {WEBHOOK_SECRET} from './testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn} from './testing/stripeStandIn';
import {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from './webhooks';

const SERVER = resolve(import.meta.dirname);
const MAIN = join(SERVER, 'dist/main.mjs');
const ORIGIN = 'https://www.example.org';
/** Obviously fake, as every secret in a test must be. */
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';
const CAMPAIGNS = JSON.stringify({
  powerforms: [{campaign: 'ban-deep-sea-mining', counter: {count: 100, goal: 1000}, fields: {postcode: 'optional'}}],
});

let dataDir: string;
beforeAll(async () => {
  await build({configFile: join(SERVER, 'vite.config.mts'), logLevel: 'error'});
  dataDir = mkdtempSync(join(tmpdir(), 'coral-data-'));
}, 120_000);
afterAll(() => rmSync(dataDir, {recursive: true, force: true}));

/** Only what the endpoint is given here reaches it: no variable from the machine. */
const baseEnv = () => ({
  PATH: process.env.PATH,
  CORAL_ALLOWED_ORIGINS: ORIGIN,
  CORAL_CAMPAIGNS: CAMPAIGNS,
  CORAL_DATA_DIR: dataDir,
  PORT: '0',
  CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
});

type Running = {child: ChildProcess; base: string; output: () => string};

async function start(env: Record<string, string | undefined> = baseEnv()): Promise<Running> {
  const child = spawn(process.execPath, [MAIN], {env, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`the endpoint did not start:\n${output}`)), 60_000);
    const look = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        found(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', () => failed(new Error(`the endpoint stopped:\n${output}`)));
  });
  return {child, base, output: () => output};
}

const stop = (running: Running) =>
  new Promise<number | null>((done) => {
    running.child.once('exit', (code) => done(code));
    running.child.kill('SIGTERM');
  });

const sign = (base: string, email: string, key: string) =>
  fetch(`${base}/signatures`, {
    method: 'POST',
    headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': key},
    body: JSON.stringify({
      campaign: 'ban-deep-sea-mining',
      variant: 'petition',
      supporter: {firstName: 'Ada', email, consent: true},
      utm: {},
    }),
  });

const count = async (base: string) =>
  ((await (await fetch(`${base}/campaigns/ban-deep-sea-mining/count`)).json()) as {count: number}).count;

describe('node server/dist/main.mjs', () => {
  it('keeps signatures across a restart, counts each signer once, and logs JSON lines without their details', async () => {
    const first = await start();
    const health = await fetch(`${first.base}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const signed = await sign(first.base, 'grace@example.org', 'process-test-key-0001');
    expect(signed.status).toBe(200);
    const {reference} = (await signed.json()) as {reference: string};
    expect(await count(first.base)).toBe(101);
    expect(await stop(first)).toBe(0);
    const logged = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.some((line) => line.msg === 'request' && line.route === '/signatures' && typeof line.requestId === 'string')).toBe(true);
    expect(first.output()).not.toContain('grace@example.org');

    const second = await start();
    expect(await count(second.base)).toBe(101);
    const again = await sign(second.base, 'Grace@Example.org', 'process-test-key-0002');
    expect(await again.json()).toEqual({status: 'accepted', reference, alreadySigned: true});
    expect(await count(second.base)).toBe(101);
    const exported = await fetch(`${second.base}/export?kind=signatures`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}});
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await exported.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('grace@example.org');
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('stops with one line naming a missing variable, a bad port or a port in use', async () => {
    const run = (env: Record<string, string | undefined>) => spawnSync(process.execPath, [MAIN], {env, encoding: 'utf8', timeout: 60_000});
    const missing = run({PATH: process.env.PATH, CORAL_ALLOWED_ORIGINS: ORIGIN});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('coral endpoint: CORAL_CAMPAIGNS is not set (see server/README.md for what it holds)\n');

    const noStripe = run({...baseEnv(), CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]'});
    expect(noStripe.stderr).toBe('coral endpoint: STRIPE_SECRET_KEY is not set (see server/README.md for what it holds)\n');

    expect(run({...baseEnv(), PORT: 'eighty'}).stderr).toBe('coral endpoint: PORT: "eighty" is not a port number (0 to 65535)\n');

    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '0.0.0.0', listening));
    const port = (taken.address() as {port: number}).port;
    const inUse = run({...baseEnv(), PORT: String(port)});
    taken.close();
    expect(inUse.status).toBe(1);
    expect(inUse.stderr).toBe(`coral endpoint: port ${port} is already in use: set PORT to another\n`);
  }, 120_000);
});

describe('node server/dist/doctor.mjs', () => {
  /** Runs the built doctor without blocking this process, where the stand-in answers it. */
  const doctor = (env: Record<string, string | undefined>) =>
    new Promise<{code: number | null; stdout: string; stderr: string}>((done) => {
      const child = spawn(process.execPath, [join(SERVER, 'dist/doctor.mjs')], {env, stdio: ['ignore', 'pipe', 'pipe']});
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => done({code, stdout, stderr}));
    });

  it('prints ok and exits 0 only when the account has all the endpoint needs', async () => {
    const stripe = await startStripeStandIn();
    try {
      const env = {
        PATH: process.env.PATH,
        CORAL_ALLOWED_ORIGINS: ORIGIN,
        CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef", "frequencies": ["monthly"], "directDebit": true}]',
        CORAL_PUBLIC_URL: 'https://coral.example.org',
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      };
      const lacking = await doctor(env);
      expect(lacking.code).toBe(1);
      expect(lacking.stdout).toBe('');
      expect(
        lacking.stderr
          .trim()
          .split('\n')
          .map((line) => line.split(':')[0]),
      ).toEqual(['webhook', 'direct debit']);

      const url = 'https://coral.example.org/webhooks/stripe';
      stripe.account.addWebhookEndpoint({url, enabled_events: [...WEBHOOK_EVENTS], api_version: WEBHOOK_API_VERSION});
      stripe.account.capabilities.au_becs_debit_payments = 'active';
      expect(await doctor(env)).toEqual({code: 0, stdout: 'ok\n', stderr: ''});
    } finally {
      await stripe.close();
    }
  }, 120_000);
});
