import {existsSync, readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {FIGURES_MARK} from './benchReport.mjs';
import {
  MUTATION_END,
  MUTATION_MODULES,
  MUTATION_START,
  mutationRow,
  readMutationRows,
  scoreText,
  strykerOptions,
  tallyReport,
  testPattern,
  withMutationTable,
} from './mutation.mjs';

/** A Stryker JSON report (mutation-testing-report-schema) with mutants of the given statuses, over two files. */
const report = (/** @type {string[]} */ first, /** @type {string[]} */ second = [], version = '9.5.1') => ({
  schemaVersion: '1.0',
  framework: {name: 'StrykerJS', version},
  files: {
    'src/coral/shared/money/money.ts': {language: 'typescript', source: '', mutants: first.map((status, id) => ({id: String(id), status}))},
    'src/coral/shared/money/upgrade.ts': {
      language: 'typescript',
      source: '',
      mutants: second.map((status, id) => ({id: `u${id}`, status})),
    },
  },
});

const money = MUTATION_MODULES.money ?? {mutate: [], tests: []};

describe('the mutation report', () => {
  it('counts mutants by status across files, and scores killed and timed out over all that ran or had no test', () => {
    const tally = tallyReport(
      report(['Killed', 'Killed', 'Survived', 'Timeout', 'Ignored'], ['Killed', 'NoCoverage', 'CompileError', 'RuntimeError', 'Killed']),
    );
    expect(tally).toEqual({killed: 4, survived: 1, timedOut: 1, noCoverage: 1, ignored: 1, errors: 2, score: (5 / 7) * 100});
  });

  it('has no score when nothing could be tested', () => {
    expect(tallyReport(report(['Ignored', 'CompileError'])).score).toBeNull();
    expect(scoreText(null)).toBe('n/a');
  });

  it('refuses a status it does not know rather than leaving it out of the score', () => {
    expect(() => tallyReport(report(['Killed', 'Pending']))).toThrow('Pending');
  });

  it('never rounds a score up to the target', () => {
    expect(scoreText(89.96)).toBe('89.9 %');
    expect(scoreText(90)).toBe('90.0 %');
    expect(scoreText(100)).toBe('100.0 %');
  });

  it('makes a row with the counts, the score, the date and the Stryker version the report names', () => {
    expect(mutationRow(money, report(['Killed', 'Killed', 'Killed', 'Survived']), '2026-11-27')).toEqual({
      files: 'money.ts, frequency.ts, upgrade.ts',
      killed: 3,
      survived: 1,
      'timed out': 0,
      'no coverage': 0,
      ignored: 0,
      score: '75.0 %',
      date: '2026-11-27',
      Stryker: '9.5.1',
    });
  });
});

describe('the mutation table in BENCHMARKS.md', () => {
  const notes = `# Benchmarks\n\nNotes.\n\n${FIGURES_MARK}\n\nfigures\n`;
  const moneyRow = mutationRow(money, report(['Killed', 'Survived']), '2026-11-27');

  it('goes above the benchmark figures the first time, every module with a row, those never run saying so', () => {
    const written = withMutationTable(notes, {money: moneyRow}, FIGURES_MARK);
    expect(written.startsWith(`# Benchmarks\n\nNotes.\n\n${MUTATION_START}\n\n|  | files |`)).toBe(true);
    expect(written.endsWith(`${MUTATION_END}\n\n${FIGURES_MARK}\n\nfigures\n`)).toBe(true);
    expect(written).toContain('| money | money.ts, frequency.ts, upgrade.ts | 1 | 1 | 0 | 0 | 0 | 50.0 % | 2026-11-27 | 9.5.1 |');
    expect(written).toContain('| card-data | cardData.ts, screen.ts |  |  |  |  |  | not run yet |  |  |');
    expect(Object.keys(readMutationRows(written))).toEqual(Object.keys(MUTATION_MODULES));
  });

  it('replaces the rows of the modules run and keeps the others as they were', () => {
    const first = withMutationTable(notes, {money: moneyRow}, FIGURES_MARK);
    const cardData = {...moneyRow, files: 'cardData.ts', score: '93.1 %', date: '2026-11-28'};
    const second = withMutationTable(first, {'card-data': cardData}, FIGURES_MARK);
    const rows = readMutationRows(second);
    expect(rows.money).toEqual({...Object.fromEntries(Object.entries(moneyRow).map(([k, v]) => [k, String(v)]))});
    expect(rows['card-data']?.score).toBe('93.1 %');
    expect(second.split(MUTATION_START)).toHaveLength(2);
    expect(second.replace(/<!-- The mutation[^]*scores\. -->/, '')).toBe(first.replace(/<!-- The mutation[^]*scores\. -->/, ''));
  });

  it('goes at the end of a file without the benchmark mark, and reads no rows from a file without a table', () => {
    expect(withMutationTable('# Benchmarks\n', {money: moneyRow}, FIGURES_MARK)).toMatch(
      /^# Benchmarks\n\n<!-- The mutation[^]*scores\. -->\n$/,
    );
    expect(readMutationRows(notes)).toEqual({});
  });
});

describe('the modules', () => {
  it('mutates files that exist, never a test', () => {
    for (const module of Object.values(MUTATION_MODULES)) {
      for (const file of module.mutate) {
        expect(existsSync(file), file).toBe(true);
        expect(file).not.toMatch(/\.test\./);
      }
    }
  });

  it('reads a test pattern as a folder and a file name with a wildcard', () => {
    const {dir, matches} = testPattern('src/coral/donate-form/machine*.test.ts');
    expect(dir).toBe('src/coral/donate-form');
    expect(
      ['machine.test.ts', 'machine.paying.test.ts', 'machine.testing.ts', 'machineXtest.ts', 'derive.test.ts'].filter(matches),
    ).toEqual(['machine.test.ts', 'machine.paying.test.ts']);
  });

  it('keeps each module its own incremental file and report, out of git', () => {
    const options = strykerOptions('money', money, {concurrency: 1, force: false});
    expect(options).toMatchObject({
      mutate: money.mutate,
      incremental: true,
      incrementalFile: 'reports/mutation/money/incremental.json',
      jsonReporter: {fileName: 'reports/mutation/money/mutation.json'},
      concurrency: 1,
    });
    expect(readFileSync('.gitignore', 'utf8')).toMatch(/^\/reports\/$/m);
  });
});
