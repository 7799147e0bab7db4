#!/usr/bin/env node
/**
 * `npm run bench`: figures for the current checkout, printed as tables.
 * Times are medians of several runs and are never asserted by tests.
 *
 *   npm run bench                      everything below
 *   npm run bench -- --runs 5          more runs of each measurement
 *   npm run bench -- --no-build        measure the existing build; skip the build timings
 *   npm run bench -- --no-lighthouse   skip the Lighthouse runs (the slowest part)
 *   npm run bench -- --write           also write the figures into BENCHMARKS.md, below its notes
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {chromium} from 'playwright-core';
import {createSiteServer, listenLocally} from './serve.mjs';
import {CHROMIUM_FLAGS, findChromium} from './lib/chromium.mjs';
import {createReport, withFigures} from './lib/benchReport.mjs';
import {EMBED_BUDGET_GZIP, FIRST_FORM_BUDGET_GZIP, embedSizes, kib} from './lib/embedSize.mjs';
import {formHeights, PHONE} from './lib/formHeights.mjs';
import {lighthouseRun} from './lib/lighthouse.mjs';
import {FORM_SHOWN, kb, measurePage} from './lib/pageWeight.mjs';

const {values} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    'no-build': {type: 'boolean', default: false},
    'no-lighthouse': {type: 'boolean', default: false},
    write: {type: 'boolean', default: false},
  },
});
const FIGURES_FILE = 'BENCHMARKS.md';
const report = createReport();
const runs = Math.max(1, Number(values.runs));
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('Chromium not found: install it with `apt-get install -y chromium`, or set CHROME_PATH.');
  process.exit(1);
}

/** @param {number[]} numbers */
const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid];
  if (upper === undefined) throw new Error('no figures to take the median of');
  const lower = sorted[mid - 1];
  return sorted.length % 2 === 1 || lower === undefined ? upper : (lower + upper) / 2;
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

// The docs build copies the embed in from .embed/; build it first, as `npm run build` does.
if (!values['no-build'] || !existsSync('.embed/coral/coral.js')) {
  if (spawnSync('npm', ['run', 'build:embed'], {stdio: 'ignore'}).status !== 0) throw new Error('The embed build failed.');
}

if (!values['no-build']) {
  const cold = [];
  const cached = [];
  for (let i = 0; i < runs; i += 1) {
    spawnSync('npx', ['docusaurus', 'clear'], {stdio: 'ignore'});
    cold.push(timedBuild());
  }
  for (let i = 0; i < runs; i += 1) {
    cached.push(timedBuild());
  }
  report.table(`Production build (${runs} cold, ${runs} cached; median)`, {
    cold: {seconds: median(cold.map((r) => r.seconds)), 'peak MB': Math.round(median(cold.map((r) => r.peakMb)))},
    cached: {seconds: median(cached.map((r) => r.seconds)), 'peak MB': Math.round(median(cached.map((r) => r.peakMb)))},
  });
}

if (!existsSync('build/index.html')) {
  console.error('No build/: run `npm run build` first.');
  process.exit(1);
}

const PAGES = {
  home: '/gpap-coral/',
  doc: '/gpap-coral/docs/intro',
  demo: '/gpap-coral/demos/donate-form-medium',
  blog: '/gpap-coral/blog/launch',
};
const server = createSiteServer({dir: 'build'});
const origin = await listenLocally(server);
const browser = await chromium.launch({executablePath: chromiumPath, args: CHROMIUM_FLAGS});
try {
  /** @type {Record<string, Record<string, number | string>>} */
  const rows = {};
  for (const [name, path] of Object.entries(PAGES)) {
    const weight = await measurePage(browser, origin + path, name === 'demo' ? {ready: FORM_SHOWN} : {});
    rows[name] = {
      'JS files': weight.js.count,
      'JS raw': kb(weight.js.raw),
      'JS gzip': kb(weight.js.gzip),
      'CSS raw': kb(weight.css.raw),
      'CSS gzip': kb(weight.css.gzip),
    };
  }
  report.table('What a reader downloads to open a page (JS and CSS, route chunks included)', rows);

  const embed = embedSizes('build/coral');
  /** @type {Record<string, import('./lib/embedSize.mjs').Weight>} */
  const embedRows = {'first script (with its static imports)': embed.first};
  for (const [tag, sizes] of Object.entries(embed.components)) embedRows[`<${tag}> on demand`] = sizes;
  for (const [tag, sizes] of Object.entries(embed.firstForms))
    embedRows[`first <${tag}> (first script, its chunk and their static imports)`] = sizes;
  embedRows['a form read by its id (besides its element’s code on demand)'] = embed.published;
  embedRows['its visitor’s id, variant and events (beside the read)'] = embed.visits;
  report.table(
    `The embed (budget: ${kib(EMBED_BUDGET_GZIP)} gzip each; a first donate form: ${kib(FIRST_FORM_BUDGET_GZIP)})`,
    Object.fromEntries(
      Object.entries(embedRows).map(([name, sizes]) => [name, {files: sizes.files.length, raw: kib(sizes.raw), gzip: kib(sizes.gzip)}]),
    ),
  );

  const clicks = [];
  for (let i = 0; i < Math.max(runs, 5); i += 1) clicks.push(await timeToFirstClick(browser, origin + PAGES.demo));
  report.line(`Time until the demo form takes a click (median of ${clicks.length}): ${Math.round(median(clicks))} ms`);

  // Layout, not time: the same on every run, so measured once.
  report.table(
    `Form heights at ${PHONE.width} px (a ${PHONE.width} × ${PHONE.height} viewport; CSS pixels from the top of the page)`,
    await formHeights(browser, origin),
  );
} finally {
  await browser.close();
}

