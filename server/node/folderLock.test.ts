/** One process at a time in the embedded database's folder; a lock its holder left behind is taken over. */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {CannotOpen} from '../db';
import {lockFolder, lockRecord} from './folderLock';
import {openPglite} from './pglite';

let folder: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'coral-lock-'));
});
afterEach(() => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
  rmSync(folder, {recursive: true, force: true});
});

/** Another program, running: its pid is alive, and it is not this process. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {stdio: 'ignore'});
  children.push(child);
  await new Promise((spawned) => child.once('spawn', spawned));
  return child;
}

/** A pid no process has any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], {stdio: 'ignore'});
  await new Promise((exited) => child.once('exit', exited));
  return child.pid!;
}

const locks = () => readdirSync(folder).filter((file) => file.startsWith('coral.lock'));
const holderIn = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as {pid: number; by: string};
const inUse = (by: string, pid: number) =>
  `the embedded database in ${folder} is in use by ${by} (pid ${pid}): stop that process first, or set CORAL_DATA_DIR to another folder`;

describe('lockFolder', () => {
  it('names this process in the folder while it holds it, and lets go when released', async () => {
    const release = await lockFolder(folder, 'coral migrate');
    expect(locks()).toEqual(['coral.lock.1']);
    expect(holderIn('coral.lock.1')).toMatchObject({pid: process.pid, by: 'coral migrate'});
    await expect(lockFolder(folder, 'coral endpoint')).rejects.toThrow(new CannotOpen(inUse('this process', process.pid)));
    release();
    expect(locks()).toEqual([]);
    (await lockFolder(folder, 'coral endpoint'))();
  });

  it('refuses while another living Coral process holds it, naming its pid', async () => {
    const holder = await otherProcess();
    writeFileSync(join(folder, 'coral.lock.1'), lockRecord(holder.pid!, 'coral endpoint'));
    await expect(lockFolder(folder, 'coral migrate')).rejects.toThrow(new CannotOpen(inUse('coral endpoint', holder.pid!)));
    expect(locks()).toEqual(['coral.lock.1']);
  });

  it.each([
    ['a process that died', async () => lockRecord(await deadPid(), 'coral endpoint')],
    // The pid is alive, but it started later than the process that wrote the lock: another program has it now.
    ['a pid now another program’s', async () => lockRecord((await otherProcess()).pid!, 'coral endpoint').replace(/\/\d+"/, '/1"')],
    // As after a container restarts: the new process has the pid the old one had.
    ['an earlier process with this one’s pid', async () => lockRecord(process.pid, 'coral endpoint')],
    ['a process that died before writing its lock', async () => ''],
  ])('takes over a lock left by %s', async (_, left) => {
    writeFileSync(join(folder, 'coral.lock.4'), await left());
    const release = await lockFolder(folder, 'coral endpoint');
    expect(locks()).toEqual(['coral.lock.5']);
    expect(holderIn('coral.lock.5').pid).toBe(process.pid);
    release();
  });

  it('keeps the embedded database to one opener, and lets the next in once it is closed', async () => {
    const db = await openPglite(folder);
    await expect(openPglite(folder)).rejects.toThrow(inUse('this process', process.pid));
    await db.close();
    const again = await openPglite(folder, 'coral migrate');
    expect(holderIn(locks()[0]!).by).toBe('coral migrate');
    await again.close();
    expect(locks()).toEqual([]);
  }, 60_000);
});
