/**
 * The benchmark's figures as it prints them, kept in order so that
 * `npm run bench -- --write` can put the same tables in BENCHMARKS.md.
 */

/** The line in BENCHMARKS.md after which everything is written by the benchmark; the notes above it are kept. */
export const FIGURES_MARK = '<!-- Everything below this line is written by `npm run bench -- --write`: edit the notes above it. -->';

/** @typedef {Record<string, Record<string, unknown>>} Rows */

/** @param {unknown} value */
const text = (value) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : value === null || value === undefined
      ? ''
      : JSON.stringify(value);

const cell = (/** @type {unknown} */ value) => text(value).replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * A Markdown table of rows keyed by name, one column per key any row has, as console.table shows them.
 * @param {Rows} rows
 */
export function markdownTable(rows) {
  const names = Object.keys(rows);
  if (names.length === 0) throw new Error('a table needs at least one row');
  const columns = [...new Set(names.flatMap((name) => Object.keys(rows[name] ?? {})))];
  const lines = [
    `| ${['', ...columns].map(cell).join(' | ')} |`,
    `| ${['', ...columns].map(() => '---').join(' | ')} |`,
    ...names.map((name) => `| ${[name, ...columns.map((column) => rows[name]?.[column])].map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** Prints each table and line as it comes, and keeps them for `markdown()`. */
export function createReport() {
  /** @type {string[]} */
  const parts = [];
  return {
    /** @param {string} title @param {Rows} rows */
    table(title, rows) {
      console.log(`\n${title}`);
      console.table(rows);
      parts.push(`### ${title}\n\n${markdownTable(rows)}`);
    },
    /** @param {string} text */
    line(text) {
      console.log(text);
      parts.push(text);
    },
    /** @param {string} heading */
    markdown(heading) {
      return `${[heading, ...parts].join('\n\n')}\n`;
    },
  };
}

/**
 * BENCHMARKS.md with its figures replaced: the notes above the mark stay as they are; a file without the mark keeps all it had.
 * @param {string} existing
 * @param {string} figures
 */
export function withFigures(existing, figures) {
  const at = existing.indexOf(FIGURES_MARK);
  const notes = at === -1 ? (existing.trim() === '' ? '' : `${existing.trimEnd()}\n\n`) : existing.slice(0, at);
  return `${notes}${FIGURES_MARK}\n\n${figures}`;
}

/**
 * BENCHMARKS.md with one benchmark's figures replaced between its own marks, everything else as it was. Without the
 * marks, the section goes just above `npm run bench`'s figures (whose mark ends the notes), or at the end.
 * @param {string} markdown
 * @param {string} figures
 * @param {{start: string, end: string, whose: string}} marks `whose` names the figures in the error for a lost mark
 */
export function withMarked(markdown, figures, {start: startMark, end: endMark, whose}) {
  const section = `${startMark}\n\n${figures.trim()}\n\n${endMark}`;
  const start = markdown.indexOf(startMark);
  const end = markdown.indexOf(endMark);
  if (start !== -1 && end > start) return markdown.slice(0, start) + section + markdown.slice(end + endMark.length);
  if (start !== -1 || end !== -1) throw new Error(`BENCHMARKS.md has one of ${whose} marks without the other: mend it by hand`);
  const bench = markdown.indexOf(FIGURES_MARK);
  if (bench !== -1) return `${markdown.slice(0, bench)}${section}\n\n${markdown.slice(bench)}`;
  return markdown.trim() === '' ? `${section}\n` : `${markdown.trimEnd()}\n\n${section}\n`;
}
