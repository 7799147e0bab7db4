/**
 * Reformatting as one types, keeping the caret after the same digits: kept
 * here, beside the sandbox's card fields that alone use it, so no form's
 * first load carries it.
 */
import {useLayoutEffect, useRef, type RefObject} from 'react';

/** Reformats what is typed (a card number's groups, an expiry's "/"), given the value before. */
export type Format = (typed: string, previous: string) => string;

/** Where the caret goes in `text` to sit just after its `digits`-th digit (at the start for none). */
export function afterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i]!)) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/** A TextField's `onChange` and `inputRef` that pass on what is typed reformatted, the caret staying after the same digits. */
export function useFormattedInput(
  value: string,
  onChange: (value: string) => void,
  format: Format,
): {onChange: (typed: string) => void; inputRef: RefObject<HTMLInputElement | null>} {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  // After a reformat, the caret goes back after the same digits it followed, wherever the separators moved.
  useLayoutEffect(() => {
    if (caret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  return {
    inputRef,
    onChange: (typed) => {
      const at = inputRef.current?.selectionStart ?? typed.length;
      const next = format(typed, value);
      const atEnd = at === typed.length;
      caret.current = atEnd ? next.length : afterDigits(next, typed.slice(0, at).replace(/\D/g, '').length);
      onChange(next);
    },
  };
}
