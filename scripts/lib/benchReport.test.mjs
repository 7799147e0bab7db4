import {afterEach, describe, expect, it, vi} from 'vitest';
import {FIGURES_MARK, createReport, markdownTable, withFigures} from './benchReport.mjs';

afterEach(() => vi.restoreAllMocks());

describe('the benchmark report', () => {
  it('writes a table with a column for every key any row has, and escapes a bar in a cell', () => {
    expect(markdownTable({home: {'JS gzip': '128.1 KB'}, demo: {'JS gzip': '198.4 KB', note: 'a | b'}})).toBe(
      ['|  | JS gzip | note |', '| --- | --- | --- |', '| home | 128.1 KB |  |', '| demo | 198.4 KB | a \\| b |'].join('\n'),
    );
  });

  it('refuses a table without rows', () => {
    expect(() => markdownTable({})).toThrow('at least one row');
  });

  it('keeps the tables and lines in the order it printed them', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'table').mockImplementation(() => {});
    const report = createReport();
    report.table('Sizes', {first: {gzip: '34.1 KB'}});
    report.line('Time until the demo form takes a click: 640 ms');
    expect(report.markdown('## Figures')).toBe(
      '## Figures\n\n### Sizes\n\n|  | gzip |\n| --- | --- |\n| first | 34.1 KB |\n\nTime until the demo form takes a click: 640 ms\n',
    );
    expect(console.table).toHaveBeenCalledWith({first: {gzip: '34.1 KB'}});
  });

  it('replaces only the figures below the mark, keeping the notes above it', () => {
    const before = `# Benchmarks\n\nNotes.\n\n${FIGURES_MARK}\n\nold figures\n`;
    expect(withFigures(before, 'new figures\n')).toBe(`# Benchmarks\n\nNotes.\n\n${FIGURES_MARK}\n\nnew figures\n`);
  });

  it('keeps all of a file without the mark, and starts an empty one with it', () => {
    expect(withFigures('# Benchmarks\n', 'figures\n')).toBe(`# Benchmarks\n\n${FIGURES_MARK}\n\nfigures\n`);
    expect(withFigures('', 'figures\n')).toBe(`${FIGURES_MARK}\n\nfigures\n`);
  });
});
