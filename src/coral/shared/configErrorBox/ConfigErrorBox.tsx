import {useEffect, useMemo, type ReactNode} from 'react';
import {counted, type ConfigError, type ConfigFailure} from '../config';
import styles from '../ui/ui.module.css';
import {describeError, explainConfig} from '../configErrors';

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

/** What a form shows for a wrong config: a config that failed its check, explained here where the code for it is, or problems already put in words. */
export type ConfigProblem = ConfigFailure | readonly ConfigError[];

/** The error box for a config problem. */
export function ConfigProblems({component, problem}: {component: string; problem: ConfigProblem}): ReactNode {
  const errors = useMemo(() => ('issues' in problem ? explainConfig(problem) : problem), [problem]);
  return <ConfigErrorBox component={component} errors={errors} />;
}
