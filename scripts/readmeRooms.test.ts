/**
 * The README's "Where things live" follows the code: every path it names is there, and every file and folder of the
 * endpoint is named in it, so a module added to `server/` without a word of where it belongs fails here. And the
 * endpoint's own README lists its rooms: each folder of `server/` with every module in it, each room (but the tests'
 * helpers and the commands, which nothing imports) with its door, and at its root no more than the entries and the door.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Where things live'), readme.indexOf('\n## ', readme.indexOf('## Where things live') + 1));
/** Every name in backticks, as the section writes it. */
const named = [...section.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);

describe("the README's where things live", () => {
  it('is there, and names paths', () => {
    expect(section.length).toBeGreaterThan(1000);
    expect(named.filter((name) => name.startsWith('server/')).length).toBeGreaterThan(10);
  });

  it('names only paths that exist', () => {
    const paths = named.filter((name) => /^(server|src|scripts|tests|docs)\//.test(name)).map((name) => name.replace(/[.,;:]$/, ''));
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('names every folder and every module of the endpoint, but its tests and what the build writes', () => {
    const entries = readdirSync(join(ROOT, 'server'), {withFileTypes: true});
    const folders = entries
      .filter((entry) => entry.isDirectory() && !['dist', 'node_modules'].includes(entry.name) && !entry.name.startsWith('.'))
      .map((entry) => `server/${entry.name}/`);
    const modules = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    const mentioned = (module: string) =>
      named.some((name) => name === module || name === `server/${module}` || name.startsWith(`${module} `));
    expect(folders.filter((folder) => !named.some((name) => name.startsWith(folder)))).toEqual([]);
    expect(modules.filter((module) => !mentioned(module))).toEqual([]);
  });
});

describe("the endpoint's rooms", () => {
  const serverReadme = readFileSync(join(ROOT, 'server', 'README.md'), 'utf8');
  const table = serverReadme.slice(serverReadme.indexOf('<!-- rooms'), serverReadme.indexOf('<!-- /rooms -->'));
  /** Each row of the table: its room's folder, and the modules it lists. */
  const rows = [...table.matchAll(/^\| `([A-Za-z]+)\/` \|[^|]+\|([^|]*)\|$/gm)].map((match) => ({
    room: match[1]!,
    modules: [...match[2]!.matchAll(/`([^`]+)`/g)].map((module) => module[1]!).sort(),
  }));
  const SERVER = join(ROOT, 'server');
  const folders = readdirSync(SERVER, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !['dist', 'node_modules'].includes(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  const modulesOf = (folder: string) =>
    readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts');

  it('has a row for each folder of server/, and no other', () => {
    expect(rows.map((row) => row.room).sort()).toEqual([...folders].sort());
  });

  it('lists every module of each room, and only those', () => {
    for (const {room, modules} of rows.filter((row) => row.room !== 'testing')) {
      expect({room, modules}).toEqual({room, modules: modulesOf(join(SERVER, room)).sort()});
    }
  });

  it('gives each room a door, but the tests’ helpers and the commands', () => {
    const doorless = folders.filter((folder) => !existsSync(join(SERVER, folder, 'index.ts')));
    expect(doorless.sort()).toEqual(['commands', 'testing']);
  });

  it('keeps at the root only the entry points and the public door', () => {
    expect(modulesOf(SERVER).length + Number(existsSync(join(SERVER, 'index.ts')))).toBeLessThanOrEqual(6);
    expect(modulesOf(SERVER).sort()).toEqual(['main.ts', 'worker.ts']);
  });
});
