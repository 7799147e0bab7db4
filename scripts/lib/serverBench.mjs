/**
 * The pure parts of `npm run bench:server`: its options, the figures it takes from autocannon, the targets,
 * how many instances a peak needs, and its own section of BENCHMARKS.md.
 */
import {parseArgs} from 'node:util';
import {withMarked} from './benchReport.mjs';

export const SERVER_START =
  "<!-- The endpoint's figures below are written by `npm run bench:server -- --write`: edit the notes around them. -->";
export const SERVER_END = "<!-- End of the endpoint's figures. -->";

/** The size the targets are set at: the count of a petition with a million signatures. */
export const FULL_SIZE = 1_000_000;
/** The targets, in milliseconds of p99 latency. */
export const COUNT_P99_TARGET = 20;
export const SIGNING_P99_TARGET = 100;

/**
 * @typedef {{signatures: number, seconds: number, write: boolean, build: boolean}} ServerBenchOptions
 * @typedef {{'requests/s': number, 'p50 ms': number, 'p99 ms': number, 'non-2xx': number, errors: number}} Figures
 */

/**
 * An option's whole number, also written with separators as people write a million (`1_000_000`, `1,000,000`).
 * @param {string} name @param {string} value @param {number} least
 */
export function wholeNumber(name, value, least) {
  const number = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!/^[\d_,]+$/.test(value) || !Number.isSafeInteger(number) || number < least) {
    throw new Error(`--${name} takes a whole number of at least ${least}, not "${value}"`);
  }
  return number;
}

/**
 * The command line's options (`--signatures 1000000`, also written `1_000_000` or `1,000,000`; `--seconds 10`
 * for each measurement; `--write`; `--no-build` to measure the endpoint already in server/dist).
 * @param {string[]} args
 * @returns {ServerBenchOptions}
 */
export function parseServerBenchArgs(args) {
  const {values} = parseArgs({
    args,
    strict: true,
    options: {
      signatures: {type: 'string', default: String(FULL_SIZE)},
      seconds: {type: 'string', default: '10'},
      write: {type: 'boolean', default: false},
      'no-build': {type: 'boolean', default: false},
    },
  });
  return {
    signatures: wholeNumber('signatures', values.signatures, 1),
    seconds: wholeNumber('seconds', values.seconds, 1),
    write: values.write,
    build: !values['no-build'],
  };
}

/** @param {number} ms */
const rounded = (ms) => Math.round(ms * 100) / 100;

/**
 * What a table shows of one autocannon run.
 * @param {{requests: {average: number}, latency: {p50: number, p99: number}, non2xx: number, errors: number}} result
 * @returns {Figures}
 */
export const figuresOf = (result) => ({
  'requests/s': Math.round(result.requests.average),
  'p50 ms': rounded(result.latency.p50),
  'p99 ms': rounded(result.latency.p99),
  'non-2xx': result.non2xx,
  errors: result.errors,
});

/**
 * Each target and whether this run met it. A count at fewer signatures than the target names, a route that
 * answered anything but 2xx, or a database not measured cannot meet it.
 * @param {Record<string, {count: Figures, signing: Figures}>} byDatabase figures keyed by database name
 * @param {number} signatures
 */
export function targetRows(byDatabase, signatures) {
  /** @type {Record<string, Record<string, string | number>>} */
  const rows = {};
  /** @param {Figures | undefined} figures @param {number} target @param {string} why */
  const verdict = (figures, target, why) => {
    if (!figures) return 'not measured: no Postgres server (set TEST_DATABASE_URL)';
    if (figures['non-2xx'] > 0 || figures.errors > 0) return `no: ${figures['non-2xx']} non-2xx, ${figures.errors} errors`;
    if (why) return `not measured: ${why}`;
    return figures['p99 ms'] < target ? 'yes' : 'no';
  };
  const small = signatures < FULL_SIZE ? `${signatures.toLocaleString('en')} signatures, not ${FULL_SIZE.toLocaleString('en')}` : '';
  for (const name of ['PGlite', 'Postgres server']) {
    const count = byDatabase[name]?.count;
    rows[`count p99 < ${COUNT_P99_TARGET} ms at a million signatures, ${name}`] = {
      'p99 ms': count ? count['p99 ms'] : '–',
      met: verdict(count, COUNT_P99_TARGET, small),
    };
  }
  const signing = byDatabase['Postgres server']?.signing;
  rows[`signing p99 < ${SIGNING_P99_TARGET} ms at 50 connections, Postgres server`] = {
    'p99 ms': signing ? signing['p99 ms'] : '–',
    met: verdict(signing, SIGNING_P99_TARGET, ''),
  };
  return rows;
}

/**
 * How many instances a peak of `peak` requests a second needs when one answers `perInstance`; at least one.
 * @param {number} peak @param {number} perInstance
 */
export function instancesFor(peak, perInstance) {
  if (!(perInstance > 0)) throw new Error('an instance that answered nothing holds no peak');
  return Math.max(1, Math.ceil(peak / perInstance));
}

/**
 * BENCHMARKS.md with the endpoint's figures replaced between their marks, everything else as it was (see withMarked).
 * @param {string} markdown
 * @param {string} figures
 */
export const withServerFigures = (markdown, figures) =>
  withMarked(markdown, figures, {start: SERVER_START, end: SERVER_END, whose: "the endpoint's"});

/**
 * Answers the command line's options as `parse` reads them, or says what is wrong with them and stops.
 * @template T
 * @param {string} command
 * @param {(args: string[]) => T} parse
 * @returns {T}
 */
export function optionsOrExit(command, parse) {
  try {
    return parse(process.argv.slice(2));
  } catch (error) {
    console.error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
