/**
 * The code blocks a docs page prints, found by their titles (```js title="verify.mjs"), so a test runs exactly what
 * a reader copies. A block inside a list item is read without the item's indent.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

const BLOCK = /^( *)```[\w-]* title="([^"]+)"\n([\s\S]*?)\n\1```$/gm;

/** Every titled block of the page at `file` (a path from the repository's root), by title. */
export function docSnippets(file: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  for (const [, indent = '', title = '', body = ''] of readFileSync(file, 'utf8').matchAll(BLOCK)) {
    const text = body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    blocks.set(title, [...(blocks.get(title) ?? []), `${text}\n`]);
  }
  return blocks;
}

/** The one block titled `title` on the page at `file`; throws, naming both, when the page has none or several. */
export function docSnippet(file: string, title: string): string {
  const found = docSnippets(file).get(title) ?? [];
  if (found.length !== 1) {
    throw new Error(`${file} should print one code block titled "${title}" (\`\`\`lang title="${title}"), and prints ${found.length}`);
  }
  return found[0]!;
}

/**
 * Each key path of a JSON value (`gifts[].payments[].key`, `[]` for an array's items), with the types its values
 * other than null take there: a page's example and what the code answers have the same shape when these agree.
 */
export function jsonPaths(value: unknown, path = '$', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const types = into.get(path) ?? new Set<string>();
  into.set(path, types);
  if (Array.isArray(value)) {
    types.add('array');
    for (const item of value) jsonPaths(item, `${path}[]`, into);
  } else if (value !== null && typeof value === 'object') {
    types.add('object');
    for (const [key, item] of Object.entries(value)) jsonPaths(item, `${path}.${key}`, into);
  } else if (value !== null) {
    types.add(typeof value);
  }
  return into;
}

/** The paths of `shown` (a page's example) and `actual` as two sorted lists, each path with its types where both have any. */
export function sameShape(shown: unknown, actual: unknown): [string[], string[]] {
  const [a, b] = [jsonPaths(shown), jsonPaths(actual)];
  const line = (path: string, types: Set<string> | undefined, other: Set<string> | undefined) =>
    types && types.size > 0 && other && other.size > 0 ? `${path}: ${[...types].sort().join('|')}` : path;
  return [
    [...a.keys()].map((path) => line(path, a.get(path), b.get(path))).sort(),
    [...b.keys()].map((path) => line(path, b.get(path), a.get(path))).sort(),
  ];
}

/** A `js` example's JSON without its `// …` comments. */
export const withoutComments = (text: string): unknown => JSON.parse(text.replace(/ +\/\/ .*$/gm, ''));

/** A port nothing listens on now, for a snippet that names a fixed one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The snippet with each port the docs name (`8787`) moved to the test's own, so runs side by side never meet. */
export const onPorts = (text: string, ports: Record<number, number>): string =>
  text.replace(/\b\d{4,5}\b/g, (found) => String(ports[Number(found)] ?? found));

export type Started = {output: () => string; stop(): Promise<void>};

/**
 * Starts a snippet's process in a group of its own (`npm run …` starts children) and waits until its output
 * matches `ready`; fails with what it printed if it stops first or takes longer than `timeoutMs`.
 */
export async function startSnippet(
  command: string,
  args: string[],
  options: {cwd: string; env: Record<string, string | undefined>},
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<Started> {
  const child = spawn(command, args, {...options, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`\`${command} ${args.join(' ')}\` did not start:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${command} ${args.join(' ')}\` stopped (exit ${code}):\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {output: () => output, stop};
}
