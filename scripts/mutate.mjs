#!/usr/bin/env node
/**
 * `npm run mutate`: Stryker over the decision modules, each mutated against
 * its own fast tests only, one module at a time, and each module's score.
 * Slow on two cores, so not part of `npm test`; incremental, so a second run
 * tests only the mutants whose code or tests changed.
 *
 *   npm run mutate                        every module in scripts/lib/mutation.mjs
 *   npm run mutate -- money donate-form   the modules named
 *   npm run mutate -- --force             test every mutant again, not only what changed
 *   npm run mutate -- --concurrency 2     two test runners (at most two: the machine is shared)
 *   npm run mutate -- --write             also write the scores into BENCHMARKS.md
 *
 * Each module's report is in reports/mutation/<module>/ (mutation.html shows every survivor).
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {Stryker} from '@stryker-mutator/core';
import {FIGURES_MARK} from './lib/benchReport.mjs';
import {
  MUTATION_MODULES,
  mutationRow,
  reportDir,
  scoreText,
  strykerOptions,
  tallyReport,
  TARGET_SCORE,
  testPattern,
  withMutationTable,
} from './lib/mutation.mjs';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    force: {type: 'boolean', default: false},
    concurrency: {type: 'string', default: '1'},
    write: {type: 'boolean', default: false},
  },
});
const FIGURES_FILE = 'BENCHMARKS.md';
const concurrency = Number(values.concurrency);
if (concurrency !== 1 && concurrency !== 2) {
  console.error('--concurrency is 1 or 2: other work shares the machine.');
  process.exit(1);
}
const names = positionals.length > 0 ? positionals : Object.keys(MUTATION_MODULES);
const unknown = names.filter((name) => !(name in MUTATION_MODULES));
if (unknown.length > 0) {
  console.error(`No module ${unknown.join(', ')}: the modules are ${Object.keys(MUTATION_MODULES).join(', ')}.`);
  process.exit(1);
}

/** The test files a pattern names that exist. */
function existing(/** @type {string} */ pattern) {
  const {dir, matches} = testPattern(pattern);
  return existsSync(dir) ? readdirSync(dir).filter(matches) : [];
}

const date = new Date().toISOString().slice(0, 10);
/** @type {Record<string, Record<string, unknown>>} */
const rows = {};
const summary = [];
for (const name of names) {
  const module = MUTATION_MODULES[name];
  if (!module) continue;
  const missing = module.tests.filter((pattern) => existing(pattern).length === 0);
  const present = module.tests.filter((pattern) => !missing.includes(pattern));
  if (present.length > 0 && missing.length > 0)
    console.warn(`${name}: no test file ${missing.join(', ')} yet; its mutants run against the others.`);
  if (present.length === 0) {
    console.error(`${name}: none of its own tests (${missing.join(', ')}) exist yet, so there is nothing to run its mutants against.`);
    summary.push(`${name}: not run (no tests of its own)`);
    process.exitCode = 1;
    continue;
  }
  console.log(`\n▶ ${name}: ${module.mutate.join(', ')} against ${present.join(', ')}`);
  // vitest.mutate.config.mts reads it, in each of Stryker's test runners.
  process.env.CORAL_MUTATE_MODULE = name;
  const started = Date.now();
  await new Stryker(strykerOptions(name, module, {concurrency, force: values.force})).runMutationTest();
  const minutes = (Date.now() - started) / 60_000;
  /** @type {import('./lib/mutation.mjs').StrykerReport} */
  const report = JSON.parse(readFileSync(`${reportDir(name)}/mutation.json`, 'utf8'));
  const {score} = tallyReport(report);
  rows[name] = mutationRow(module, report, date);
  summary.push(`${name}: ${scoreText(score)} of mutants killed, in ${minutes.toFixed(1)} min`);
  if (score === null || score < TARGET_SCORE) process.exitCode = 1;
}

console.log(`\nMutation scores (target: at least ${TARGET_SCORE} % on each module)`);
for (const line of summary) console.log(`  ${line}`);

if (values.write && Object.keys(rows).length > 0) {
  const existingText = existsSync(FIGURES_FILE) ? readFileSync(FIGURES_FILE, 'utf8') : '';
  writeFileSync(FIGURES_FILE, withMutationTable(existingText, rows, FIGURES_MARK));
  console.log(`\nWrote the scores of ${Object.keys(rows).join(', ')} to ${FIGURES_FILE}.`);
}
