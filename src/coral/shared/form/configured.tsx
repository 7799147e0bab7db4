import {forwardRef, useMemo, type ComponentType, type PropsWithoutRef, type ReactNode, type Ref} from 'react';
import type {CheckResult} from '../config';
import type {ConfigProblem} from '../configErrorBox';
import {lazyPart, type WaitingProps} from '../ui';
import styles from '../ui/ui.module.css';

/** The content of a config as text: the same config written anew is the same config. */
const contentKey = (config: unknown): string => {
  try {
    return JSON.stringify(config) ?? String(config);
  } catch {
    return String(config);
  }
};

type ProblemProps = {component: string; problem: ConfigProblem};

/** While the explanation's code is on its way nothing shows; if it cannot come, the box still says the config is wrong. */
function ExplanationWaiting({component, failed}: ProblemProps & WaitingProps): ReactNode {
  if (!failed) return null;
  return (
    <div className={styles.configError} role="alert" part="config-error">
      <p className={styles.configErrorTitle}>
        This {component} cannot be shown: its config is wrong, and what is wrong could not be loaded.
      </p>
    </div>
  );
}

/**
 * The error box for a wrong config. Its code, with the words that explain
 * each problem, comes only when a form has a wrong config to show: a page
 * whose config is right never fetches it.
 */
export const ConfigProblems = lazyPart<ProblemProps>(
  () => import('../configErrorBox').then(({ConfigProblems: Problems}) => Problems),
  ExplanationWaiting,
);

/** What a component's view receives: its props with the config checked, and the ref for its handle. */
export type ViewProps<P extends {config: unknown}, C, H = never> = Omit<P, 'config'> & {config: C; handleRef: Ref<H>};

/**
 * A component from its config check and its view: the config is checked again
 * only when its content changes; a wrong one shows the error box naming every
 * bad key; and the view is keyed by the content, so a new config always starts
 * from a fresh state that fits it, never from what the old config left behind.
 */
export function configured<P extends {config: unknown}, C, H = never>(
  component: string,
  check: (input: unknown) => CheckResult<C>,
  View: ComponentType<ViewProps<P, C, H>>,
) {
  return forwardRef<H, P>(function Configured(props, ref): ReactNode {
    const key = contentKey(props.config);
    // The content, not the object, decides: a page that builds its config on every render keeps its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- check again only when the config's content changes
    const checked = useMemo(() => check(props.config), [key]);
    if (!checked.ok) return <ConfigProblems component={component} problem={checked} />;
    const viewProps = {...(props as PropsWithoutRef<P>), config: checked.config, handleRef: ref} as unknown as ViewProps<P, C, H>;
    return <View key={key} {...viewProps} />;
  });
}
