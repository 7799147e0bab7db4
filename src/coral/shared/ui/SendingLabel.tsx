import type {ReactNode} from 'react';
import ui from './ui.module.css';

/** A submit button's words: a spinner and what is being done while the request is out, its own words otherwise. */
export function SendingLabel({sending, busy, children}: {sending: boolean; busy: string; children: ReactNode}): ReactNode {
  return sending ? (
    <>
      <span className={ui.spinner} aria-hidden="true" />
      {busy}
    </>
  ) : (
    children
  );
}
