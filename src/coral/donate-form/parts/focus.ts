import {useLayoutEffect, useRef, type RefObject} from 'react';

/**
 * A step that opens after the form first rendered (the next wizard step, or the
 * small form's details once opened) takes focus at its heading, so keyboard
 * and screen-reader users land where the new content starts.
 */
export function useFocusOnOpen(open: RefObject<boolean>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (open.current) heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);
  return heading;
}

/** A ref that never reports an opening: for a section that should not take focus when it mounts. */
export const NEVER_OPENED: RefObject<boolean> = {current: false};
