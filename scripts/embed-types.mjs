/**
 * Writes the embed's types, coral.d.ts, beside coral.js: the elements, their
 * methods and their events (src/embed/public.ts), bundled into one file that
 * imports nothing, in the moving folder and in the release's own.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

const out = process.env.CORAL_EMBED_OUT ?? '.embed/coral';
const {version} = JSON.parse(readFileSync('package.json', 'utf8'));
const target = join(out, 'coral.d.ts');
const bin = join('node_modules', '.bin', process.platform === 'win32' ? 'dts-bundle-generator.cmd' : 'dts-bundle-generator');
execFileSync(
  bin,
  [
    '--silent',
    '--no-banner',
    '--no-check',
    '--inline-declare-global',
    '--export-referenced-types',
    'false',
    '-o',
    target,
    'src/embed/public.ts',
  ],
  {
    stdio: 'inherit',
  },
);
copyFileSync(target, join(out, `v${version}`, 'coral.d.ts'));
