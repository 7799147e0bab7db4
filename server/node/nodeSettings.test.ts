/** Where every Node command reads a relative path from: the repository's root, whatever folder it was started in. */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative, resolve} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {readNodeEnv, readNodeRecords, repositoryRoot} from './nodeSettings';

const ROOT = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, {recursive: true, force: true})));
const fresh = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

describe('repositoryRoot', () => {
  it('is the folder whose package.json lists the workspaces, from the sources and from the build', () => {
    expect(repositoryRoot()).toBe(ROOT);
    expect(repositoryRoot(join(ROOT, 'server'))).toBe(ROOT);
    expect(repositoryRoot(join(ROOT, 'server/dist'))).toBe(ROOT);
  });

  it('passes over the endpoint’s own package.json, which lists none', () => {
    const root = fresh('coral-root-');
    mkdirSync(join(root, 'server/dist'), {recursive: true});
    writeFileSync(join(root, 'package.json'), '{"workspaces": ["server"]}');
    writeFileSync(join(root, 'server/package.json'), '{"name": "@coral/server"}');
    expect(repositoryRoot(join(root, 'server/dist'))).toBe(root);
  });

  it('is the folder node runs in for a copy of the endpoint with no root package.json', () => {
    expect(repositoryRoot(fresh('coral-alone-'))).toBe(process.cwd());
  });
});

describe('relative paths', () => {
  const ORIGINS = {CORAL_ALLOWED_ORIGINS: 'https://www.example.org'};

  it('are read from the root whether npm was run there or in server/', () => {
    const campaigns = join(fresh('coral-campaigns-'), 'campaigns.json');
    writeFileSync(campaigns, '{"powerforms": [{"campaign": "ban-deep-sea-mining"}]}');
    const records = join(fresh('coral-records-'), 'records');
    for (const INIT_CWD of [ROOT, join(ROOT, 'server')]) {
      const vars = {...ORIGINS, INIT_CWD, CORAL_CAMPAIGNS: relative(ROOT, campaigns), CORAL_DATA_DIR: relative(ROOT, records)};
      const read = readNodeEnv(vars);
      expect(read.ok && read.env.dataDir).toBe(records);
      expect(read.ok && [...read.env.campaigns.powerforms.keys()]).toEqual(['ban-deep-sea-mining']);
      expect(readNodeRecords(vars)).toEqual({databaseUrl: null, dataDir: records});
    }
  });

  it('default to .coral-data at the root, for the endpoint and for server:migrate alike', () => {
    const vars = {...ORIGINS, CORAL_CAMPAIGNS: '{"powerforms": [{"campaign": "ban-deep-sea-mining"}]}'};
    const read = readNodeEnv(vars);
    expect(read.ok && read.env.dataDir).toBe(join(ROOT, '.coral-data'));
    expect(readNodeRecords(vars)).toEqual({databaseUrl: null, dataDir: join(ROOT, '.coral-data')});
    expect(readNodeRecords({DATABASE_URL: 'mysql://localhost/coral'})).toMatch(/^DATABASE_URL does not look like a Postgres address/);
  });
});
