#!/usr/bin/env node
/**
 * `npm run bench`: figures for the current checkout, printed as tables.
 * Times are medians of several runs and are never asserted by tests.
 *
 *   npm run bench                 cold and cached builds, then page weights
 *   npm run bench -- --runs 5     more cached builds
 *   npm run bench -- --no-build   page weights of the existing build only
 */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {chromium} from 'playwright-core';
import {createSiteServer} from './serve.mjs';
import {kb, measurePage} from './lib/pageWeight.mjs';

const {values} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    'no-build': {type: 'boolean', default: false},
  },
});
const runs = Math.max(1, Number(values.runs));
const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error('Chromium not found: install it with `apt-get install -y chromium`, or set CHROME_PATH.');
  process.exit(1);
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs a production build under GNU time: wall seconds and peak resident memory. */
function timedBuild() {
  const result = spawnSync('/usr/bin/time', ['-f', 'CORAL_TIME %e %M', 'npx', 'docusaurus', 'build'], {
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0'},
  });
  const match = /CORAL_TIME ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) {
    console.error(result.stdout, result.stderr);
    throw new Error('The production build failed; fix it before benchmarking.');
  }
  return {seconds: Number(match[1]), peakMb: Number(match[2]) / 1024};
}

if (!values['no-build']) {
  console.log(`Production build (${runs} cold, ${runs} cached; median)`);
  const cold = [];
  const cached = [];
  for (let i = 0; i < runs; i += 1) {
    spawnSync('npx', ['docusaurus', 'clear'], {stdio: 'ignore'});
    cold.push(timedBuild());
  }
  for (let i = 0; i < runs; i += 1) {
    cached.push(timedBuild());
  }
  console.table({
    cold: {seconds: median(cold.map((r) => r.seconds)), 'peak MB': Math.round(median(cold.map((r) => r.peakMb)))},
    cached: {seconds: median(cached.map((r) => r.seconds)), 'peak MB': Math.round(median(cached.map((r) => r.peakMb)))},
  });
}

if (!existsSync('build/index.html')) {
  console.error('No build/: run `npm run build` first.');
  process.exit(1);
}

const PAGES = {home: '/gpap-coral/', doc: '/gpap-coral/docs/intro', blog: '/gpap-coral/blog/launch'};
const server = createSiteServer({dir: 'build'});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const rows = {};
  for (const [name, path] of Object.entries(PAGES)) {
    const weight = await measurePage(browser, origin + path);
    rows[name] = {
      'JS files': weight.js.count,
      'JS raw': kb(weight.js.raw),
      'JS gzip': kb(weight.js.gzip),
      'CSS raw': kb(weight.css.raw),
      'CSS gzip': kb(weight.css.gzip),
    };
  }
  console.log('\nWhat a reader downloads to open a page (JS and CSS, route chunks included)');
  console.table(rows);
} finally {
  await browser.close();
  server.close();
}
