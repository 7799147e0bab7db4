import {describe, expect, it} from 'vitest';
import {completeLockfile, platformOf} from './complete-lockfile.mjs';

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', {os: ['darwin'], cpu: ['arm64']}],
    ['@swc/core-linux-x64-gnu', {os: ['linux'], cpu: ['x64'], libc: ['glibc']}],
    ['@swc/html-linux-arm64-musl', {os: ['linux'], cpu: ['arm64'], libc: ['musl']}],
    ['@swc/core-win32-ia32-msvc', {os: ['win32'], cpu: ['ia32']}],
  ])('reads %s', (name, expected) => {
    expect(platformOf(name)).toEqual(expected);
  });

  it('ignores a package that is not a platform build', () => {
    expect(platformOf('@swc/helpers')).toBeNull();
  });
});

describe('completeLockfile', () => {
  it('adds only the missing platform builds, as optional entries', () => {
    /** @type {import('./complete-lockfile.mjs').Lockfile} */
    const lock = {
      packages: {
        '': {name: 'site'},
        'node_modules/@swc/core': {
          version: '1.0.0',
          optionalDependencies: {'@swc/core-linux-x64-gnu': '1.0.0', '@swc/core-darwin-x64': '1.0.0', '@swc/helpers': '1.0.0'},
        },
        'node_modules/@swc/core-linux-x64-gnu': {version: '1.0.0', os: ['linux'], cpu: ['x64'], optional: true, integrity: 'sha512-x'},
      },
    };
    expect(completeLockfile(lock)).toEqual(['@swc/core-darwin-x64@1.0.0']);
    expect(lock.packages['node_modules/@swc/core-darwin-x64']).toEqual({version: '1.0.0', os: ['darwin'], cpu: ['x64'], optional: true});
    expect(lock.packages['node_modules/@swc/core-linux-x64-gnu']?.integrity).toBe('sha512-x');
    expect(lock.packages['node_modules/@swc/helpers']).toBeUndefined();
    expect(Object.keys(lock.packages)[0]).toBe('');
  });
});
