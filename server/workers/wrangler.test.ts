/**
 * server/wrangler.example.toml as Wrangler reads it: a dry run builds the
 * Worker offline, with no account, and workerd (Miniflare) runs what it built.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Miniflare} from 'miniflare';
import {readEndpointEnv} from '../doorway';
import {buildEndpoint, CAMPAIGN, EXPORT_TOKEN, signatureBody} from '../testing/endpointProcess';
import {newKey, ORIGIN, GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {STAND_IN_SECRET_KEY} from '../testing/stripeStandIn';
import {TURNSTILE_TEST_SECRET} from '../testing/turnstileStandIn';

const SERVER = resolve(import.meta.dirname, '..');
const EXAMPLE = readFileSync(join(SERVER, 'wrangler.example.toml'), 'utf8');
const WRANGLER = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');

/** What the example's comments tell the operator to set with `wrangler secret put`, and what env.ts reads them as. */
const SECRETS = [
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CORAL_GUARD_SECRET',
  'CORAL_TURNSTILE_SECRET',
  'CORAL_FORWARD_SECRET',
  'CORAL_EXPORT_TOKEN',
  'CORAL_PRIVACY_TOKEN',
  'CORAL_ADMIN_TOKEN',
];

let dir: string;
let bundle: string;
let dryRun: {status: number | null; output: string};
let home: string;
let api: Server;
const apiCalls: string[] = [];

