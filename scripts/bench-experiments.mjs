#!/usr/bin/env node
/**
 * `npm run bench:experiments`: how often the results name a false winner, and how often they find a true one, with
 * donate-form experiments simulated against a known truth (server/testing/experiments.ts) and read every morning by
 * the endpoint's own rule (server/results/verdict.ts's `analyse`, its plan from plan.ts), beside a fixed-horizon test
 * read once and the rule the results used before (server/testing/previousRule.ts). Figures are printed as tables and
 * never asserted by tests (server/results/simulation.test.ts asserts a small case).
 *
 *   npm run bench:experiments                        2,000 experiments a setting, each for its plan or 16 weeks
 *   npm run bench:experiments -- --quick             200 a setting
 *   npm run bench:experiments -- --experiments 500   any number
 *   npm run bench:experiments -- --weeks 0           each to its plan's end, however long
 *   npm run bench:experiments -- --seed 7            other experiments
 *   npm run bench:experiments -- --write             also write the figures into BENCHMARKS.md, between their marks
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import {join} from 'node:path';
import {runnerImport} from 'vite';
import {ROOT} from './lib/benchEndpoint.mjs';
import {createReport} from './lib/benchReport.mjs';
import {
  PLANNED_LIFT,
  liftName,
  parseExperimentsArgs,
  settingName,
  settingRow,
  settings,
  targetRows,
  withExperimentsFigures,
} from './lib/experimentsBench.mjs';
import {optionsOrExit} from './lib/serverBench.mjs';

const options = optionsOrExit('bench:experiments', parseExperimentsArgs);
const started = {at: new Date(), load: loadavg()[0] ?? 0, cores: cpus().length, ms: performance.now()};

// The verdict's sentence makes its number formats anew on every reading, which is most of what a reading costs here,
// millions of times over; a format made once answers the same, so each is made once.
const NumberFormat = Intl.NumberFormat;
/** @type {Map<string, Intl.NumberFormat>} */
const formats = new Map();
Intl.NumberFormat = /** @type {typeof Intl.NumberFormat} */ (
  /** @type {unknown} */ (
    /** @param {string | undefined} locale @param {Intl.NumberFormatOptions | undefined} settings */
    function cachedNumberFormat(locale, settings) {
      const key = JSON.stringify([locale, settings]);
      const made = formats.get(key) ?? new NumberFormat(locale, settings);
      formats.set(key, made);
      return made;
    }
  )
);

/** @param {string} path */
const load = async (path) => (await runnerImport(join(ROOT, path), {configFile: false, logLevel: 'error'})).module;
/**
 * @typedef {[typeof import('../server/results/verdict'), typeof import('../server/results/plan'),
 *   typeof import('../server/results/read'), typeof import('../server/testing/experiments'),
 *   typeof import('../server/testing/previousRule')]} Modules
 */
const [{analyse}, {makePlan}, {REGULAR_VALUE, CAP_QUANTILE}, simulator, {previousRule, previousRuleLeaderKept}] = /** @type {Modules} */ (
  await Promise.all(
    [
      'server/results/verdict.ts',
      'server/results/plan.ts',
      'server/results/read.ts',
      'server/testing/experiments.ts',
      'server/testing/previousRule.ts',
    ].map(load),
  )
);

const rules = [
  simulator.shippedRule('shipped', (reading, capCents) => analyse(reading, {locale: 'en', currency: 'usd', capCents})),
  simulator.fixedHorizon,
  previousRule,
  previousRuleLeaderKept,
];
/** The columns of each rule: days and whole plans for those read every day, but the one that only shows the leader kept. */
const ruleColumns = rules.map((rule) => ({name: rule.name, daily: rule.once !== true && rule !== previousRuleLeaderKept}));
const valuing = {monthly: REGULAR_VALUE.monthly, capQuantile: CAP_QUANTILE};

/**
 * A setting's experiments, each from its own seed, so that any one can be run again alone.
 * @param {import('../server/testing/experiments').Setting} setting @param {number} maxDays @param {number} pass
 */
