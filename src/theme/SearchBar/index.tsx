/**
 * Wraps the local search bar to keep it from taking focus back. The plugin
 * loads its index on the box's first focus and then focuses the box again when
 * the index arrives, even if a keyboard user has tabbed on to something else
 * by then (the index comes from a worker, so that focus call runs in a
 * message event). Once focus is elsewhere, only a focus call made while
 * handling the reader's own input (a click, a tap, the search shortcut) is let through.
 */
import {useEffect, useRef, type ComponentProps, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';

type Props = ComponentProps<typeof SearchBar>;

export default function SearchBarWrapper(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return undefined;
    input.focus = function focus(this: HTMLInputElement, options?: FocusOptions) {
      const event = window.event;
      const readerAction = event instanceof UIEvent && event.isTrusted;
      if (!readerAction && document.activeElement !== this) return;
      HTMLElement.prototype.focus.call(this, options);
    };
    return () => {
      Reflect.deleteProperty(input, 'focus');
    };
  }, []);
  return (
    <div ref={box} style={{display: 'contents'}}>
      <SearchBar {...props} />
    </div>
  );
}