if (!values['no-lighthouse']) {
  try {
    /** @type {Record<string, Record<string, number | string>>} */
    const table = {};
    /** @type {number[]} */
    const speeds = [];
    /** @type {Set<string>} */
    const warnings = new Set();
    for (const [name, path] of Object.entries(PAGES)) {
      if (name === 'blog') continue;
      for (const mode of /** @type {const} */ (['mobile', 'desktop'])) {
        /** @type {Awaited<ReturnType<typeof lighthouseRun>>[]} */
        const results = [];
        for (let i = 0; i < runs; i += 1)
          results.push(await lighthouseRun(origin + path, mode, {chromePath: chromiumPath, flags: CHROMIUM_FLAGS}));
        for (const result of results) {
          speeds.push(result.benchmarkIndex);
          for (const warning of result.warnings) warnings.add(warning);
        }
        /** @param {'performance' | 'accessibility' | 'bestPractices' | 'lcp' | 'tbt' | 'cls'} key */
        const mid = (key) => median(results.map((r) => r[key]));
        table[`${name} ${mode}`] = {
          performance: mid('performance').toFixed(2),
          accessibility: mid('accessibility').toFixed(2),
          'best practices': mid('bestPractices').toFixed(2),
          'LCP ms': Math.round(mid('lcp')),
          'TBT ms': Math.round(mid('tbt')),
          CLS: mid('cls').toFixed(3),
        };
      }
    }
    report.table(`Lighthouse (median of ${runs}; served gzip-compressed, as GitHub Pages does)`, table);
    // Scores follow the host's speed; this is the figure to compare before comparing scores between machines.
    report.line(`Lighthouse's measure of this machine's speed (benchmarkIndex, median): ${Math.round(median(speeds))}`);
    for (const warning of warnings) report.line(`Lighthouse warns: ${warning}`);
  } finally {
    server.close();
  }
} else {
  server.close();
}

if (values.write) {
  const skipped = [values['no-build'] && 'the build timings', values['no-lighthouse'] && 'Lighthouse'].filter(Boolean);
  const heading = [
    `## Figures of the last run`,
    `\`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`, ${new Date().toISOString().slice(0, 10)}, ` +
      `Node.js ${process.version}, ${runs} run${runs === 1 ? '' : 's'} of each timing` +
      (skipped.length ? `; left out: ${skipped.join(' and ')}.` : '.'),
  ].join('\n\n');
  const existing = existsSync(FIGURES_FILE) ? readFileSync(FIGURES_FILE, 'utf8') : '';
  writeFileSync(FIGURES_FILE, withFigures(existing, report.markdown(heading)));
  console.log(`\nWrote the figures to ${FIGURES_FILE}.`);
}

/**
 * Milliseconds from asking for the page until a click on a dollar handle
 * changes the form: clicks are tried every few milliseconds from the start,
 * so the figure includes loading, hydration and the form's own code.
 */
/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} pageUrl
 */
async function timeToFirstClick(browser, pageUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(pageUrl, {waitUntil: 'commit'});
  const form = page.locator('form#donate');
  for (;;) {
    await form
      .getByRole('radio', {name: '$120'})
      .click({timeout: 20, force: true})
      .catch(() => {});
    const done = await form
      .getByRole('button', {name: 'Give $120'})
      .isVisible()
      .catch(() => false);
    if (done) break;
    if (Date.now() - started > 30_000) throw new Error('the demo form never took a click');
  }
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}
