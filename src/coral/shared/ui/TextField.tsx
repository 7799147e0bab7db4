import type {HTMLInputAutoCompleteAttribute, ReactNode, Ref} from 'react';
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
};

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
  } = props;
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
          ref={inputRef}
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
          onChange={(event) => onChange(event.currentTarget.value)}
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
