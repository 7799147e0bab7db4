import {
  forwardRef,
  useMemo,
  type ComponentType,
  type ForwardRefExoticComponent,
  type PropsWithoutRef,
  type ReactNode,
  type Ref,
  type RefAttributes,
} from 'react';
import type {PublishedSend} from '../../contract';
import type {CheckResult} from '../config';
import type {ConfigProblem} from '../configErrorBox';
import type {PublishedProps} from '../published';
import {LoadFailedBox, LoadingRoom, lazyPart, type WaitingProps} from '../ui';
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

/**
 * Where a component's config comes from: given inline, or published on the endpoint, read by the form's id from the
 * endpoint's base URL. An inline config wins when both are given.
 */
export type ConfigSource =
  | {config: unknown; form?: string; endpoint?: string; fallbackUrl?: string}
  | {
      config?: undefined;
      /** The id of a form published on the endpoint, e.g. "save-the-reef". */
      form: string;
      /** The endpoint's base URL, as `gateway.endpoint` takes it, e.g. "https://give.example.org". */
      endpoint: string;
      /** Where to send a supporter when the form cannot be read: the load-failed box links to it. */
      fallbackUrl?: string;
    };

/** What a component's view receives: its props with the config checked, the published form it came from, and the ref for its handle. */
export type ViewProps<P extends ConfigSource, C, H = never> = Omit<P, keyof ConfigSource> & {
  config: C;
  published?: PublishedSend;
  handleRef: Ref<H>;
};

/** While the by-id code is on its way the room stays; if it cannot come, the load-failed box tries again. */
const PublishedWaiting = ({failed, ...props}: {component: string; fallbackUrl?: string | null; why?: string} & WaitingProps): ReactNode =>
  failed ? <LoadFailedBox {...props} /> : <LoadingRoom />;

/** Reading a published form: its code comes only for a component given a form's id, never with an inline config. */
const Published = lazyPart<PublishedProps>(() => import('../published').then(({Published: Read}) => Read), PublishedWaiting);

/**
 * A component from its config check and its view: the config is checked again
 * only when its content changes; a wrong one shows the error box naming every
 * bad key; and the view is keyed by the content, so a new config always starts
 * from a fresh state that fits it, never from what the old config left behind.
 */
export function configured<P extends ConfigSource, C, H = never>(
  component: string,
  check: (input: unknown) => CheckResult<C>,
  View: ComponentType<ViewProps<P, C, H>>,
) {
  // The props as given, or as a published form's read makes them: the component's own, with the config and its version.
  type Given = ConfigSource & {published?: PublishedSend};
  const Configured = forwardRef<H, Given>(function Checked(props, ref): ReactNode {
    const key = contentKey(props.config);
    // The content, not the object, decides: a page that builds its config on every render keeps its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- check again only when the config's content changes
    const checked = useMemo(() => check(props.config), [key]);
    if (props.config === undefined && props.form !== undefined) {
      const byId = props as PublishedProps;
      return (
        <Published {...byId} component={component} View={Configured} Problems={ConfigProblems} Waiting={PublishedWaiting} handle={ref} />
      );
    }
    if (!checked.ok) return <ConfigProblems component={component} problem={checked} />;
    const viewProps = {...props, config: checked.config, handleRef: ref} as unknown as ViewProps<P, C, H>;
    return <View key={key} {...viewProps} />;
  });
  return Configured as unknown as ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<H>>;
}
