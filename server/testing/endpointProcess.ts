/**
 * The built endpoint as an operator runs it, for the process tests: `node server/dist/main.mjs` (and
 * `migrate.mjs`, `doctor.mjs`) as child processes, given only the variables a test names.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {join, resolve} from 'node:path';
import {build} from 'vite';
import {GUARD_SECRET} from './fixtures';

export const SERVER = resolve(import.meta.dirname, '..');
export const MAIN = join(SERVER, 'dist/main.mjs');
export const MIGRATE = join(SERVER, 'dist/migrate.mjs');
export const DOCTOR = join(SERVER, 'dist/doctor.mjs');
export const SUPPORTERS = join(SERVER, 'dist/supporters.mjs');
export const ORIGIN = 'https://www.example.org';
/** Obviously fake, as every secret in a test must be. */
export const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';
export const CAMPAIGN = 'ban-deep-sea-mining';
const CAMPAIGNS = JSON.stringify({powerforms: [{campaign: CAMPAIGN, counter: {count: 100, goal: 1000}, fields: {postcode: 'optional'}}]});

/** Builds the endpoint into server/dist, or into `outDir` for a test that must not touch the build others run. */
export const buildEndpoint = (outDir?: string) =>
  build({configFile: join(SERVER, 'vite.config.mts'), logLevel: 'error', ...(outDir ? {build: {outDir}} : {})});

/** Only what the endpoint is given here reaches it: no variable from the machine. */
export const endpointEnv = (dataDir: string): Record<string, string | undefined> => ({
  PATH: process.env.PATH,
  CORAL_ALLOWED_ORIGINS: ORIGIN,
  CORAL_CAMPAIGNS: CAMPAIGNS,
  CORAL_DATA_DIR: dataDir,
  PORT: '0',
  CORAL_EXPORT_TOKEN: EXPORT_TOKEN,
  // The gift routes need it; given here too, so a test that adds a donate form starts as an operator's would.
  CORAL_GUARD_SECRET: GUARD_SECRET,
});

export type Running = {child: ChildProcess; base: string; port: number; output: () => string};
export type Launched = {child: ChildProcess; output: () => string; port: Promise<number | null>};

/** Which built entry a process runs, and the folder it runs in (this one unless named). */
export type Entry = {file?: string; cwd?: string};

/** Starts the endpoint; `port` is where it listens once it says so, or null if it stops first. */
export function launch(env: Record<string, string | undefined>, {file = MAIN, cwd}: Entry = {}): Launched {
  const child = spawn(process.execPath, [file], {env, cwd, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = new Promise<number | null>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`the endpoint did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        found(Number(match[1]));
      }
    });
    child.once('close', () => {
      clearTimeout(timer);
      found(null);
    });
  });
  return {child, output: () => output, port};
}

/** Starts the endpoint and waits for its "listening" line; fails with what it printed if it stops instead. */
export async function start(env: Record<string, string | undefined>, entry?: Entry): Promise<Running> {
  const launched = launch(env, entry);
  const port = await launched.port;
  if (port === null) throw new Error(`the endpoint stopped:\n${launched.output()}`);
  return {child: launched.child, base: `http://127.0.0.1:${port}`, port, output: launched.output};
}

/** Sends the signal and answers the exit code. */
export const stop = (running: Running, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((done) => {
    if (running.child.exitCode !== null) return done(running.child.exitCode);
    running.child.once('exit', (code) => done(code));
    running.child.kill(signal);
  });

export type Ran = {code: number | null; stdout: string; stderr: string; ms: number};

/**
 * Runs one of the built entries to its end without blocking this process, where a stand-in may answer it; one
 * still running after `timeout` ms is killed (its code is then null). `args` follow the file, as a command's do.
 */
export const run = (file: string, env: Record<string, string | undefined>, timeout = 30_000, cwd?: string, args: string[] = []) =>
  new Promise<Ran>((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [file, ...args], {env, cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({code, stdout, stderr, ms: Date.now() - started}));
  });

/** A signature as the powerform sends it. */
export const signatureBody = (email: string) =>
  JSON.stringify({campaign: CAMPAIGN, variant: 'petition', supporter: {firstName: 'Ada', email, consent: true}, utm: {}});

export const sign = (base: string, email: string, key: string) =>
  fetch(`${base}/signatures`, {
    method: 'POST',
    headers: {origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': key},
    body: signatureBody(email),
  });

export const count = async (base: string) => ((await (await fetch(`${base}/campaigns/${CAMPAIGN}/count`)).json()) as {count: number}).count;
