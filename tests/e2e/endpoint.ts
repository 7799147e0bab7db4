/**
 * The built reference endpoint as an operator runs it (`node server/dist/main.mjs`), for the browser tests that
 * talk to it: its records in PGlite in a temporary folder, given only the variables a spec names. It is built
 * first when the test run has not built it.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect} from './fixtures';

const MAIN = 'server/dist/main.mjs';

/**
 * A running endpoint: its address (http://127.0.0.1:<port>), everything it has printed, its records' folder, and how
 * to stop it: its records removed with it, unless kept to be read after (then `remove` removes them).
 */
export type Endpoint = {
  base: string;
  output: () => string;
  dataDir: string;
  stop: (options?: {keepRecords?: boolean}) => Promise<void>;
  remove: () => void;
};

export async function startEndpoint(name: string, env: Record<string, string>): Promise<Endpoint> {
  if (!existsSync(MAIN)) {
    const built = spawnSync('npm', ['run', 'server:build'], {stdio: 'inherit'});
    expect(built.status, 'npm run server:build').toBe(0);
  }
  const dataDir = mkdtempSync(join(tmpdir(), `coral-e2e-${name}-`));
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {PATH: process.env.PATH, PORT: '0', CORAL_DATA_DIR: dataDir, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const remove = () => rmSync(dataDir, {recursive: true, force: true});
  const stop = async ({keepRecords = false} = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((stopped) => {
        child.once('exit', stopped);
        child.kill('SIGTERM');
      });
    }
    if (!keepRecords) remove();
  };
  const base = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`the endpoint did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        found(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('exit', (code) => failed(new Error(`the endpoint stopped (exit ${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {base, output: () => output, dataDir, stop, remove};
}

/**
 * Publishes a version of form `id` on `endpoint` as `npm run forms -- publish` would (`config` with its `component`),
 * under the admin token, and answers its number.
 */
export async function publishForm(endpoint: Endpoint, token: string, id: string, config: unknown): Promise<number> {
  const response = await fetch(`${endpoint.base}/forms/${id}`, {
    method: 'PUT',
    headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json', 'coral-published-by': 'Campaigns team'},
    body: JSON.stringify(config),
  });
  const answer = (await response.json()) as {version: number};
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.version;
}
