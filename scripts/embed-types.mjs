/**
 * Writes the embed's types, coral.d.ts, beside coral.js: the elements, their
 * methods and their events (src/embed/public.ts), bundled into one file that
 * imports nothing, then each element's config with every option's
 * description (src/embed/configDeclarations.ts), in the moving folder and in
 * the release's own.
 */
import {execFileSync} from 'node:child_process';
import {appendFileSync, copyFileSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {runnerImport} from 'vite';

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
const {module} = await runnerImport('./src/embed/configDeclarations.ts');
appendFileSync(target, `\n${module.configDeclarations()}`);
copyFileSync(target, join(out, `v${version}`, 'coral.d.ts'));
