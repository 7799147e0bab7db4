/**
 * What `npm run mutate` mutates, against which tests, and how a run's Stryker
 * report becomes a row of the table in BENCHMARKS.md.
 */
import {markdownTable} from './benchReport.mjs';

/**
 * The decision modules: the files Stryker mutates, and the module's own fast
 * tests (pure, no database, no stand-in), the only ones run against them.
 * A test file listed here but not written yet is left out of the run, and
 * said so.
 * @type {Record<string, {mutate: string[]; tests: string[]}>}
 */
export const MUTATION_MODULES = {
  money: {
    mutate: ['src/coral/shared/money/money.ts', 'src/coral/shared/money/frequency.ts', 'src/coral/shared/money/upgrade.ts'],
    tests: ['src/coral/shared/money/*.test.ts'],
  },
  'donate-form': {
    mutate: ['src/coral/donate-form/derive.ts', 'src/coral/donate-form/rules.ts', 'src/coral/donate-form/keepCard.ts'],
    tests: [
      'src/coral/donate-form/derive.test.ts',
      'src/coral/donate-form/rules.test.ts',
      'src/coral/donate-form/keepCard.test.ts',
      'src/coral/donate-form/machine*.test.ts',
    ],
  },
  // The doorway's screen decides which values are read for card data and refuses control characters; cardData.ts finds the numbers.
  'card-data': {
    mutate: ['server/http/cardData.ts', 'server/http/screen.ts'],
    tests: ['server/http/cardData.test.ts', 'server/http/screen.test.ts'],
  },
  // What the guard decides without its store: the client's address and bucket, the limits, the rate window and the breaker's threshold.
  guard: {
    mutate: ['server/http/address.ts', 'server/guard/settings.ts', 'server/guard/arithmetic.ts'],
    tests: ['server/http/address.test.ts', 'server/guard/settings.test.ts', 'server/guard/arithmetic.test.ts', 'server/guard/docs.test.ts'],
  },
  // The checks' own tests; gifts.test.ts goes through the endpoint and the Stripe stand-in, too slow to run per mutant.
  'gift-signature': {
    mutate: ['server/gifts/gift.ts', 'server/signatures/signature.ts'],
    tests: ['server/gifts/gift.test.ts', 'server/signatures/signature.test.ts'],
  },
  // The same for webhooks.ts (webhooks.test.ts sends signed events through the endpoint): what an event means goes in webhookOutcomes.test.ts.
  webhooks: {
    mutate: ['server/gifts/webhooks.ts'],
    tests: ['server/gifts/webhookOutcomes.test.ts'],
  },
  // Whether a published version still takes gifts and signatures; versions.test.ts goes through the endpoint and its database.
  versions: {
    mutate: ['server/forms/standing.ts'],
    tests: ['server/forms/standing.test.ts'],
  },
  // What retention makes of a gift with no outcome here, by its Stripe object's status; the runs themselves are in retention*.test.ts.
  retention: {
    mutate: ['server/supporters/stripeState.ts'],
    tests: ['server/supporters/stripeState.test.ts'],
  },
};

/**
 * A test pattern as a folder and a test of a file's name in it: the pattern's
 * `*` stands for any part of the name, in its last segment only.
 * @param {string} pattern
 */
export function testPattern(pattern) {
  const slash = pattern.lastIndexOf('/');
  const name = pattern
    .slice(slash + 1)
    .replaceAll('.', '\\.')
    .replaceAll('*', '[^/]*');
  return {dir: pattern.slice(0, slash), matches: (/** @type {string} */ file) => new RegExp(`^${name}$`).test(file)};
}

/** At least this share of mutants killed, on each module. */
export const TARGET_SCORE = 90;

/** Where each module's reports and incremental file go: under reports/, which git ignores. */
export const reportDir = (/** @type {string} */ name) => `reports/mutation/${name}`;

/**
 * Stryker's options for one module. Incremental: a second run tests only the
 * mutants whose code or covering tests changed since the last one.
 * @param {string} name
 * @param {{mutate: string[]}} module
 * @param {{concurrency: number; force: boolean}} run
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerOptions(name, module, {concurrency, force}) {
  const dir = reportDir(name);
  return {
    testRunner: 'vitest',
    vitest: {configFile: 'vitest.mutate.config.mts'},
    mutate: module.mutate,
    coverageAnalysis: 'perTest',
    concurrency,
    incremental: true,
    incrementalFile: `${dir}/incremental.json`,
    force,
    reporters: ['progress-append-only', 'clear-text', 'json', 'html'],
    jsonReporter: {fileName: `${dir}/mutation.json`},
    htmlReporter: {fileName: `${dir}/mutation.html`},
    clearTextReporter: {allowEmojis: false, logTests: false},
    thresholds: {high: TARGET_SCORE, low: 80, break: null},
    // The sandbox needs only the code, the tests, their config and the docs some tests read: not the images or a build.
    ignorePatterns: [
      '/*',
      '!/src',
      '!/server',
      '!/scripts',
      '!/docs',
      '!/package.json',
      '!/tsconfig.json',
      '!/vitest.mutate.config.mts',
      '/server/dist',
    ],
  };
}

/**
 * @typedef {{killed: number; survived: number; timedOut: number; noCoverage: number; ignored: number; errors: number}} Tally
 * @typedef {{files: Record<string, {mutants: {status: string}[]}>; framework?: {version?: string}}} StrykerReport
 */

