/**
 * The README's "Where things live" follows the code: every path it names is there, and every file and folder of the
 * endpoint is named in it, so a module added to `server/` without a word of where it belongs fails here.
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
