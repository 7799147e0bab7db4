/**
 * The pure parts of `npm run bench:results`: its options, the traffic it loads, the check of the answer it times,
 * the read times' figures, the target, and its own section of BENCHMARKS.md.
 */
import {parseArgs} from 'node:util';
import {withMarked} from './benchReport.mjs';
import {wholeNumber} from './serverBench.mjs';

export const RESULTS_START =
  "<!-- The results' figures below are written by `npm run bench:results -- --write`: edit the notes around them. -->";
export const RESULTS_END = "<!-- End of the results' figures. -->";

/** The size the target is set at: a busy form's visitor rows. */
export const FULL_EVENTS = 1_000_000;
/** The target, in milliseconds: the first read (which folds) and the p95 of the reads after it. */
export const RESULTS_TARGET_MS = 1000;

/** @typedef {{events: number, reads: number, write: boolean, build: boolean}} ResultsBenchOptions */

/**
 * The command line's options (`--events 1000000`, written with separators or not; `--reads 20`, the reads timed
 * after the first; `--write`; `--no-build` to measure the endpoint already in server/dist).
 * @param {string[]} args
 * @returns {ResultsBenchOptions}
 */
export function parseResultsArgs(args) {
  const {values} = parseArgs({
    args,
    strict: true,
    options: {
      events: {type: 'string', default: String(FULL_EVENTS)},
      reads: {type: 'string', default: '20'},
      write: {type: 'boolean', default: false},
      'no-build': {type: 'boolean', default: false},
    },
  });
  return {
    events: wholeNumber('events', values.events, 100),
    reads: wholeNumber('reads', values.reads, 1),
    write: values.write,
    build: !values['no-build'],
  };
}

/** Of a hundred visitors, how many take each step: every visitor views; the rates make about two rows a visitor. */
export const FUNNEL = {view: 100, start: 60, submit: 25, done: 15};
const ROWS_PER_VISITOR = Object.values(FUNNEL).reduce((sum, each) => sum + each, 0) / 100;

/**
 * The traffic loaded for `events` rows in the last 60 days: that many rows' visitors; a quarter as many again
 * before the 90 days the rows are kept, which the first read folds; and a paid gift for every 50 rows, with one
 * started and never paid for every ten paid.
 * @param {number} events
 */
export function trafficFor(events) {
  const visitors = Math.round(events / ROWS_PER_VISITOR);
  return {visitors, olderVisitors: Math.round(visitors / 4), paidGifts: Math.round(events / 50), unpaidGifts: Math.round(events / 500)};
}

/**
 * @typedef {{visitors: number, starts: number, gifts: number, raisedCents: number}} VariantCounts
 * @typedef {{versions: Array<{version: number, variants: Array<{variant: string} & VariantCounts>}>}} ResultsShape
 */

/**
 * What is wrong with a results answer, against the counts read from the records as loaded: each variant's
 * visitors, starts, gifts and what was raised. Empty when it is right in outline.
 * @param {ResultsShape} answer
 * @param {Record<string, VariantCounts>} expected by variant
 */
export function answerProblems(answer, expected) {
  const version = answer.versions?.[0];
  if (!version) return ['the answer has no version'];
  /** @type {string[]} */
  const problems = [];
  const names = Object.keys(expected);
  const answered = version.variants.map((each) => each.variant);
  if (answered.join() !== names.join()) problems.push(`variants ${answered.join(', ')}, not ${names.join(', ')}`);
  for (const [name, counts] of Object.entries(expected)) {
    const found = version.variants.find((each) => each.variant === name);
    if (!found) continue;
    for (const [field, value] of Object.entries(counts)) {
      const got = found[/** @type {keyof VariantCounts} */ (field)];
      if (got !== value) problems.push(`${name}: ${field} ${got}, not ${value}`);
    }
  }
  return problems;
}

/** @param {number} ms */
const rounded = (ms) => Math.round(ms);

/**
 * The read times' figures: the first read's, and the median, p95 (nearest rank) and slowest of the reads after it.
 * @param {number} first @param {number[]} later
 */
export function readFigures(first, later) {
  if (later.length === 0) throw new Error('the figures need at least one read after the first');
  const sorted = [...later].sort((a, b) => a - b);
  const rank = (/** @type {number} */ share) => sorted[Math.ceil(share * sorted.length) - 1] ?? Number.NaN;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? rank(0.5) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    'first ms': rounded(first),
    'median ms': rounded(median),
    'p95 ms': rounded(rank(0.95)),
    'max ms': rounded(sorted.at(-1) ?? Number.NaN),
  };
}

/**
 * The target on each database and whether this run met it: both the first read and the p95 under it, at a million
 * rows or more.
 * @param {Record<string, ReturnType<typeof readFigures>>} byDatabase
 * @param {number} events
 */
export function resultsTargetRows(byDatabase, events) {
  /** @type {Record<string, Record<string, string | number>>} */
  const rows = {};
  for (const name of ['PGlite', 'Postgres server']) {
    const figures = byDatabase[name];
    const met = !figures
      ? 'not measured: no Postgres server (set TEST_DATABASE_URL)'
      : events < FULL_EVENTS
        ? `not measured: ${events.toLocaleString('en')} rows, not ${FULL_EVENTS.toLocaleString('en')}`
        : figures['first ms'] < RESULTS_TARGET_MS && figures['p95 ms'] < RESULTS_TARGET_MS
          ? 'yes'
          : 'no';
    rows[`first read and p95 < ${RESULTS_TARGET_MS} ms at a million rows, ${name}`] = {
      'first ms': figures ? figures['first ms'] : '–',
      'p95 ms': figures ? figures['p95 ms'] : '–',
      met,
    };
  }
  return rows;
}

/**
 * BENCHMARKS.md with the results' figures replaced between their marks, everything else as it was.
 * @param {string} markdown @param {string} figures
 */
export const withResultsFigures = (markdown, figures) =>
  withMarked(markdown, figures, {start: RESULTS_START, end: RESULTS_END, whose: "the results'"});
