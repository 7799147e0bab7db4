import {useImperativeHandle, useLayoutEffect, useRef, type HTMLInputAutoCompleteAttribute, type ReactNode, type Ref} from 'react';
import styles from './ui.module.css';

export type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  /** Shown after the label for optional fields, e.g. "(optional)". */
  optionalText?: string;
  hint?: string;
  error?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  prefix?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra content under the input, such as an email suggestion. */
  children?: ReactNode;
  /** Reformats what is typed (a card number's groups, an expiry's "/"), given the value before; the caret stays after the same digits. */
  format?: (typed: string, previous: string) => string;
};

/** Where the caret goes in `text` to sit just after its `digits`-th digit (at the start for none). */
function afterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i]!)) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * A labelled input whose hint and error are tied to it with aria-describedby.
 * It has no `maxlength`: it takes what is typed, and the field's check says
 * what is wrong, as GOV.UK's inputs do.
 */
export function TextField(props: TextFieldProps): ReactNode {
  const {
    id,
    label,
    value,
    onChange,
    onBlur,
    required,
    optionalText,
    hint,
    error,
    prefix,
    children,
    inputRef,
    type,
    autoComplete,
    inputMode,
    format,
  } = props;
  const own = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  // The caller's ref gets the same input this field keeps for its caret.
  useImperativeHandle(inputRef, () => own.current!, []);
  // After a reformat, the caret goes back after the same digits it followed, wherever the separators moved.
  useLayoutEffect(() => {
    if (caret.current === null || !own.current) return;
    own.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field} data-invalid={error ? '' : undefined} part="field">
      <label htmlFor={id} className={styles.label} part="label">
        {label}
        {/* One text node: React's server HTML puts a comment between " " and the text, and Chrome's name then loses the space. */}
        {!required && optionalText && <span className={styles.optional}>{` ${optionalText}`}</span>}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.inputWrap}>
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          ref={own}
          className={styles.input}
          part="input"
          type={type ?? 'text'}
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={type === 'email' ? false : undefined}
          onChange={(event) => {
            const input = event.currentTarget;
            if (!format) return onChange(input.value);
            const at = input.selectionStart ?? input.value.length;
            const next = format(input.value, value);
            const atEnd = at === input.value.length;
            caret.current = atEnd ? next.length : afterDigits(next, input.value.slice(0, at).replace(/\D/g, '').length);
            onChange(next);
          }}
          onBlur={onBlur}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.error} part="error">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

export type CheckboxProps = {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  /** A document the box agrees to, linked beside the label (outside it, so the link is not part of the box's name). */
  link?: {href: string; text: string; newTab: string};
};

export function Checkbox({id, label, checked, onChange, onBlur, required, error, link}: CheckboxProps): ReactNode {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.checkbox} data-invalid={error ? '' : undefined} part="field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.currentTarget.checked)}
        onBlur={onBlur}
      />
      <label htmlFor={id}>{label}</label>
      {link && (
        <a className={styles.checkboxLink} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.text}
          <span className={styles.visuallyHidden}> {link.newTab}</span>
        </a>
      )}
      {error && (
        <p id={errorId} className={styles.error} part="error">
          {error}
        </p>
      )}
    </div>
  );
}