function runSetting(setting, maxDays, pass) {
  const simulation = {
    valuing,
    rules,
    maxDays,
    /** @param {import('../server/testing/experiments').History} history */
    plan: (history) => makePlan('revenue-per-visitor', simulator.variantsOf(setting), PLANNED_LIFT, history),
  };
  const began = performance.now();
  const outcomes = Array.from({length: options.experiments}, (_, i) =>
    simulator.runExperiment(
      setting,
      simulation,
      simulator.seededRandom(options.seed, pass, setting.variants, setting.visitorsPerVariant, Math.round(setting.lift * 100), i),
    ),
  );
  const seconds = (performance.now() - began) / 1000;
  console.error(`${liftName(setting.lift)}, ${settingName(setting)}: ${options.experiments} experiments in ${seconds.toFixed(1)} s`);
  return outcomes;
}

const maxDays = options.weeks === 0 ? Infinity : options.weeks * 7;
const main = settings().map((setting) => ({setting, outcomes: runSetting(setting, maxDays, 0)}));
// With the weeks limited, the targets' planned sample is reached in a pass of its own, at the traffic that reaches
// it soonest; the sample, not the days, is what the power at the plan depends on.
const toPlan =
  options.weeks === 0
    ? []
    : [2, 6].flatMap((variants) =>
        [0, PLANNED_LIFT / 100].map((lift) => {
          const setting = {variants, visitorsPerVariant: 2000, lift};
          return {setting, outcomes: runSetting(setting, Infinity, 1)};
        }),
      );
const minutes = (performance.now() - started.ms) / 60_000;

const report = createReport();
const limit = options.weeks === 0 ? 'each to its plan’s end' : `each for its plan’s days or ${options.weeks} weeks, whichever is fewer`;
report.line(
  `\`npm run bench:experiments -- --experiments ${options.experiments} --seed ${options.seed} --weeks ${options.weeks}\`, ` +
    `${started.at.toISOString().slice(0, 10)}, Node.js ${process.version}, ${started.cores} cores, load average ` +
    `${started.load.toFixed(2)} at the start, ${minutes.toFixed(1)} minutes in all. ${options.experiments.toLocaleString('en')} ` +
    `experiments a setting, read every morning, ${limit}; a plan for a ${PLANNED_LIFT} % lift from 28 days of history. ` +
    'Found: the lifted variant named better when the rule stopped, or on the last day. False winners: a variant of no ' +
    'true lift named better or worse than the control (or the lifted one worse) on any day. Stopped: on any decision ' +
    '(the shipped rule’s alike and no difference found too); days to stop: the median of those that stopped. Whole plan run: the plan within the weeks run, and not stopped before it ended. ' +
    'Shipped: server/results/verdict.ts. Fixed horizon: a z-test on the last day at α/(k − 1). Previous: the rule used ' +
    'before, naming a winner at a 95 % chance to be best; previous, leader kept: also naming the variant ahead when it ' +
    'stops as too close to matter, as staff would keep it.',
);
for (const lift of [...new Set(main.map(({setting}) => setting.lift))]) {
  /** @type {Record<string, Record<string, string | number>>} */
  const rows = {};
  for (const {setting, outcomes} of main.filter((run) => run.setting.lift === lift)) {
    rows[settingName(setting)] = settingRow(outcomes, lift, ruleColumns, options.weeks);
  }
  const title =
    lift === 0
      ? 'A/A: no variant differs'
      : `${liftName(lift)}: the last variant gives ${Math.round(lift * 100)} % more often, so raises ${Math.round(lift * 100)} % more per visitor`;
  report.table(title, rows);
}
if (toPlan.length > 0) {
  /** @type {Record<string, Record<string, string | number>>} */
  const rows = {};
  for (const {setting, outcomes} of toPlan) {
    rows[`${settingName(setting)}, ${liftName(setting.lift)}`] = settingRow(outcomes, setting.lift, ruleColumns, 0, true);
  }
  report.table('To the plan’s end, however long', rows);
}
report.table(
  'Targets, for the rule shipped',
  targetRows([
    ...main.map(({setting, outcomes}) => ({name: settingName(setting), outcomes, lift: setting.lift, wholePlan: options.weeks === 0})),
    ...toPlan.map(({setting, outcomes}) => ({name: settingName(setting), outcomes, lift: setting.lift, wholePlan: true})),
  ]),
);

if (options.write) {
  const file = join(ROOT, 'BENCHMARKS.md');
  writeFileSync(file, withExperimentsFigures(readFileSync(file, 'utf8'), report.markdown("### The experiments' figures of the last run")));
  console.log(`\nWrote the figures into ${file}.`);
}
