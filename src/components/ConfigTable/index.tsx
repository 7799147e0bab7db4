import type {ReactNode} from 'react';
import ReferenceTable, {codeOrDash, type Column} from '../ReferenceTable';
import styles from './styles.module.css';

/** One option of a component's config, as its schema describes it. */
export type ConfigRow = {
  key: string;
  type: string;
  default?: string;
  required: boolean;
  description: string;
};

const columns: readonly Column<ConfigRow>[] = [
  {
    label: 'Option',
    rowHeader: true,
    cell: (row) => (
      <>
        <code className={styles.key}>{row.key}</code>
        {row.required && <span className={styles.required}>required</span>}
      </>
    ),
  },
  {label: 'Type', cell: (row) => <code className={styles.type}>{row.type}</code>},
  {label: 'Default', cell: (row) => codeOrDash(row.default)},
  {label: 'Description', cell: (row) => row.description},
];

/** The config reference of a component, rendered from its schema's descriptions. */
export default function ConfigTable({rows, caption}: {rows: readonly ConfigRow[]; caption: string}): ReactNode {
  return (
    <ReferenceTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      rowId={(row) => `option-${row.key.replaceAll('.', '-')}`}
    />
  );
}
