/**
 * The pure parts of `npm run bench:experiments`: its options, the settings it simulates, what it counts of each
 * rule, its tables and targets, and its own section of BENCHMARKS.md.
 */
import {parseArgs} from 'node:util';
import {withMarked} from './benchReport.mjs';
import {wholeNumber} from './serverBench.mjs';

export const EXPERIMENTS_START =
  "<!-- The experiments' figures below are written by `npm run bench:experiments -- --write`: edit the notes around them. -->";
export const EXPERIMENTS_END = "<!-- End of the experiments' figures. -->";

export const FULL_EXPERIMENTS = 2000;
export const QUICK_EXPERIMENTS = 200;

/** The variants (the control included), each one's mean visitors a day, and the true lifts of the last variant. */
export const VARIANT_COUNTS = [2, 6];
export const TRAFFIC = [200, 500, 1000, 2000];
export const LIFTS = [0, 0.05, 0.1, 0.2];
/** The smallest lift worth finding each plan is made for, in percent (plan.ts's default). */
export const PLANNED_LIFT = 10;

/** The targets: false winners in A/A read daily, and power at the planned lift and sample. */
export const TARGETS = {falseWinners: 0.05, power: 0.75};

/** @typedef {{experiments: number, seed: number, weeks: number, write: boolean}} ExperimentsBenchOptions */

/**
 * The command line's options: `--experiments 2000` a setting (`--quick`, 200), `--seed 1`, `--weeks 16`, the most
 * an experiment runs (0: each to its plan's end), and `--write`.
 * @param {string[]} args
 * @returns {ExperimentsBenchOptions}
 */
export function parseExperimentsArgs(args) {
  const {values} = parseArgs({
    args,
    strict: true,
    options: {
      experiments: {type: 'string'},
      quick: {type: 'boolean', default: false},
      seed: {type: 'string', default: '1'},
      weeks: {type: 'string', default: '16'},
      write: {type: 'boolean', default: false},
    },
  });
  if (values.quick && values.experiments !== undefined) throw new Error('--quick sets the experiments: give one or the other');
  return {
    experiments:
      values.experiments === undefined
        ? values.quick
          ? QUICK_EXPERIMENTS
          : FULL_EXPERIMENTS
        : wholeNumber('experiments', values.experiments, 1),
    seed: wholeNumber('seed', values.seed, 0),
    weeks: wholeNumber('weeks', values.weeks, 0),
    write: values.write,
  };
}

/**
 * @typedef {{variants: number, visitorsPerVariant: number, lift: number}} Setting
 * @typedef {{falseWinner: boolean, found: boolean, stoppedOn: number | null}} RuleOutcome
 * @typedef {{plan: {days: number}, days: number, reachedPlan: boolean, rules: RuleOutcome[]}} ExperimentOutcome
 */

/** Every setting of the main run, lift by lift. @returns {Setting[]} */
export function settings() {
  return LIFTS.flatMap((lift) =>
    VARIANT_COUNTS.flatMap((variants) => TRAFFIC.map((visitorsPerVariant) => ({variants, visitorsPerVariant, lift}))),
  );
}

/** "A/A" or "+10 %". @param {number} lift */
export const liftName = (lift) => (lift === 0 ? 'A/A' : `+${Math.round(lift * 100)} %`);

/** "2 variants, 200 a day". @param {Setting} setting */
export const settingName = ({variants, visitorsPerVariant}) => `${variants} variants, ${visitorsPerVariant.toLocaleString('en')} a day`;

