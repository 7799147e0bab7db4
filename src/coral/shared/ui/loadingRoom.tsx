/**
 * The room a component keeps while its published config is on its way, so the
 * page below does not jump when the form arrives: one height for every
 * component (each would cost the embed's first script bytes), which a page
 * sets to its own form's with `--coral-loading-height` on the element (or on
 * the React component's parent).
 */
import type {ReactNode} from 'react';

/** The min-height a component keeps while loading: a short donate form's or petition's, unless the page says otherwise. */
export const LOADING_ROOM = 'var(--coral-loading-height,500px)';

/** An empty box of the component's room, while its config loads. */
export function LoadingRoom(): ReactNode {
  return <div style={{minHeight: LOADING_ROOM}} />;
}
