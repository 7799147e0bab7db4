import {describe, expect, it} from 'vitest';
import {FIGURES_MARK} from './benchReport.mjs';
import {SERVER_END, SERVER_START, withServerFigures} from './serverBench.mjs';
import {
  FULL_EVENTS,
  RESULTS_END,
  RESULTS_START,
  RESULTS_TARGET_MS,
  answerProblems,
  parseResultsArgs,
  readFigures,
  resultsTargetRows,
  trafficFor,
  withResultsFigures,
} from './resultsBench.mjs';

describe("the results benchmark's options", () => {
  it('loads a million rows, reads 20 times after the first, builds first and writes nothing, unless told', () => {
    expect(parseResultsArgs([])).toEqual({events: FULL_EVENTS, reads: 20, write: false, build: true});
    expect(parseResultsArgs(['--events', '50,000', '--reads', '5', '--write', '--no-build'])).toEqual({
      events: 50_000,
      reads: 5,
      write: true,
      build: false,
    });
  });

  it('refuses too few rows to split, no reads, and an option it does not know', () => {
    expect(() => parseResultsArgs(['--events', '99'])).toThrow('--events takes a whole number of at least 100, not "99"');
    expect(() => parseResultsArgs(['--reads', '0'])).toThrow('--reads takes a whole number of at least 1');
    expect(() => parseResultsArgs(['--signatures', '10'])).toThrow(/signatures/);
  });
});

describe('the traffic it loads', () => {
  it('is about two rows a visitor, a quarter as many older visitors, a paid gift every 50 rows and an unpaid one every 500', () => {
    expect(trafficFor(1_000_000)).toEqual({visitors: 500_000, olderVisitors: 125_000, paidGifts: 20_000, unpaidGifts: 2_000});
  });
});

describe('the check of the answer it times', () => {
  const counts = {
    control: {visitors: 10, starts: 6, gifts: 2, raisedCents: 7500},
    'higher-asks': {visitors: 9, starts: 5, gifts: 1, raisedCents: 20000},
  };
  const answer = (/** @type {Record<string, number>} */ change = {}) => ({
    versions: [
      {
        version: 1,
        variants: [
          {variant: 'control', ...counts.control, ...change},
          {variant: 'higher-asks', ...counts['higher-asks']},
        ],
      },
    ],
  });

  it('finds nothing wrong with the counts loaded', () => {
    expect(answerProblems(answer(), counts)).toEqual([]);
  });

  it('names each count that differs, a missing variant and an answer without a version', () => {
    expect(answerProblems(answer({visitors: 8, raisedCents: 7400}), counts)).toEqual([
      'control: visitors 8, not 10',
      'control: raisedCents 7400, not 7500',
    ]);
    const one = {versions: [{version: 1, variants: [{variant: 'control', ...counts.control}]}]};
    expect(answerProblems(one, counts)).toEqual(['variants control, not control, higher-asks']);
    expect(answerProblems({versions: []}, counts)).toEqual(['the answer has no version']);
  });
});

describe('the read times', () => {
  it('takes the first apart, and the median, nearest-rank p95 and slowest of the rest, in whole milliseconds', () => {
    const later = Array.from({length: 20}, (_, i) => 100 + i);
    expect(readFigures(2400.4, later.reverse())).toEqual({'first ms': 2400, 'median ms': 110, 'p95 ms': 118, 'max ms': 119});
    expect(readFigures(50, [30, 10, 20])).toEqual({'first ms': 50, 'median ms': 20, 'p95 ms': 30, 'max ms': 30});
  });

  it('refuses to make figures of the first read alone', () => {
    expect(() => readFigures(10, [])).toThrow('at least one read after the first');
  });
});

describe("the results' target", () => {
  const figures = (/** @type {number} */ first, /** @type {number} */ p95) => ({
    'first ms': first,
    'median ms': p95 / 2,
    'p95 ms': p95,
    'max ms': p95,
  });

  it('is met only when the first read and the p95 are both under it, at a million rows', () => {
    const rows = resultsTargetRows(
      {PGlite: figures(RESULTS_TARGET_MS - 1, 200), 'Postgres server': figures(200, RESULTS_TARGET_MS)},
      FULL_EVENTS,
    );
    expect(Object.values(rows).map((row) => row.met)).toEqual(['yes', 'no']);
    expect(Object.values(resultsTargetRows({PGlite: figures(RESULTS_TARGET_MS, 1)}, FULL_EVENTS)).map((row) => row.met)).toEqual([
      'no',
      'not measured: no Postgres server (set TEST_DATABASE_URL)',
    ]);
  });

  it('does not call a run at fewer rows a met target', () => {
    expect(Object.values(resultsTargetRows({PGlite: figures(5, 5)}, 20_000))[0]).toEqual({
      'first ms': 5,
      'p95 ms': 5,
      met: 'not measured: 20,000 rows, not 1,000,000',
    });
  });
});

describe("the results' section of BENCHMARKS.md", () => {
  const section = (/** @type {string} */ figures) => `${RESULTS_START}\n\n${figures}\n\n${RESULTS_END}`;
  const server = `${SERVER_START}\n\nserver figures\n\n${SERVER_END}`;

  it("replaces only what is between its own marks, leaving the endpoint's figures and the notes as they were", () => {
    const before = `# Benchmarks\n\n${server}\n\nA note.\n\n${section('old')}\n\n${FIGURES_MARK}\n\nfigures\n`;
    const after = withResultsFigures(before, 'new\n');
    expect(after).toBe(`# Benchmarks\n\n${server}\n\nA note.\n\n${section('new')}\n\n${FIGURES_MARK}\n\nfigures\n`);
    expect(withServerFigures(after, 'server again')).toBe(after.replace('server figures', 'server again'));
  });

  it("goes just above npm run bench's figures the first time, and refuses a file with one of its marks", () => {
    expect(withResultsFigures(`# Benchmarks\n\n${server}\n\n${FIGURES_MARK}\n`, 'mine')).toBe(
      `# Benchmarks\n\n${server}\n\n${section('mine')}\n\n${FIGURES_MARK}\n`,
    );
    expect(() => withResultsFigures(`# Benchmarks\n\n${RESULTS_END}\n`, 'mine')).toThrow("one of the results' marks");
  });
});
