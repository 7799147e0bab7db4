import {useEffect, type ReactNode} from 'react';
import {counted, describeError, type ConfigError} from '../config';
import styles from './ui.module.css';

/** What a component shows instead of itself when its config is wrong: every bad key, the value given and what is allowed. */
export function ConfigErrorBox({component, errors}: {component: string; errors: readonly ConfigError[]}): ReactNode {
  useEffect(() => {
    console.error(`Coral: the ${component} config has ${counted('problem', errors.length)}:\n${errors.map(describeError).join('\n')}`);
  }, [component, errors]);
  return (
    <div className={styles.configError} role="alert" part="config-error">
      <p className={styles.configErrorTitle}>
        This {component} cannot be shown: its config has {counted('problem', errors.length)}.
      </p>
      <ul>
        {errors.map((error) => (
          <li key={`${error.path}:${error.message}`}>
            <code>{error.path || 'config'}</code>: got <code>{error.value}</code>; {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
