/**
 * Wraps the local search bar to keep it from taking focus back. The plugin
 * loads its index on the box's first focus and then focuses the box again when
 * the index arrives, even if a keyboard user has tabbed on to something else
 * by then. Only a focus call made while handling an event (a click, the
 * search shortcut) is let through once focus is elsewhere.
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
      if (window.event === undefined && document.activeElement !== this) return;
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
