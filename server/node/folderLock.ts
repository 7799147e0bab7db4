/**
 * One process at a time in the embedded database's folder: PGlite takes no lock of its own, and two processes
 * writing one folder lose records. The holder is named in a lock file in the folder, made with an atomic create
 * (`wx`), so of two processes starting at once one gets it; a lock whose holder is gone (killed, or its pid now
 * another program's) is taken over.
 *
 * The lock files are numbered, `coral.lock.1`, `coral.lock.2`…: a process taking over a stale one creates the next
 * number, so two taking over the same stale lock cannot both win. After creating its file a process looks again,
 * and gives way to any other living holder it finds, so a slow process never shares the folder with a fast one.
 */
import {closeSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {CannotOpen} from '../db';

type Holder = {pid: number; started: string | null; by: string};
type LockFile = {file: string; number: number};

const LOCK = /^coral\.lock\.(\d+)$/;
/** A lock file is written as soon as it is made: one still unreadable after this long was left by a process that died then. */
const BEING_WRITTEN_MS = 1_000;

/** The folders this process holds, and the lock file of each: let go on a clean exit, however it comes. */
const held = new Map<string, string>();
process.on('exit', () => [...held.keys()].forEach(release));

/**
 * What tells one process from another that later gets its pid: when it started (clock ticks since boot, from
 * /proc), and which boot that was. Null where there is no /proc (macOS), and there the pid alone is trusted.
 */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which sits in parentheses and may hold spaces; the start time is field 22.
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return started ? `${boot}/${started}` : null;
  } catch {
    return null;
  }
}

/** Whether the holder named in a lock is still running. */
function isAlive(holder: Holder): boolean {
  // This process holds no lock it has not noted: a lock with its pid was left by an earlier one, as in a restarted container.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startOf(holder.pid);
  return started === null || holder.started === null || started === holder.started;
}

function parse(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (!Number.isSafeInteger(value.pid) || value.pid! <= 0) return null;
    return {pid: value.pid!, started: typeof value.started === 'string' ? value.started : null, by: String(value.by ?? 'another process')};
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Who holds a lock file: 'gone' when it was deleted meanwhile, null when its writer died before writing it. */
async function holderOf(folder: string, lock: LockFile): Promise<Holder | 'gone' | null> {
  for (let waited = 0; ; waited += 50) {
    let text: string;
    try {
      text = readFileSync(join(folder, lock.file), 'utf8');
    } catch {
      return 'gone';
    }
    const holder = parse(text);
    if (holder !== null || waited >= BEING_WRITTEN_MS) return holder;
    await sleep(50);
  }
}

function locksIn(folder: string): LockFile[] {
  return readdirSync(folder)
    .flatMap((file) => {
      const match = LOCK.exec(file);
      return match ? [{file, number: Number(match[1])}] : [];
    })
    .sort((a, b) => a.number - b.number);
}

function remove(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** The line an operator reads, naming the folder and the process holding it. */
const inUse = (folder: string, holder: Holder) =>
  new CannotOpen(
    `the embedded database in ${folder} is in use by ${holder.by} (pid ${holder.pid}): stop that process first, or set CORAL_DATA_DIR to another folder`,
  );

/** The living holder among the locks other than `mine`, if any. */
async function rivalOf(folder: string, mine: string): Promise<Holder | null> {
  for (const lock of locksIn(folder)) {
    if (lock.file === mine) continue;
    const holder = await holderOf(folder, lock);
    if (holder !== 'gone' && holder !== null && isAlive(holder)) return holder;
  }
  return null;
}

/** What a lock file holds: the process, when it started, and what it is. */
export const lockRecord = (pid: number, by: string) => `${JSON.stringify({pid, started: startOf(pid), by} satisfies Holder)}\n`;

/** Makes the lock file `file`, naming this process; false when another process made it first. */
function create(folder: string, file: string, by: string): boolean {
  let fd: number;
  try {
    fd = openSync(join(folder, file), 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, lockRecord(process.pid, by));
  } catch (error) {
    remove(join(folder, file));
    throw error;
  } finally {
    closeSync(fd);
  }
  return true;
}

async function take(folder: string, by: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const newest = locksIn(folder).at(-1);
    if (newest) {
      const holder = await holderOf(folder, newest);
      if (holder === 'gone') continue;
      if (holder !== null && isAlive(holder)) throw inUse(folder, holder);
    }
    const file = `coral.lock.${(newest?.number ?? 0) + 1}`;
    // Another process made this number first: look at it.
    if (!create(folder, file, by)) continue;
    const rival = await rivalOf(folder, file);
    if (rival !== null) {
      remove(join(folder, file));
      throw inUse(folder, rival);
    }
    // The stale ones: no living process names them, and none takes a number lower than the newest it saw.
    for (const lock of locksIn(folder)) if (lock.file !== file) remove(join(folder, lock.file));
    return file;
  }
  throw new CannotOpen(`the embedded database in ${folder} could not be locked: its lock files kept changing; try again`);
}

/**
 * Takes the folder for this process, `by` naming it in the refusal another would get ("coral endpoint"). Throws
 * CannotOpen, naming the holder, when a living process has it. Answers the release, which a clean exit runs too.
 */
export async function lockFolder(dataDir: string, by: string): Promise<() => void> {
  const folder = resolve(dataDir);
  if (held.has(folder)) throw inUse(folder, {pid: process.pid, started: null, by: 'this process'});
  // Noted before the first wait, so a second open in this process is refused rather than raced.
  held.set(folder, '');
  try {
    held.set(folder, await take(folder, by));
  } catch (error) {
    held.delete(folder);
    throw error;
  }
  return () => release(folder);
}

/** Lets the folder go, deleting the lock file only while it still names this process. */
function release(folder: string) {
  const file = held.get(folder);
  if (!file) return;
  held.delete(folder);
  const path = join(folder, file);
  try {
    if (parse(readFileSync(path, 'utf8'))?.pid === process.pid) unlinkSync(path);
  } catch {
    // Already gone.
  }
}
