import {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

type Props = {
  /** Signatures already collected when the page loads. */
  start: number;
  /** The campaign's goal. */
  goal: number;
};

/** A small live example for the MDX guide: a tally that moves towards a goal. */
export default function SignatureTally({start, goal}: Props): ReactNode {
  const [count, setCount] = useState(start);
  const percent = Math.min(100, Math.round((count / goal) * 100));
  const format = new Intl.NumberFormat('en-AU');
  return (
    <div className={styles.tally}>
      <p className={styles.figure} aria-live="polite">
        {format.format(count)} of {format.format(goal)} signatures
      </p>
      <progress className={styles.bar} max={goal} value={Math.min(count, goal)} aria-label="Progress towards the goal">
        {percent}%
      </progress>
      <button type="button" className="button button--primary" onClick={() => setCount((n) => n + 1)}>
        Add a signature
      </button>
    </div>
  );
}
