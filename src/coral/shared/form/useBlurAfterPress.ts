/**
 * A field's own message appears when the supporter leaves it, and that can
 * move what is below it. A mouse press on the form's button leaves the field
 * at the press, so the message pushes the button down before the release, and
 * the release lands beside it: the click is lost. While a pointer is pressed
 * in the form, a blur waits until the press ends and its click has been handled.
 */
import {useCallback, useEffect, useRef, type RefObject} from 'react';

export function useBlurAfterPress<A extends {type: string}>(
  root: RefObject<HTMLElement | null>,
  dispatch: (action: A) => void,
): (action: A) => void {
  const pressed = useRef(false);
  const held = useRef<A[]>([]);
  const latest = useRef(dispatch);
  useEffect(() => {
    latest.current = dispatch;
  });

  useEffect(() => {
    const form = root.current;
    if (!form) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const press = () => {
      pressed.current = true;
    };
    const release = () => {
      if (!pressed.current) return;
      pressed.current = false;
      // The click follows the release in the same task; the held blurs come after it.
      timer = setTimeout(() => {
        for (const action of held.current.splice(0)) latest.current(action);
      });
    };
    form.addEventListener('pointerdown', press);
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(timer);
      form.removeEventListener('pointerdown', press);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, [root]);

  return useCallback((action: A) => {
    if (action.type === 'blur' && pressed.current) held.current.push(action);
    else latest.current(action);
  }, []);
}