/** The middle value, or null of none. @param {number[]} values */
export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? (sorted[Math.floor(middle)] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Wilson's 95 % interval of a share, `count` of `of`.
 * @param {number} count @param {number} of
 */
export function wilson(count, of) {
  if (of === 0) return {low: 0, high: 1};
  const z = 1.959964;
  const share = count / of;
  const middle = (share + (z * z) / (2 * of)) / (1 + (z * z) / of);
  const half = (z / (1 + (z * z) / of)) * Math.sqrt((share * (1 - share)) / of + (z * z) / (4 * of * of));
  return {low: Math.max(0, middle - half), high: Math.min(1, middle + half)};
}

/** "4.3 %". @param {number} share */
export const percent = (share) => `${(share * 100).toFixed(1)} %`;

/**
 * What one rule came to across a setting's experiments: how many named a false winner, found the lifted variant and
 * stopped, the median day of those that stopped, and how many ran their whole plan (their plan within the weeks run,
 * and not stopped before its last day).
 * @param {ExperimentOutcome[]} outcomes @param {number} rule
 */
export function ruleFigures(outcomes, rule) {
  const each = outcomes.map((outcome) => ({outcome, ruled: /** @type {RuleOutcome} */ (outcome.rules[rule])}));
  const stopped = each.flatMap(({ruled}) => (ruled.stoppedOn === null ? [] : [ruled.stoppedOn]));
  return {
    count: outcomes.length,
    falseWinners: each.filter(({ruled}) => ruled.falseWinner).length,
    found: each.filter(({ruled}) => ruled.found).length,
    stopped: stopped.length,
    medianDays: median(stopped),
    wholePlan: each.filter(({outcome, ruled}) => outcome.reachedPlan && (ruled.stoppedOn === null || ruled.stoppedOn >= outcome.plan.days))
      .length,
  };
}

/**
 * One row of a lift's table: the plans' median weeks and the share within the weeks run, then each rule's figures:
 * found and false winners, and for a rule read every day (`daily`) the share that stopped, their median day and the
 * share that ran the whole plan (a rule read once, on the last day, stops on the plans' days).
 * @param {ExperimentOutcome[]} outcomes @param {number} lift @param {{name: string, daily: boolean}[]} rules in order
 * @param {number} weeks 0 for no limit @param {boolean} mixed whether the table has lifts beside A/A, so A/A rows show no find
 */
export function settingRow(outcomes, lift, rules, weeks, mixed = false) {
  const count = outcomes.length;
  const planWeeks = median(outcomes.map((outcome) => outcome.plan.days / 7)) ?? 0;
  /** @type {Record<string, string | number>} */
  const row = {'plan, weeks (median)': Math.round(planWeeks)};
  if (weeks > 0) row[`plan within ${weeks} weeks`] = percent(outcomes.filter((outcome) => outcome.reachedPlan).length / count);
  rules.forEach(({name, daily}, rule) => {
    const figures = ruleFigures(outcomes, rule);
    if (lift > 0 || mixed) row[`${name}: found`] = lift > 0 ? percent(figures.found / count) : '–';
    row[`${name}: false winners`] = percent(figures.falseWinners / count);
    if (!daily) return;
    row[`${name}: stopped`] = percent(figures.stopped / count);
    row[`${name}: days to stop (median)`] = figures.medianDays === null ? '–' : figures.medianDays;
    row[`${name}: whole plan run`] = percent(figures.wholePlan / count);
  });
  return row;
}

/**
 * "4.3 % (3.5–5.3 %)". @param {number} count @param {number} of
 */
const withInterval = (count, of) => {
  const {low, high} = wilson(count, of);
  return `${percent(count / of)} (${(low * 100).toFixed(1)}–${percent(high)})`;
};

/**
 * The targets' rows for the rule shipped (rule 0): false winners at most 5 % in every A/A setting, and power at
 * least 75 % at the planned lift and sample. Met on the figure itself; its 95 % interval beside it.
 * @param {{name: string, outcomes: ExperimentOutcome[], lift: number, wholePlan: boolean}[]} runs
 */
export function targetRows(runs) {
  /** @type {Record<string, Record<string, string>>} */
  const rows = {};
  for (const {name, outcomes, lift, wholePlan} of runs) {
    const {count, falseWinners, found} = ruleFigures(outcomes, 0);
    const plans = wholePlan ? 'to the plan’s end' : 'as run';
    if (lift === 0) {
      rows[`A/A false winners ≤ ${percent(TARGETS.falseWinners)}, ${name}, ${plans}`] = {
        figure: withInterval(falseWinners, count),
        met: falseWinners / count <= TARGETS.falseWinners ? 'yes' : 'no',
      };
    } else if (Math.round(lift * 100) === PLANNED_LIFT && wholePlan) {
      rows[`power ≥ ${percent(TARGETS.power)} at a ${PLANNED_LIFT} % lift, ${name}, at the planned sample`] = {
        figure: withInterval(found, count),
        met: found / count >= TARGETS.power ? 'yes' : 'no',
      };
    }
  }
  return rows;
}

/**
 * BENCHMARKS.md with the experiments' figures replaced between their marks, everything else as it was.
 * @param {string} markdown @param {string} figures
 */
export function withExperimentsFigures(markdown, figures) {
  return withMarked(markdown, figures, {start: EXPERIMENTS_START, end: EXPERIMENTS_END, whose: "the experiments' figures'"});
}