/**
 * Counts a Stryker JSON report's mutants by status. The score is Stryker's:
 * killed and timed out over all but the ignored and those that did not
 * compile or run; null when there is nothing to score.
 * @param {StrykerReport} report
 * @returns {Tally & {score: number | null}}
 */
export function tallyReport(report) {
  /** @type {Tally} */
  const tally = {killed: 0, survived: 0, timedOut: 0, noCoverage: 0, ignored: 0, errors: 0};
  /** @type {Record<string, keyof Tally>} */
  const byStatus = {
    Killed: 'killed',
    Survived: 'survived',
    Timeout: 'timedOut',
    NoCoverage: 'noCoverage',
    Ignored: 'ignored',
    CompileError: 'errors',
    RuntimeError: 'errors',
  };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      const key = byStatus[mutant.status];
      if (key === undefined) throw new Error(`a mutant with a status the table does not know: ${mutant.status}`);
      tally[key] += 1;
    }
  }
  const detected = tally.killed + tally.timedOut;
  const valid = detected + tally.survived + tally.noCoverage;
  return {...tally, score: valid === 0 ? null : (detected / valid) * 100};
}

/** A score as the table writes it: one decimal, rounded down, so 89.96 never shows as a target met. */
export const scoreText = (/** @type {number | null} */ score) => (score === null ? 'n/a' : `${(Math.floor(score * 10) / 10).toFixed(1)} %`);

/** The files a module mutates, by their names alone. */
const filesOf = (/** @type {{mutate: string[]}} */ module) => module.mutate.map((file) => file.split('/').at(-1)).join(', ');

/** The table's columns, in order. */
const COLUMNS = ['files', 'killed', 'survived', 'timed out', 'no coverage', 'ignored', 'score', 'date', 'Stryker'];

/**
 * One module's row of the table.
 * @param {{mutate: string[]}} module
 * @param {StrykerReport} report
 * @param {string} date YYYY-MM-DD
 */
export function mutationRow(module, report, date) {
  const tally = tallyReport(report);
  return {
    files: filesOf(module),
    killed: tally.killed,
    survived: tally.survived,
    'timed out': tally.timedOut,
    'no coverage': tally.noCoverage,
    ignored: tally.ignored,
    score: scoreText(tally.score),
    date,
    Stryker: report.framework?.version ?? '',
  };
}

export const MUTATION_START = '<!-- The mutation scores below are written by `npm run mutate -- --write`: edit the notes around them. -->';
export const MUTATION_END = '<!-- End of the mutation scores. -->';

/**
 * The rows of the table between the marks, by module, as written last time.
 * @param {string} markdown
 * @returns {Record<string, Record<string, string>>}
 */
export function readMutationRows(markdown) {
  const start = markdown.indexOf(MUTATION_START);
  const end = markdown.indexOf(MUTATION_END);
  if (start === -1 || end < start) return {};
  const cells = (/** @type {string} */ line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
  const lines = markdown
    .slice(start + MUTATION_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && line.endsWith('|'));
  const [header, , ...rows] = lines;
  if (header === undefined) return {};
  const columns = cells(header).slice(1);
  return Object.fromEntries(
    rows.map((line) => {
      const [name = '', ...values] = cells(line);
      return [name, Object.fromEntries(columns.map((column, i) => [column, values[i] ?? '']))];
    }),
  );
}

/**
 * The markdown with its mutation table replaced: the rows of this run's
 * modules new, the others as they were, in the order of MUTATION_MODULES
 * (a module never run says so). Without the marks, the table goes before
 * `before` (the benchmark's own mark), or at the end.
 * @param {string} markdown
 * @param {Record<string, Record<string, unknown>>} fresh
 * @param {string} before
 */
export function withMutationTable(markdown, fresh, before) {
  const kept = readMutationRows(markdown);
  /** @type {Record<string, Record<string, unknown>>} */
  const rows = {};
  for (const [name, module] of Object.entries(MUTATION_MODULES)) {
    const row = fresh[name] ?? kept[name] ?? {files: filesOf(module), score: 'not run yet'};
    rows[name] = Object.fromEntries(COLUMNS.map((column) => [column, row[column] ?? '']));
  }
  const section = `${MUTATION_START}\n\n${markdownTable(rows)}\n\n${MUTATION_END}`;
  const start = markdown.indexOf(MUTATION_START);
  const end = markdown.indexOf(MUTATION_END);
  if (start !== -1 && end > start) return markdown.slice(0, start) + section + markdown.slice(end + MUTATION_END.length);
  const at = markdown.indexOf(before);
  if (at === -1) return `${markdown.trimEnd()}\n\n${section}\n`;
  return `${markdown.slice(0, at)}${section}\n\n${markdown.slice(at)}`;
}
