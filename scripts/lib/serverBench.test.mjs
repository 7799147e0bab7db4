import {describe, expect, it} from 'vitest';
import {FIGURES_MARK} from './benchReport.mjs';
import {
  FULL_SIZE,
  SERVER_END,
  SERVER_START,
  figuresOf,
  instancesFor,
  parseServerBenchArgs,
  targetRows,
  withServerFigures,
} from './serverBench.mjs';

/** @param {number} p99 @param {number} [non2xx] */
const figures = (p99, non2xx = 0) => ({'requests/s': 500, 'p50 ms': p99 / 4, 'p99 ms': p99, 'non-2xx': non2xx, errors: 0});

describe("the endpoint benchmark's options", () => {
  it('measures a million signatures for 10 s each, builds first and writes nothing, unless told', () => {
    expect(parseServerBenchArgs([])).toEqual({signatures: FULL_SIZE, seconds: 10, write: false, build: true});
    expect(parseServerBenchArgs(['--signatures', '20000', '--seconds', '3', '--write', '--no-build'])).toEqual({
      signatures: 20_000,
      seconds: 3,
      write: true,
      build: false,
    });
  });

  it('takes a size written with separators, as people write a million', () => {
    expect(parseServerBenchArgs(['--signatures', '1_000_000']).signatures).toBe(1_000_000);
    expect(parseServerBenchArgs(['--signatures=2,500,000']).signatures).toBe(2_500_000);
  });

  it('refuses a size or a time that is not a whole number of at least one, and an option it does not know', () => {
    for (const value of ['0', '-5', '1e6', '2.5', 'many', '']) {
      expect(() => parseServerBenchArgs([`--signatures=${value}`])).toThrow('--signatures takes a whole number of at least 1');
    }
    expect(() => parseServerBenchArgs(['--seconds', '0'])).toThrow('--seconds takes a whole number of at least 1, not "0"');
    expect(() => parseServerBenchArgs(['--signature', '10'])).toThrow(/signature/);
  });
});

describe("the endpoint benchmark's figures", () => {
  it("takes requests a second, p50, p99 and the failures from autocannon's result", () => {
    const result = {requests: {average: 812.4}, latency: {p50: 11.123, p99: 48.987}, non2xx: 3, errors: 1};
    expect(figuresOf(result)).toEqual({'requests/s': 812, 'p50 ms': 11.12, 'p99 ms': 48.99, 'non-2xx': 3, errors: 1});
  });

  it('says a target is met only below it, at a million signatures, with every answer 2xx', () => {
    const rows = targetRows(
      {PGlite: {count: figures(19.9), signing: figures(300)}, 'Postgres server': {count: figures(20), signing: figures(99)}},
      FULL_SIZE,
    );
    expect(Object.values(rows).map((row) => row.met)).toEqual(['yes', 'no', 'yes']);
    const refused = targetRows({'Postgres server': {count: figures(5), signing: figures(50, 12)}}, FULL_SIZE);
    expect(Object.values(refused).map((row) => row.met)).toEqual([
      'not measured: no Postgres server (set TEST_DATABASE_URL)',
      'yes',
      'no: 12 non-2xx, 0 errors',
    ]);
  });

  it('does not call a count at fewer signatures a met target', () => {
    const rows = targetRows({PGlite: {count: figures(2), signing: figures(2)}}, 20_000);
    expect(Object.values(rows)[0]).toEqual({'p99 ms': 2, met: 'not measured: 20,000 signatures, not 1,000,000'});
  });

  it('rounds the instances a peak needs up, and never below one', () => {
    expect(instancesFor(1000, 400)).toBe(3);
    expect(instancesFor(800, 400)).toBe(2);
    expect(instancesFor(10, 400)).toBe(1);
    expect(() => instancesFor(100, 0)).toThrow('holds no peak');
  });
});

describe("the endpoint's section of BENCHMARKS.md", () => {
  const notes = '# Benchmarks\n\nNotes kept by hand.\n';
  const section = (/** @type {string} */ figures) => `${SERVER_START}\n\n${figures}\n\n${SERVER_END}`;

  it('replaces only what is between its marks, keeping the notes around them and the other figures', () => {
    const before = `${notes}\n${section('old figures')}\n\nA note after.\n\n${FIGURES_MARK}\n\nnpm run bench's figures\n`;
    expect(withServerFigures(before, 'new figures\n')).toBe(
      `${notes}\n${section('new figures')}\n\nA note after.\n\n${FIGURES_MARK}\n\nnpm run bench's figures\n`,
    );
  });

  it("goes just above npm run bench's figures the first time, or at the end of a file without them", () => {
    expect(withServerFigures(`${notes}\n${FIGURES_MARK}\n\nfigures\n`, 'mine')).toBe(
      `${notes}\n${section('mine')}\n\n${FIGURES_MARK}\n\nfigures\n`,
    );
    expect(withServerFigures(notes, 'mine')).toBe(`${notes}\n${section('mine')}\n`);
    expect(withServerFigures('', 'mine')).toBe(`${section('mine')}\n`);
  });

  it('refuses a file with one mark and not the other rather than lose what follows it', () => {
    expect(() => withServerFigures(`${notes}${SERVER_START}\nfigures\n`, 'mine')).toThrow('one of the endpoint');
    expect(() => withServerFigures(`${notes}${SERVER_END}\n${SERVER_START}\n`, 'mine')).toThrow('one of the endpoint');
  });
});
