/**
 * The settings as every Node command reads them (the endpoint, `server:migrate`, `doctor`): a relative path in
 * CORAL_DATA_DIR or CORAL_CAMPAIGNS is read from the repository's root, whichever folder npm or node was started
 * from. npm runs a workspace's scripts in `server/`, so the folder a command runs in is no guide.
 */
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {readEndpointEnv, readRecordsEnv, type EnvResult, type RecordsSettings} from '../doorway';
import {unknownSettings, type SettingVars} from '../settings';

const listsWorkspaces = (folder: string) => {
  const file = join(folder, 'package.json');
  return existsSync(file) && 'workspaces' in (JSON.parse(readFileSync(file, 'utf8')) as object);
};

/**
 * The repository's root: the nearest folder above this code (`server/`, or `server/dist/` once built) whose
 * package.json lists the workspaces. A copy of the endpoint without one reads from the folder node runs in.
 */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = resolve(from); ; folder = dirname(folder)) {
    if (listsWorkspaces(folder)) return folder;
    if (dirname(folder) === folder) return process.cwd();
  }
}

/** Reads a CORAL_CAMPAIGNS file, a relative path from the root. */
export const fileReader = (root: string) => (path: string) => readFileSync(resolve(root, path), 'utf8');

/** The endpoint's settings, with the records' folder made absolute. */
export function readNodeEnv(vars: SettingVars, root = repositoryRoot()): EnvResult {
  const read = readEndpointEnv(vars, fileReader(root));
  return read.ok ? {ok: true, env: {...read.env, dataDir: resolve(root, read.env.dataDir)}} : read;
}

/** Where the records are, as the endpoint reads it: the folder absolute. */
export function readNodeRecords(vars: SettingVars, root = repositoryRoot()): RecordsSettings | string {
  const read = readRecordsEnv(vars);
  return typeof read === 'string' ? read : {...read, dataDir: resolve(root, read.dataDir)};
}

/** Says, on stderr, which CORAL_ variables are no setting; `by` names the command, as its other lines do. */
export function warnUnknownSettings(vars: Readonly<Record<string, string | undefined>>, by: string): void {
  for (const line of unknownSettings(vars)) console.warn(`${by}: ${line}`);
}
