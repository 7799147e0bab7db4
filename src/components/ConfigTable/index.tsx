import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** One option of a component's config, as its schema describes it. */
export type ConfigRow = {
  key: string;
  type: string;
  default?: string;
  required: boolean;
  description: string;
};

/** The config reference of a component, rendered from its schema's descriptions. */
export default function ConfigTable({rows, caption}: {rows: readonly ConfigRow[]; caption: string}): ReactNode {
  return (
    <div className={styles.wrapper}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} id={`option-${row.key.replaceAll('.', '-')}`}>
              <th scope="row">
                <code>{row.key}</code>
                {row.required && <span className={styles.required}>required</span>}
              </th>
              <td>
                <code className={styles.type}>{row.type}</code>
              </td>
              <td>{row.default === undefined ? '—' : <code>{row.default}</code>}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
