#!/usr/bin/env node
/**
 * `npm test`: every check, in order: types, lint, unit tests, one production build,
 * the endpoint's build, then the browser tests against both. Ends with one summary line.
 *
 *   npm test                      everything
 *   npm test -- --reuse-build     skip the build when build/ already exists
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync} from 'node:fs';

const reuseBuild = process.argv.includes('--reuse-build');
const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with \`apt-get install -y chromium\` (Debian package "chromium"), or set CHROME_PATH.`,
  );
  process.exit(1);
}

mkdirSync('test-results', {recursive: true});

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 */
function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit', env: {...process.env, FORCE_COLOR: '0'}});
  return result.status === 0;
}

/**
 * A JSON report, or null when there is none (a step that never ran).
 * @param {string} path
 * @returns {any}
 */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const tally = {passed: 0, failed: 0, skipped: 0};
const failures = [];
/** Each failed test by file and name, with the start of its error, repeated under the summary: a long run's log is often read from its end. */
const failedTests = [];

/**
 * The first lines of a failure's message, indented under its test, without colour codes.
 * @param {unknown} message
 * @returns {string}
 */
function firstLines(message) {
  const text = (typeof message === 'string' ? message : '')
    // eslint-disable-next-line no-control-regex -- colour codes, as a reporter writes them
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .map((line) => `    ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`);
  return text.length ? `\n${text.join('\n')}` : '';
}

/**
 * The failed tests in vitest's JSON report, and any file that failed outside a test (an import, a hook).
 * @param {any} report
 * @returns {string[]}
 */
function failedUnitTests(report) {
  return (report?.testResults ?? []).flatMap((/** @type {any} */ file) => {
    const name = String(file.name).replace(`${process.cwd()}/`, '');
    const tests = (file.assertionResults ?? []).filter((/** @type {any} */ test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${name}: ${String(file.message ?? 'failed').split('\n')[0]}`];
    return tests.map((/** @type {any} */ test) => `${name} › ${test.fullName}${firstLines(test.failureMessages?.[0])}`);
  });
}

/**
 * The failed tests in Playwright's JSON report.
 * @param {any} suite
 * @returns {string[]}
 */
function failedBrowserTests(suite) {
  const here = (suite?.specs ?? []).flatMap((/** @type {any} */ spec) => {
    if (spec.ok) return [];
    const error = (spec.tests ?? [])
      .flatMap((/** @type {any} */ test) => test.results ?? [])
      .find((/** @type {any} */ result) => result.error)?.error;
    return [`${spec.file}:${spec.line} › ${spec.title}${firstLines(error?.message)}`];
  });
  return [...here, ...(suite?.suites ?? []).flatMap(failedBrowserTests)];
}

if (!run('types', 'npx', ['tsc', '-p', '.'])) {
  failures.push('type check');
  tally.failed += 1;
} else {
  tally.passed += 1;
}

if (!run('lint (ESLint, Prettier, Stylelint)', 'npm', ['run', '--silent', 'lint'])) {
  failures.push('lint');
  tally.failed += 1;
} else {
  tally.passed += 1;
}

const unitOk = run('unit tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit.json',
]);
const unit = readJson('test-results/unit.json');
if (unit) {
  tally.passed += unit.numPassedTests;
  tally.failed += unit.numFailedTests;
  tally.skipped += unit.numPendingTests + unit.numTodoTests;
}
if (!unitOk) {
  failures.push('unit tests');
  failedTests.push(...failedUnitTests(unit));
  if (!unit || unit.numFailedTests === 0) tally.failed += 1;
}

let built = reuseBuild && existsSync('build/index.html');
if (!built) {
  built = run('production build (the embed, then the site)', 'npm', ['run', 'build']);
  if (!built) {
    failures.push('production build');
    tally.failed += 1;
  }
}

// The browser tests run the built endpoint (node server/dist/main.mjs), so it is built afresh every time.
const serverBuilt = run('endpoint build (server/dist)', 'npm', ['run', 'server:build']);
if (!serverBuilt) {
  failures.push('endpoint build');
  tally.failed += 1;
}

if (built && serverBuilt) {
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test']);
  const e2e = readJson('test-results/e2e.json');
  if (e2e) {
    tally.passed += e2e.stats.expected + e2e.stats.flaky;
    tally.failed += e2e.stats.unexpected;
    tally.skipped += e2e.stats.skipped;
  }
  if (!e2eOk) {
    failures.push('browser tests');
    failedTests.push(...(e2e?.suites ?? []).flatMap(failedBrowserTests));
    if (!e2e || e2e.stats.unexpected === 0) tally.failed += 1;
  }
}

console.log('');
if (failures.length > 0) {
  for (const test of failedTests) console.log(`✗ ${test}`);
  console.log(`Failed: ${failures.join(', ')}.`);
}
console.log(`total: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
