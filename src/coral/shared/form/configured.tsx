import {forwardRef, useMemo, type ComponentType, type PropsWithoutRef, type ReactNode, type Ref} from 'react';
import type {ParseResult} from '../config';
import {ConfigErrorBox} from '../ui';

/** The content of a config as text: the same config written anew is the same config. */
const contentKey = (config: unknown): string => {
  try {
    return JSON.stringify(config) ?? String(config);
  } catch {
    return String(config);
  }
};

/** What a component's view receives: its props with the config checked, and the ref for its handle. */
export type ViewProps<P extends {config: unknown}, C, H = never> = Omit<P, 'config'> & {config: C; handleRef: Ref<H>};

/**
 * A component from its config check and its view: the config is parsed again
 * only when its content changes; a wrong one shows the error box naming every
 * bad key; and the view is keyed by the content, so a new config always starts
 * from a fresh state that fits it, never from what the old config left behind.
 */
export function configured<P extends {config: unknown}, C, H = never>(
  component: string,
  parse: (input: unknown) => ParseResult<C>,
  View: ComponentType<ViewProps<P, C, H>>,
) {
  return forwardRef<H, P>(function Configured(props, ref): ReactNode {
    const key = contentKey(props.config);
    // The content, not the object, decides: a page that builds its config on every render keeps its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parse again only when the config's content changes
    const parsed = useMemo(() => parse(props.config), [key]);
    if (!parsed.ok) return <ConfigErrorBox component={component} errors={parsed.errors} />;
    const viewProps = {...(props as PropsWithoutRef<P>), config: parsed.config, handleRef: ref} as unknown as ViewProps<P, C, H>;
    return <View key={key} {...viewProps} />;
  });
}
