import type {ReactNode} from 'react';
import styles from './styles.module.css';

export type Column<R> = {
  label: string;
  cell: (row: R) => ReactNode;
  /** The column that names the row: rendered as a row header. */
  rowHeader?: boolean;
};

type Props<R> = {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** An anchor id per row, so other pages can link to one option or event. */
  rowId?: (row: R) => string;
};

/**
 * A reference table fed with generated rows (options, URL parameters, events).
 * Wide tables scroll sideways on phones; the scroll box is a labelled,
 * focusable region so keyboard users can scroll it too.
 */
export default function ReferenceTable<R>({caption, columns, rows, rowKey, rowId}: Props<R>): ReactNode {
  return (
    <div className={styles.wrapper} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} id={rowId?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.label} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label}>{column.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Inline code for a cell, or a dash when the value is missing. */
export const codeOrDash = (value: string | undefined): ReactNode => (value === undefined ? '—' : <code>{value}</code>);
