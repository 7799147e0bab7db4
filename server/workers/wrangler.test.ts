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
import {dirname, join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Miniflare} from 'miniflare';
import {readEndpointEnv} from '../doorway';
import {buildEndpoint, CAMPAIGN, EXPORT_TOKEN, signatureBody} from '../testing/endpointProcess';
import {deliver, giftBody, makeHandler, newKey, NOW_MS, ORIGIN, GUARD_SECRET, post, WEBHOOK_SECRET} from '../testing/fixtures';
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
  'CORAL_SMTP_URL',
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
  // In production mode, as `npm run server:build` builds it: under vitest's NODE_ENV=test the emails' JSX would call
  // React's development runtime, which Wrangler's production bundle leaves empty.
  const testing = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildEndpoint(join(dir, 'dist'));
  } finally {
    process.env.NODE_ENV = testing;
  }
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

  it('bundles every dependency and every migration, importing only what workerd provides and the fonts beside it', () => {
    const code = readFileSync(bundle, 'utf8');
    const imported = new Set(
      [...code.matchAll(/(?:^import .* from |\bimport\(\s*(?:\/\*.*?\*\/\s*)?)"([^"]+)"/gm)].map((match) => match[1]!),
    );
    // Noto Sans, regular and bold, as Data modules uploaded with the script.
    const fonts = readdirSync(dirname(bundle))
      .filter((name) => name.endsWith('.ttf'))
      .map((name) => `./${name}`);
    expect(fonts.map((name) => name.replace(/^\.\/[0-9a-f]+-/, '')).sort()).toEqual(['NotoSans_400Regular.ttf', 'NotoSans_700Bold.ttf']);
    expect([...imported].filter((name) => !/^(node|cloudflare):/.test(name) && !fonts.includes(name))).toEqual([]);
    for (const font of fonts) expect(imported).toContain(font);
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
  /** The mail settings the example shows commented out, as an operator who turns mail on sets them. */
  const mailVars = () =>
    Object.fromEntries(
      [...EXAMPLE.matchAll(/^# (CORAL_MAIL_FROM|CORAL_RECEIPTS|CORAL_PUBLIC_URL) = (?:"([^"\n]*)"|'([^'\n]*)')$/gm)].map((match) => [
        match[1]!,
        match[2] ?? match[3]!,
      ]),
    );

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
      CORAL_SMTP_URL: 'smtps://receipts:relay-password-for-tests-only@smtp.example.org:465',
    };
    expect(Object.keys(secrets)).toEqual(SECRETS);
    const read = readEndpointEnv({...vars(), ...mailVars(), ...secrets});
    expect(read.ok, read.ok ? '' : read.message).toBe(true);
    if (!read.ok) return;
    expect([...read.env.campaigns.donateForms.keys()]).toEqual(['save-the-reef']);
    expect([...read.env.campaigns.powerforms.keys()]).toEqual(['ban-deep-sea-mining']);
    expect(read.env.forward?.url).toBe('https://crm.example.org/coral');
    expect(read.env.guard.botCheck).not.toBeNull();
    expect(read.env.mail?.rules.issuer.legalName).toBe('Reef Action Fund Ltd');
    expect(read.env.mail?.pageUrl).toBe('https://coral-endpoint.example.workers.dev/me');
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

/** The built Worker in workerd, as the example configures it, with these variables and secrets. */
const inWorkerd = (bindings: Record<string, string>) =>
  new Miniflare({
    modules: true,
    scriptPath: bundle,
    // The fonts, as Wrangler uploads them beside the script: Data modules.
    modulesRules: [{type: 'Data', include: ['**/*.ttf']}],
    compatibilityDate: /^compatibility_date = "(.+)"$/m.exec(EXAMPLE)![1]!,
    compatibilityFlags: JSON.parse(/^compatibility_flags = (\[.*\])$/m.exec(EXAMPLE)![1]!) as string[],
    bindings,
  });

describe.runIf(process.env.TEST_DATABASE_URL)('the Worker the dry run built, in workerd', () => {
  it('takes a signature and answers the count, request after request, from the Postgres server at DATABASE_URL', async () => {
    const {DATABASES} = await import('../testing/databases');
    const database = await DATABASES.find((kind) => kind.name === 'Postgres server')!.create();
    const worker = inWorkerd({
      CORAL_ALLOWED_ORIGINS: ORIGIN,
      CORAL_CAMPAIGNS: JSON.stringify({powerforms: [{campaign: CAMPAIGN, fields: {postcode: 'optional'}}]}),
      DATABASE_URL: database.url!,
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

  it('mails a paid gift’s receipt from its Cron Trigger, through the relay at CORAL_SMTP_URL, its PDF in Noto Sans from the bundle', async () => {
    const [{DATABASES}, {createPgStore}, {issueFor, parseReceiptRules}, {pdfText, startSmtpReceiver}, {startStripeStandIn}] =
      await Promise.all([
        import('../testing/databases'),
        import('../records'),
        import('../receipts'),
        import('../testing/smtpServer'),
        import('../testing/stripeStandIn'),
      ]);
    const receipts = {legalName: 'Reef Action Fund Ltd', number: 'ABN 51 824 753 556'};
    const rules = parseReceiptRules(receipts, null);
    if (typeof rules === 'string') throw new Error(rules);
    const [database, relay, stripe] = await Promise.all([
      DATABASES.find((kind) => kind.name === 'Postgres server')!.create(),
      // A relay that asks the Worker to sign in, as an organisation's does.
      startSmtpReceiver({user: 'receipts', password: 'relay-password-for-tests-only'}),
      startStripeStandIn(),
    ]);
    let worker: Miniflare | null = null;
    try {
      // The gift is paid through an endpoint on Node, which issues its receipt and queues it in the same database.
      const {handler} = makeHandler(stripe, {
        store: createPgStore(database.db, {afterPayment: (tx, reference) => issueFor(tx, reference, rules, NOW_MS / 1000)}),
        db: database.db,
      });
      const supporter = {firstName: 'Mere', lastName: 'Tūhoe', email: 'mere@example.org', consent: false};
      const {status, body} = await post(handler, '/gifts', giftBody({amount: 6000, supporter}));
      expect(status, JSON.stringify(body)).toBe(200);
      for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_visa')) await deliver(handler, event);
      expect(await database.db.query('select kind from mail where sent_at is null')).toEqual([{kind: 'receipt'}]);

      worker = inWorkerd({
        CORAL_ALLOWED_ORIGINS: ORIGIN,
        CORAL_CAMPAIGNS: JSON.stringify({powerforms: [{campaign: CAMPAIGN}]}),
        DATABASE_URL: database.url!,
        CORAL_SMTP_URL: relay.url,
        CORAL_MAIL_FROM: 'Reef Action Fund <receipts@reefaction.org.au>',
        CORAL_RECEIPTS: JSON.stringify(receipts),
      });
      // Miniflare's types for the Worker come from @cloudflare/workers-types, which this repository does not install.
      const fetcher = (await worker.getWorker()) as unknown as {scheduled(options: {cron: string}): Promise<unknown>};
      await fetcher.scheduled({cron: '* * * * *'});
      await expect.poll(() => relay.messages.length, {timeout: 20_000}).toBe(1);
      const [message] = relay.messages;
      expect(message!.to).toMatchObject({text: 'mere@example.org'});
      expect(message!.from).toMatchObject({text: '"Reef Action Fund" <receipts@reefaction.org.au>'});
      expect(message!.subject).toBe('Receipt 000001 for your gift to Reef Action Fund Ltd');
      expect(message!.text).toContain('Reef Action Fund Ltd');
      expect(message!.html).toContain('Reef Action Fund Ltd');
      expect(message!.messageId).toMatch(/@reefaction\.org\.au>$/);
      const [file] = message!.attachments;
      expect(file).toMatchObject({filename: 'receipt-000001.pdf', contentType: 'application/pdf'});
      const text = pdfText(new Uint8Array(file!.content)).replace(/\s+/g, ' ');
      expect(text).toContain('000001');
      expect(text).toContain('Reef Action Fund Ltd');
      expect(text).toContain('Mere Tūhoe');
      await expect.poll(() => database.db.query('select kind from mail where sent_at is null')).toEqual([]);
    } finally {
      await worker?.dispose();
      await Promise.all([relay.close(), stripe.close()]);
      await database.drop();
    }
  }, 90_000);
});