beforeAll(async () => {
  // Inside the repository, so the build's imports (stripe, postgres) resolve from its node_modules as they do on deploy.
  mkdirSync(join(SERVER, '.wrangler'), {recursive: true});
  dir = mkdtempSync(join(SERVER, '.wrangler', 'dry-run-'));
  copyFileSync(join(SERVER, 'wrangler.example.toml'), join(dir, 'wrangler.toml'));
  // The build `main` names, beside the copy, so no other test's build in server/dist is touched.
  await buildEndpoint(join(dir, 'dist'));
  home = mkdtempSync(join(tmpdir(), 'wrangler-home-'));
  // Cloudflare's API, as far as this Wrangler knows: any call it makes is noted and refused.
  api = createServer((request, response) => {
    apiCalls.push(`${request.method} ${request.url}`);
    response.writeHead(503).end();
  });
  await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
  const outdir = join(dir, 'out');
  const run = spawnSync(process.execPath, [WRANGLER, 'deploy', '--dry-run', '--outdir', outdir, '-c', join(dir, 'wrangler.toml')], {
    encoding: 'utf8',
    timeout: 90_000,
    // Only these reach Wrangler: no token, and a home of its own, so there is no account to use and no login to find.
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      // The banner is where Wrangler asks npm for a newer version.
      WRANGLER_HIDE_BANNER: 'true',
      CLOUDFLARE_API_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/client/v4`,
    },
  });
  dryRun = {status: run.status, output: `${run.stdout}${run.stderr}`};
  bundle = join(outdir, 'worker.js');
}, 180_000);

afterAll(async () => {
  await new Promise((closed) => api.close(closed));
  rmSync(dir, {recursive: true, force: true});
  rmSync(home, {recursive: true, force: true});
});

/** The [vars] Wrangler listed, by name, with the start of each value as it shows it. */
const listedVars = () =>
  new Map(
    [...dryRun.output.matchAll(/^env\.(\w+) \("(.*)$/gm)].map((match) => [
      match[1]!,
      match[2]!.replace(/"\)\s+Environment Variable\s*$/, ''),
    ]),
  );

describe('wrangler deploy --dry-run with server/wrangler.example.toml', () => {
  it('builds the Worker without an account or a network', () => {
    expect(dryRun.output).toContain('--dry-run: exiting now.');
    expect(dryRun.status, dryRun.output).toBe(0);
    expect(apiCalls).toEqual([]);
    expect(existsSync(bundle)).toBe(true);
  });

  it('lists the variables the endpoint reads, and no secret among them', () => {
    const vars = listedVars();
    expect([...vars.keys()].sort()).toEqual(['CORAL_ALLOWED_ORIGINS', 'CORAL_CAMPAIGNS', 'CORAL_FORWARD_URL']);
    expect(vars.get('CORAL_ALLOWED_ORIGINS')).toBe('https://www.example.org');
    expect(vars.get('CORAL_FORWARD_URL')).toBe('https://crm.example.org/coral');
  });

  it('bundles every dependency and every migration, importing only what workerd provides', () => {
    const code = readFileSync(bundle, 'utf8');
    const imported = new Set([...code.matchAll(/(?:^import .* from |\bimport\()"([^"]+)"/gm)].map((match) => match[1]!));
    expect([...imported].filter((name) => !/^(node|cloudflare):/.test(name))).toEqual([]);
    expect(imported).toContain('cloudflare:sockets');
    expect(code).not.toContain('import.meta.glob');
    for (const migration of readdirSync(join(SERVER, 'schema', 'migrations'))) expect(code).toContain(`./migrations/${migration}`);
  });
});

describe('server/wrangler.example.toml', () => {
  /** Each `[vars]` entry, as TOML strings: a basic one on one line, or a literal one over several. */
  const vars = () => {
    const table = EXAMPLE.slice(EXAMPLE.indexOf('\n[vars]\n'));
    const found: Record<string, string> = {};
    for (const match of table.matchAll(/^(\w+) = (?:"([^"\n]*)"|'''\n([\s\S]*?)''')$/gm)) found[match[1]!] = match[2] ?? match[3]!;
    return found;
  };

  it('holds variables the endpoint starts with, once its secrets are set, taking gifts and signatures', () => {
    const secrets = {
      DATABASE_URL: 'postgres://coral@127.0.0.1:5432/coral',
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CORAL_GUARD_SECRET: GUARD_SECRET,
      CORAL_TURNSTILE_SECRET: TURNSTILE_TEST_SECRET,
      CORAL_FORWARD_SECRET: 'forward-secret-for-tests-only-000000',
      CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
      CORAL_PRIVACY_TOKEN: 'privacy-token-for-tests-only-00000000000',
      CORAL_ADMIN_TOKEN: 'admin-token-for-tests-only-000000000000',
    };
    expect(Object.keys(secrets)).toEqual(SECRETS);
    const read = readEndpointEnv({...vars(), ...secrets});
    expect(read.ok, read.ok ? '' : read.message).toBe(true);
    if (!read.ok) return;
    expect([...read.env.campaigns.donateForms.keys()]).toEqual(['save-the-reef']);
    expect([...read.env.campaigns.powerforms.keys()]).toEqual(['ban-deep-sea-mining']);
    expect(read.env.forward?.url).toBe('https://crm.example.org/coral');
    expect(read.env.guard.botCheck).not.toBeNull();
  });

  it('names every secret with the command that sets it, and holds none', () => {
    const told = [...EXAMPLE.matchAll(/^# +npx wrangler secret put (\w+) -c server\/wrangler\.toml /gm)].map((match) => match[1]);
    expect(told).toEqual(SECRETS);
    expect(Object.keys(vars()).filter((name) => SECRETS.includes(name))).toEqual([]);
  });

  it('is the config the Workers section of the docs shows', () => {
    const page = readFileSync(join(SERVER, '..', 'docs', 'taking-payments.mdx'), 'utf8');
    const block = /^( *)```toml title="server\/wrangler\.example\.toml"\n([\s\S]*?)^\1```$/m.exec(page);
    expect(block, 'a ```toml title="server/wrangler.example.toml" block').not.toBeNull();
    const [, indent, body] = block!;
    const shown = body!
      .split('\n')
      .map((line) => line.slice(indent!.length))
      .join('\n');
    expect(shown).toBe(EXAMPLE);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the Worker the dry run built, in workerd', () => {
  it('takes a signature and answers the count, request after request, from the Postgres server at DATABASE_URL', async () => {
    const {DATABASES} = await import('../testing/databases');
    const database = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    const worker = new Miniflare({
      modules: true,
      scriptPath: bundle,
      compatibilityDate: /^compatibility_date = "(.+)"$/m.exec(EXAMPLE)![1]!,
      compatibilityFlags: JSON.parse(/^compatibility_flags = (\[.*\])$/m.exec(EXAMPLE)![1]!) as string[],
      bindings: {
        CORAL_ALLOWED_ORIGINS: ORIGIN,
        CORAL_CAMPAIGNS: JSON.stringify({powerforms: [{campaign: CAMPAIGN, fields: {postcode: 'optional'}}]}),
        DATABASE_URL: database.url!,
      },
    });
    const count = async () => {
      const response = await worker.dispatchFetch(`http://localhost/campaigns/${CAMPAIGN}/count`, {headers: {origin: ORIGIN}});
      return {status: response.status, body: await response.json()};
    };
    try {
      // Each request is its own I/O context on Workers: a connection one opened is not another's to use.
      expect(await count()).toEqual({status: 200, body: {campaign: CAMPAIGN, count: 0}});
      const signed = await worker.dispatchFetch('http://localhost/signatures', {
        method: 'POST',
        headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': newKey()},
        body: signatureBody('ada@example.org'),
      });
      expect(signed.status, await signed.text()).toBe(200);
      expect(await count()).toEqual({status: 200, body: {campaign: CAMPAIGN, count: 1}});
      expect(await count()).toEqual({status: 200, body: {campaign: CAMPAIGN, count: 1}});
    } finally {
      await worker.dispose();
      await database.drop();
    }
  }, 60_000);
});
