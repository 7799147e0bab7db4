#!/usr/bin/env node
/**
 * The npm registry these machines reach does not carry every platform build of
 * some native packages (SWC's macOS, Windows and some Linux ones). npm then leaves
 * them out of package-lock.json, and `npm ci` refuses a lock file that lacks
 * an optional dependency. This adds a lock entry for each missing platform
 * package, marked optional with its os/cpu/libc, so `npm ci` passes here and
 * still installs the right binary on the platforms the registry does carry.
 *
 * Run after `npm install` changes the lock file: node scripts/complete-lockfile.mjs
 */
import {readFileSync, writeFileSync} from 'node:fs';

const PLATFORM = /-(darwin|linux|win32)-(arm64|x64|arm|ppc64|s390x|ia32)(?:-(gnueabihf|gnu|musl|msvc))?$/;

/**
 * @typedef {{os: string[], cpu: string[], libc?: string[]}} Platform
 * @typedef {Partial<Platform> & {version?: string, optional?: boolean, optionalDependencies?: Record<string, string>, [field: string]: unknown}} LockEntry
 * @typedef {{packages: Record<string, LockEntry>, [field: string]: unknown}} Lockfile
 */

/**
 * @param {string} name
 * @returns {Platform | null}
 */
export function platformOf(name) {
  const match = PLATFORM.exec(name);
  if (!match) return null;
  const [, os, cpu, abi] = match;
  if (os === undefined || cpu === undefined) return null;
  /** @type {Platform} */
  const entry = {os: [os], cpu: [cpu]};
  if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
  if (abi === 'musl') entry.libc = ['musl'];
  return entry;
}

/**
 * Adds the missing platform builds to `lock`, and answers their names.
 * @param {Lockfile} lock
 */
export function completeLockfile(lock) {
  const added = [];
  for (const entry of Object.values(lock.packages)) {
    if (!entry.optionalDependencies) continue;
    for (const [name, version] of Object.entries(entry.optionalDependencies)) {
      const key = `node_modules/${name}`;
      const platform = platformOf(name);
      if (lock.packages[key] || !platform) continue;
      lock.packages[key] = {version, ...platform, optional: true};
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  return added;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const added = completeLockfile(lock);
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `Added ${added.length} platform entries: ${added.join(', ')}` : 'Lock file already complete.');
}
