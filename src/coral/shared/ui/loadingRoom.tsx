/**
 * The room a component keeps while its published config is on its way: about
 * the height of a usual form of its kind, so the page below does not jump when
 * the form arrives. A page whose form is taller or shorter sets
 * `--coral-loading-height` on the element (or on the React component's parent)
 * to its form's height.
 */
import type {ReactNode} from 'react';

const HEIGHTS: Record<string, string> = {'donate form': '500px', powerform: '600px', 'thank-you': '400px'};

/** The min-height a component of this name ("donate form", "powerform", "thank-you") keeps while loading. */
export const roomOf = (component: string): string => `var(--coral-loading-height,${HEIGHTS[component]})`;

/** An empty box of the component's room, while its config loads. */
export function LoadingRoom({component}: {component: string}): ReactNode {
  return <div part="loading" style={{minHeight: roomOf(component)}} />;
}
