/** The signature counter: the count in the signer's locale, and a bar towards the goal. */
import type {ReactNode} from 'react';
import {usePowerformContext} from '../context';
import {counterText, progressPercent} from '../counter';
import styles from '../Powerform.module.css';

export function SignatureCounter(): ReactNode {
  const {config, messages, state, fieldId} = usePowerformContext();
  const {count} = state;
  const {goal} = config.counter;
  const text = counterText({count, goal}, config.locale, messages);
  return (
    <div className={styles.counter} part="counter">
      <p id={fieldId('counter')} className={styles.counterText}>
        {text}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-labelledby={fieldId('counter')}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(count, goal)}
        aria-valuetext={text}
        part="progress"
      >
        <div className={styles.barFill} style={{width: `${progressPercent({count, goal})}%`}} />
      </div>
    </div>
  );
}
