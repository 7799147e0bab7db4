/**
 * The built endpoint, as an operator runs it: `node server/dist/main.mjs`,
 * plain JavaScript with no TypeScript loader, its records in the embedded
 * database's folder, stopped and started again.
 */
import {spawnSync} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {Agent, createServer as createHttpServer, request as httpRequest, type Server as HttpServer} from 'node:http';
import {createServer, type AddressInfo, type Server as NetServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  buildEndpoint,
  count,
  DOCTOR,
  endpointEnv,
  EXPORT_TOKEN,
  launch,
  MAIN,
  MIGRATE,
  ORIGIN,
  run,
  SERVER,
  sign,
  signatureBody,
  start,
  stop,
  SUPPORTERS,
} from '../testing/endpointProcess';
import {verifyCoralSignature} from '../records';
import {DATABASES} from '../testing/databases';
import {MIGRATIONS} from '../schema';
import {GUARD_SECRET, WEBHOOK_SECRET} from '../testing/fixtures';
import {STAND_IN_SECRET_KEY, startStripeStandIn} from '../testing/stripeStandIn';
import {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from '../gifts';

let dataDir: string;
beforeAll(async () => {
  await buildEndpoint();
  dataDir = mkdtempSync(join(tmpdir(), 'coral-data-'));
}, 120_000);
afterAll(() => rmSync(dataDir, {recursive: true, force: true}));

const baseEnv = () => endpointEnv(dataDir);
const MIGRATION_NAMES = MIGRATIONS.map(({name}) => name).join(', ');

describe('node server/dist/main.mjs', () => {
  it('keeps signatures across a restart, counts each signer once, and logs JSON lines without their details', async () => {
    const first = await start(baseEnv());
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

    const second = await start(baseEnv());
    expect(await count(second.base)).toBe(101);
    const again = await sign(second.base, 'Grace@Example.org', 'process-test-key-0002');
    expect(await again.json()).toEqual({status: 'accepted', reference: expect.not.stringMatching(reference)});
    expect(await count(second.base)).toBe(101);
    const exported = await fetch(`${second.base}/export?kind=signatures`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}});
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await exported.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('grace@example.org');
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('stops with one line naming a missing variable, a bad port or a port in use', async () => {
    const runNow = (env: Record<string, string | undefined>) =>
      spawnSync(process.execPath, [MAIN], {env, encoding: 'utf8', timeout: 60_000});
    const missing = runNow({PATH: process.env.PATH, CORAL_ALLOWED_ORIGINS: ORIGIN});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('coral endpoint: CORAL_CAMPAIGNS is not set (see server/README.md for what it holds)\n');

    const noStripe = runNow({...baseEnv(), CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]'});
    expect(noStripe.stderr).toBe('coral endpoint: STRIPE_SECRET_KEY is not set (see server/README.md for what it holds)\n');

    const gifts = {
      ...baseEnv(),
      CORAL_CAMPAIGNS: '[{"campaign": "save-the-reef"}]',
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    const noGuardSecret = runNow({...gifts, CORAL_GUARD_SECRET: undefined});
    expect(noGuardSecret.status).toBe(1);
    expect(noGuardSecret.stderr).toBe(
      'coral endpoint: CORAL_GUARD_SECRET is not set: the card-testing guard keys its hashes of addresses and emails with it; make one with `openssl rand -hex 32`\n',
    );
    const shortGuardSecret = runNow({...gifts, CORAL_GUARD_SECRET: 'guard-secret-too-short'});
    expect(shortGuardSecret.stderr).toBe(
      'coral endpoint: CORAL_GUARD_SECRET is too short: use at least 32 random characters; make one with `openssl rand -hex 32`\n',
    );

    expect(runNow({...baseEnv(), PORT: 'eighty'}).stderr).toBe('coral endpoint: PORT: "eighty" is not a port number (0 to 65535)\n');

    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '0.0.0.0', listening));
    const port = (taken.address() as {port: number}).port;
    const inUse = runNow({...baseEnv(), PORT: String(port)});
    taken.close();
    expect(inUse.status).toBe(1);
    expect(inUse.stderr).toBe(`coral endpoint: port ${port} is already in use: set PORT to another\n`);
  }, 120_000);
});

describe('node server/dist/doctor.mjs', () => {
  const doctor = async (env: Record<string, string | undefined>) => {
    const {code, stdout, stderr} = await run(DOCTOR, env);
    return {code, stdout, stderr};
  };

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
        CORAL_GUARD_SECRET: GUARD_SECRET,
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

describe('one process per CORAL_DATA_DIR', () => {
  const folders: string[] = [];
  const freshFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-held-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => folders.forEach((folder) => rmSync(folder, {recursive: true, force: true})));
  const inUse = (folder: string, by: string, pid: number | undefined) =>
    `the embedded database in ${folder} is in use by ${by} (pid ${pid}): stop that process first, or set CORAL_DATA_DIR to another folder`;

  it('refuses a second endpoint, or a migration, while one runs: one line naming the folder and the pid', async () => {
    const folder = freshFolder();
    const first = await start(endpointEnv(folder));
    expect((await sign(first.base, 'grace@example.org', 'held-folder-key-0001')).status).toBe(200);

    const second = launch(endpointEnv(folder));
    const secondPort = await second.port;
    if (secondPort !== null) second.child.kill('SIGKILL');
    expect(secondPort).toBe(null);
    expect(second.child.exitCode).toBe(1);
    expect(second.output()).toBe(`coral endpoint: ${inUse(folder, 'coral endpoint', first.child.pid)}\n`);
    const migrating = await run(MIGRATE, {PATH: process.env.PATH, CORAL_DATA_DIR: folder});
    expect(migrating).toMatchObject({code: 1, stdout: '', stderr: `coral migrate: ${inUse(folder, 'coral endpoint', first.child.pid)}\n`});

    expect(await count(first.base)).toBe(101);
    expect(await stop(first)).toBe(0);
    // A clean exit lets go of the folder.
    expect(await run(MIGRATE, {PATH: process.env.PATH, CORAL_DATA_DIR: folder})).toMatchObject({
      code: 0,
      stdout: `coral migrate: the embedded database in ${folder} is up to date\n`,
    });
    const next = await start(endpointEnv(folder));
    expect(await count(next.base)).toBe(101);
    expect(await stop(next)).toBe(0);
  }, 120_000);

  it('gives the folder to one of two endpoints started at the same instant', async () => {
    for (let round = 0; round < 2; round++) {
      const folder = freshFolder();
      const both = [launch(endpointEnv(folder)), launch(endpointEnv(folder))];
      const ports = await Promise.all(both.map((launched) => launched.port));
      const winner = both[ports.findIndex((port) => port !== null)]!;
      const loser = both[ports.findIndex((port) => port === null)];
      expect(ports.filter((port) => port !== null)).toHaveLength(1);
      expect(loser?.child.exitCode).toBe(1);
      expect(loser?.output()).toBe(`coral endpoint: ${inUse(folder, 'coral endpoint', winner.child.pid)}\n`);
      expect(await stop({...winner, base: '', port: 0})).toBe(0);
    }
  }, 120_000);

  it('takes the folder over from an endpoint that was killed, keeping what it acknowledged', async () => {
    const folder = freshFolder();
    const killed = await start(endpointEnv(folder));
    expect((await sign(killed.base, 'grace@example.org', 'killed-endpoint-key-0001')).status).toBe(200);
    expect(await stop(killed, 'SIGKILL')).toBe(null);

    const next = await start(endpointEnv(folder));
    expect(await count(next.base)).toBe(101);
    expect(await stop(next)).toBe(0);
  }, 120_000);
});

describe('a DATABASE_URL where no Postgres answers', () => {
  /** Obviously fake; it must never be printed. */
  const PASSWORD = 'not-a-real-password-0000';

  it('stops within 10 s with one line naming the host and port and what to check, never the password', async () => {
    const listen = async (server: NetServer | HttpServer) => {
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      return (server.address() as AddressInfo).port;
    };
    // Accepts, and never says a word: as a black-holed address, the endpoint hears nothing back.
    const silent = createServer(() => {});
    const web = createHttpServer((_, response) => response.end('not a database'));
    const closed = createServer();
    const [silentPort, webPort, closedPort] = [await listen(silent), await listen(web), await listen(closed)];
    await new Promise((done) => closed.close(done));
    try {
      const cases = [
        [`127.0.0.1:${closedPort}`, 'refuses connections: check its host and port, and that Postgres is running there'],
        ['coral-db.invalid:5432', 'cannot be found: no host is named coral-db.invalid; check the host name, and this machine’s DNS'],
        [`127.0.0.1:${webPort}`, 'answers, but not as Postgres: check its port (Postgres listens on 5432 unless set otherwise)'],
        [`127.0.0.1:${silentPort}`, 'did not answer within 7 s: check its host and port, and that a firewall lets this machine reach it'],
      ];
      const ran = await Promise.all(
        cases.map(([where]) => run(MAIN, {...baseEnv(), DATABASE_URL: `postgres://coral:${PASSWORD}@${where}/coral`}, 15_000)),
      );
      ran.forEach((result, i) => {
        const [where, what] = cases[i]!;
        expect(result).toMatchObject({code: 1, stdout: '', stderr: `coral endpoint: the database at DATABASE_URL (${where}) ${what}\n`});
        expect(result.ms).toBeLessThan(10_000);
      });
      const migrating = await run(
        MIGRATE,
        {PATH: process.env.PATH, DATABASE_URL: `postgres://coral:${PASSWORD}@${cases[2]![0]}/coral`},
        15_000,
      );
      expect(migrating).toMatchObject({code: 1, stderr: `coral migrate: the database at DATABASE_URL (${cases[2]![0]}) ${cases[2]![1]}\n`});
      expect(JSON.stringify([...ran, migrating])).not.toContain(PASSWORD);
    } finally {
      silent.close();
      web.close();
    }
  }, 60_000);
});

describe('SIGTERM under keep-alive load', () => {
  const CONNECTIONS = 50;
  /** Connections opened while the endpoint is busy, waiting to be accepted as the SIGTERM arrives. */
  const LATE = 5;
  type Outcome = {kind: 'answered'; status: number; close: boolean} | {kind: 'refused'} | {kind: 'reset'; code: string};

  /** One signature over the agent's connections, and what became of it; `sent` once it is on the wire. */
  const post = (agent: Agent, port: number, email: string, sent: () => void) =>
    new Promise<Outcome>((done) => {
      const headers = {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': randomUUID()};
      const request = httpRequest({host: '127.0.0.1', port, path: '/signatures', method: 'POST', agent, headers}, (response) => {
        response.resume();
        response.on('end', () => done({kind: 'answered', status: response.statusCode!, close: response.headers.connection === 'close'}));
        response.on('close', () => response.complete || done({kind: 'reset', code: 'the answer was cut'}));
      });
      request.on('finish', sent);
      request.on('error', (error: NodeJS.ErrnoException) =>
        done(error.code === 'ECONNREFUSED' ? {kind: 'refused'} : {kind: 'reset', code: error.code ?? error.message}),
      );
      request.end(signatureBody(email));
    });

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((wake) => setTimeout(wake, 20));
  };

  it('answers every request that reached it, closes each connection after, and refuses new ones: none is reset', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-drain-'));
    const agent = new Agent({keepAlive: true, maxSockets: CONNECTIONS + LATE});
    try {
      const running = await start(endpointEnv(folder));
      const outcomes: Outcome[][] = [];
      let lateSent = 0;
      // Each connection sends one signature after another, until the endpoint refuses a new connection.
      const sender = async (connection: number) => {
        const mine: Outcome[] = (outcomes[connection] = []);
        for (let i = 0; ; i++) {
          const sent = () => (connection >= CONNECTIONS && i === 0 ? (lateSent += 1) : 0);
          const outcome = await post(agent, running.port, `drain-${connection}-${i}@example.org`, sent);
          mine.push(outcome);
          if (outcome.kind !== 'answered') return;
        }
      };
      const senders = Array.from({length: CONNECTIONS}, (_, connection) => sender(connection));
      await until(() => outcomes.length === CONNECTIONS && outcomes.every((mine) => mine.length > 0));
      // Held as a busy endpoint is between two turns of its event loop: requests arrive on the open connections
      // unread, and new connections wait to be accepted, as the SIGTERM comes.
      running.child.kill('SIGSTOP');
      senders.push(...Array.from({length: LATE}, (_, late) => sender(CONNECTIONS + late)));
      await until(() => lateSent === LATE);
      const exited = stop(running);
      running.child.kill('SIGCONT');
      await Promise.all(senders);
      expect(await exited).toBe(0);

      const all = outcomes.flat();
      expect(all.filter((outcome) => outcome.kind === 'reset')).toEqual([]);
      // Each connection was answered until its last answer said it would close; the next request found the listener closed.
      for (const mine of outcomes) {
        expect(mine.at(-1)).toEqual({kind: 'refused'});
        expect(mine.at(-2)).toEqual({kind: 'answered', status: 200, close: true});
        expect(mine.slice(0, -2).every((outcome) => outcome.kind === 'answered' && outcome.status === 200 && !outcome.close)).toBe(true);
      }

      // Every signature acknowledged was kept.
      const answered = all.filter((outcome) => outcome.kind === 'answered');
      const after = await start(endpointEnv(folder));
      expect(await count(after.base)).toBe(100 + answered.length);
      expect(await stop(after)).toBe(0);
    } finally {
      agent.destroy();
      rmSync(folder, {recursive: true, force: true});
    }
  }, 120_000);
});

describe('one folder, whichever folder a command starts in', () => {
  // A throwaway copy of the checkout's shape (a root package.json listing the workspace, server/dist, the
  // dependencies), so the real .coral-data is never touched.
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'coral-checkout-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({private: true, workspaces: ['server']}));
    cpSync(join(SERVER, 'package.json'), join(root, 'server/package.json'));
    cpSync(join(SERVER, 'dist'), join(root, 'server/dist'), {recursive: true});
    symlinkSync(join(SERVER, '../node_modules'), join(root, 'node_modules'), 'dir');
    writeFileSync(join(root, 'campaigns.json'), JSON.stringify({powerforms: [{campaign: 'ban-deep-sea-mining'}]}));
  });
  afterAll(() => rmSync(root, {recursive: true, force: true}));

  // As npm starts a workspace's script: in server/, with INIT_CWD where `npm run` was typed; and as a service runs it.
  const fromRoot = () => ({cwd: join(root, 'server'), INIT_CWD: root, dist: 'dist'});
  const fromServer = () => ({cwd: join(root, 'server'), INIT_CWD: join(root, 'server'), dist: 'dist'});
  const asService = () => ({cwd: root, INIT_CWD: undefined, dist: 'server/dist'});
  const env = (INIT_CWD: string | undefined) => ({
    PATH: process.env.PATH,
    INIT_CWD,
    CORAL_ALLOWED_ORIGINS: ORIGIN,
    CORAL_CAMPAIGNS: 'campaigns.json',
    PORT: '0',
    CORAL_GIFT_PER_ADDRESS: '5',
  });
  const misspelt = 'CORAL_GIFT_PER_ADDRESS is not a setting Coral knows; did you mean CORAL_GIFTS_PER_ADDRESS?';

  it('server:migrate, the endpoint and doctor use <root>/.coral-data and read CORAL_CAMPAIGNS from the root', async () => {
    const records = join(root, '.coral-data');
    for (const [at, expected] of [
      [fromRoot(), `coral migrate: applied ${MIGRATION_NAMES} to the embedded database in ${records}\n`],
      [fromServer(), `coral migrate: the embedded database in ${records} is up to date\n`],
    ] as const) {
      expect(await run(`${at.dist}/migrate.mjs`, env(at.INIT_CWD), 60_000, at.cwd)).toMatchObject({
        code: 0,
        stdout: expected,
        stderr: `coral migrate: ${misspelt}\n`,
      });
    }
    for (const at of [fromRoot(), fromServer(), asService()]) {
      const started = await start(env(at.INIT_CWD), {file: `${at.dist}/main.mjs`, cwd: at.cwd});
      expect(await stop(started)).toBe(0);
      const lines = started.output().split('\n');
      expect(lines[0]).toBe(`coral endpoint: ${misspelt}`);
      expect(lines).toContain(
        `coral endpoint: listening on http://localhost:${started.port}; takes signatures, and no gifts (STRIPE_SECRET_KEY is not set); serves published forms, and publishes none and shows no results (CORAL_ADMIN_TOKEN is not set); records in ${records}`,
      );
      const doctor = await run(`${at.dist}/doctor.mjs`, env(at.INIT_CWD), 60_000, at.cwd);
      // It read the campaigns file at the root, which lists no donate form.
      expect(doctor.stderr).toBe(
        `coral doctor: ${misspelt}\ncoral doctor: no campaign takes gifts and STRIPE_SECRET_KEY is not set: there is no Stripe account to check\n`,
      );
    }
    expect(readdirSync(join(root, 'server')).sort()).toEqual(['dist', 'package.json']);
  }, 240_000);
});

