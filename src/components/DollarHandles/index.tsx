import type {ReactNode} from 'react';
import styles from './styles.module.css';

export type PageHandle = {amount: number; frequency?: 'one-off' | 'weekly' | 'monthly' | 'daily'; text: string};

/**
 * Dollar handles written into the page copy, outside any form. They carry only
 * data attributes: a donate form with `externalHandles: true` finds them, selects
 * their amount when pressed and marks the chosen one with aria-pressed.
 */
export default function DollarHandles({handles, target}: {handles: readonly PageHandle[]; target: string}): ReactNode {
  return (
    <ul className={styles.handles}>
      {handles.map((handle) => (
        <li key={`${handle.frequency ?? ''}${handle.amount}`}>
          <button
            type="button"
            className={styles.handle}
            data-coral-amount={handle.amount}
            data-coral-frequency={handle.frequency}
            data-coral-target={target}
          >
            {handle.text}
          </button>
        </li>
      ))}
    </ul>
  );
}
