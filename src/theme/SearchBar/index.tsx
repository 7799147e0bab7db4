/**
 * Wraps the local search bar so that focus stays where the reader put it.
 *
 * The plugin loads its index on the box's first focus, then wraps the box in
 * the suggestion list's markup, which moves the input in the DOM and drops its
 * focus, and then focuses it again. That focus call runs after the index
 * arrives from a worker, so it must be let through while the reader is still
 * in the box (or the move left focus nowhere), or the letters they go on typing
 * land on the page; but once the reader has tabbed or clicked elsewhere it
 * must not pull them back. A focus call made while handling the reader's own
 * input (a click, a tap, the search shortcut) always goes through.
 */
import {useEffect, useRef, type ComponentProps, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';

type Props = ComponentProps<typeof SearchBar>;

export default function SearchBarWrapper(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return undefined;
    let readerLeft = true;
    const arrived = () => {
      readerLeft = false;
    };
    const leftFor = (event: Event) => {
      if (event.target instanceof Node && !input.contains(event.target)) readerLeft = true;
    };
    input.addEventListener('focus', arrived);
    document.addEventListener('focusin', leftFor);
    document.addEventListener('pointerdown', leftFor, true);
    input.focus = function focus(this: HTMLInputElement, options?: FocusOptions) {
      const event = window.event;
      const readerAction = event instanceof UIEvent && event.isTrusted;
      if (!readerAction && readerLeft && document.activeElement !== this) return;
      HTMLElement.prototype.focus.call(this, options);
    };
    return () => {
      input.removeEventListener('focus', arrived);
      document.removeEventListener('focusin', leftFor);
      document.removeEventListener('pointerdown', leftFor, true);
      Reflect.deleteProperty(input, 'focus');
    };
  }, []);
  return (
    <div ref={box} style={{display: 'contents'}}>
      <SearchBar {...props} />
    </div>
  );
}