describe('npm run records, forget and correct: node server/dist/supporters.mjs', () => {
  const FORWARD_SECRET = 'forward-secret-for-tests-only-0000000000';
  let crm: HttpServer;
  const received: Array<{signature: string; body: string}> = [];
  beforeAll(async () => {
    crm = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({signature: String(request.headers['coral-signature']), body});
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((listening) => crm.listen(0, '127.0.0.1', listening));
  });
  afterAll(() => new Promise<void>((closed) => crm.close(() => closed())));

  const exportedSignatures = async (base: string) =>
    (await fetch(`${base}/export?kind=signatures`, {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}})).text();
  const supporters = (env: Record<string, string | undefined>, ...args: string[]) => run(SUPPORTERS, env, 60_000, undefined, args);

  it('forgets a signer on the embedded database once the endpoint is stopped: the export forgets her, the count does not, and the CRM hears', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coral-data-'));
    const env = {
      ...endpointEnv(folder),
      CORAL_FORWARD_URL: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/coral`,
      CORAL_FORWARD_SECRET: FORWARD_SECRET,
    };
    try {
      const first = await start(env);
      expect((await sign(first.base, 'Ada.Lovelace@example.org', 'process-forget-key-0001')).status).toBe(200);
      expect((await sign(first.base, 'bob@example.net', 'process-forget-key-0002')).status).toBe(200);
      expect(await count(first.base)).toBe(102);
      // One process holds the embedded database's folder: the command says so and changes nothing.
      const refused = await supporters(env, 'forget', 'ada.lovelace@example.org');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^coral forget: .*coral endpoint/);
      expect(await stop(first)).toBe(0);

      const before = await supporters(env, 'records', 'ADA.LOVELACE@example.org');
      expect(before.code).toBe(0);
      expect(JSON.parse(before.stdout)).toMatchObject({
        email: 'ada.lovelace@example.org',
        signatures: [{where: 'signatures', supporter: {email: 'ada.lovelace@example.org'}, deidentifiedAt: null}],
      });
      const forgot = await supporters(env, 'forget', 'ada.lovelace@example.org');
      expect(forgot).toMatchObject({code: 0, stderr: ''});
      expect(forgot.stdout).toContain('signatures: 1 de-identified');
      expect(forgot.stdout).toMatch(/^CRM: a signed supporter\.erased record \(erasure:\d+\) is queued for CORAL_FORWARD_URL$/m);

      const second = await start(env);
      const exported = await exportedSignatures(second.base);
      expect(exported).toContain('bob@example.net');
      expect(exported.toLowerCase()).not.toContain('lovelace');
      expect(await count(second.base)).toBe(102);
      const deadline = Date.now() + 30_000;
      while (!received.some((one) => one.body.includes('supporter.erased')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await stop(second)).toBe(0);
      const erasures = received.filter((one) => (JSON.parse(one.body) as {type: string}).type === 'supporter.erased');
      expect(erasures).toHaveLength(1);
      expect(await verifyCoralSignature(FORWARD_SECRET, erasures[0]!.signature, erasures[0]!.body, Math.floor(Date.now() / 1000))).toBe(
        true,
      );
      for (const one of received.filter((each) => each.body.includes('"signature"')))
        expect(one.body.toLowerCase()).not.toContain('lovelace');

      const after = JSON.parse((await supporters(env, 'records', 'ada.lovelace@example.org')).stdout) as {signatures: object[]};
      expect(after.signatures).toMatchObject([{supporter: {}, utm: {}, deidentifiedAt: expect.any(String)}]);

      // A correction is checked as the form checks it; a command it does not know prints the usage.
      expect(await supporters(env, 'correct', 'bob@example.net', '--postcode', '20000')).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'coral correct: changes.postcode: Postcode must be 4 digits.\n',
      });
      const corrected = await supporters(env, 'correct', 'bob@example.net', '--postcode', '4001');
      expect(corrected).toMatchObject({code: 0, stderr: ''});
      expect(corrected.stdout).toContain('signatures: 1 corrected');
      const unknown = await supporters(env, 'erase', 'bob@example.net');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^usage: npm run records -- <email>/);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'forgets a signer on a Postgres server while the endpoint runs',
    async () => {
      const database = await DATABASES.at(-1)!.create();
      const env = {...baseEnv(), DATABASE_URL: database.url};
      try {
        const running = await start(env);
        expect((await sign(running.base, 'grace.hopper@example.org', 'process-forget-key-0003')).status).toBe(200);
        const forgot = await supporters(env, 'forget', 'Grace.Hopper@example.org');
        expect(forgot).toMatchObject({code: 0, stderr: ''});
        expect(forgot.stdout).toContain('signatures: 1 de-identified');
        expect((await exportedSignatures(running.base)).toLowerCase()).not.toContain('grace.hopper');
        expect(await count(running.base)).toBe(101);
        expect(await stop(running)).toBe(0);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
