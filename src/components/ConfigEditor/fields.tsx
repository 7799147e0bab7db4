/** The controls for an option that holds one value: a choice, a switch, a number, a text, or JSON for anything else. */
import {useState, type ReactNode} from 'react';
import {counted} from '../../coral/shared/config';
import type {OptionNode} from '../../coral/shared/docs';
import {Fieldset, Hint, inSentence, Key, Labelled, Problem, useIds, useProblems, type Props} from './frame';
import styles from './styles.module.css';

const amount = (value: number) => value.toLocaleString('en-AU', {maximumFractionDigits: 2});

/** The limits of a number, as a sentence. */
function numberLimits(node: OptionNode & {kind: 'number'}): string {
  const from =
    node.min !== undefined ? ` from ${amount(node.min)}` : node.exclusiveMin !== undefined ? ` above ${amount(node.exclusiveMin)}` : '';
  const to =
    node.max !== undefined ? ` to ${amount(node.max)}` : node.exclusiveMax !== undefined ? ` below ${amount(node.exclusiveMax)}` : '';
  const cents = node.step === 0.01 ? ', in dollars and cents' : '';
  return `${node.integer ? 'A whole number' : 'A number'}${from}${to}${cents}.`;
}

function textLimits(node: OptionNode & {kind: 'text'}): string | null {
  if (node.maxLength === undefined) return null;
  return node.minLength !== undefined && node.minLength > 1
    ? `${node.minLength} to ${counted('character', node.maxLength)}.`
    : `Up to ${counted('character', node.maxLength)}.`;
}

export function Choice({node, path, value, onChange, label}: Props<OptionNode & {kind: 'choice'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const current = value ?? node.default;
  const unsettable = !node.required && node.default === undefined;
  if (node.values.length <= 4 && !unsettable) {
    return (
      <Fieldset node={node} ids={ids} label={label} problems={problems}>
        <div className={styles.radios}>
          {node.values.map((choice) => (
            <label key={String(choice)} className={styles.radio}>
              <input type="radio" name={ids.id} checked={current === choice} onChange={() => onChange(choice)} /> {String(choice)}
            </label>
          ))}
        </div>
      </Fieldset>
    );
  }
  return (
    <Labelled node={node} ids={ids} label={label} problems={problems}>
      <select
        id={ids.id}
        className={styles.input}
        value={String(node.values.find((choice) => choice === current) ?? '')}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        onChange={(event) => onChange(node.values.find((choice) => String(choice) === event.target.value))}
      >
        {unsettable && <option value="">(not set)</option>}
        {node.values.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {String(choice)}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function Switch({node, path, value, onChange, label}: Props<OptionNode & {kind: 'switch'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const checked = typeof value === 'boolean' ? value : node.default === true;
  return (
    <div className={styles.option}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        <span className={styles.label}>{label}</span>
      </label>
      <Key node={node} />
      <Hint node={node} id={ids.hint} />
      <Problem id={ids.problem} lines={problems} />
    </div>
  );
}

export function NumberOption({node, path, value, onChange, label}: Props<OptionNode & {kind: 'number'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  // What was typed, kept while it means the draft's value: "12." stays as typed rather than jumping to "12".
  const [typed, setTyped] = useState(typeof value === 'number' ? String(value) : '');
  const shown =
    (typed === '' && value === undefined) || (typed !== '' && Number(typed) === value)
      ? typed
      : typeof value === 'number'
        ? String(value)
        : '';
  const min = node.min ?? (node.exclusiveMin !== undefined ? node.exclusiveMin + (node.step ?? 1) : undefined);
  return (
    <Labelled node={node} ids={ids} label={label} limits={numberLimits(node)} problems={problems}>
      <input
        id={ids.id}
        className={styles.input}
        type="number"
        inputMode={node.integer ? 'numeric' : 'decimal'}
        min={min}
        max={node.max ?? node.exclusiveMax}
        step={node.step ?? 'any'}
        value={shown}
        placeholder={typeof node.default === 'number' ? String(node.default) : undefined}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        onChange={(event) => {
          const text = event.target.value;
          setTyped(text);
          // A half-typed number ("1e") reads as empty: the draft keeps its value until the number is whole.
          if (text === '' && event.target.validity.badInput) return;
          onChange(text === '' ? undefined : Number(text));
        }}
      />
    </Labelled>
  );
}

export function TextOption({node, path, value, onChange, label}: Props<OptionNode & {kind: 'text'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const long = (node.maxLength ?? 0) > 160;
  // A text the schema lets be empty ("" for none) keeps an emptied box as "", with a button back to the default.
  const mayBeEmpty = node.minLength === 0 && !node.required;
  const common = {
    id: ids.id,
    className: styles.input,
    value: typeof value === 'string' ? value : '',
    maxLength: node.maxLength,
    // The default shows only while the draft leaves the option to it: an empty box that means "none" stays empty.
    placeholder: typeof node.default === 'string' && value === undefined ? node.default : undefined,
    'aria-describedby': ids.describedBy,
    'aria-invalid': ids.invalid || undefined,
    // Emptied, an optional text goes back to its default; a required one stays, for the schema to say it is missing.
    onChange: (event: {target: {value: string}}) =>
      onChange(event.target.value === '' && !node.required && !mayBeEmpty ? undefined : event.target.value),
  };
  return (
    <Labelled node={node} ids={ids} label={label} limits={textLimits(node)} problems={problems}>
      {long ? <textarea rows={2} {...common} /> : <input type="text" {...common} />}
      {mayBeEmpty && value !== undefined && (
        <button type="button" className={`button button--sm button--secondary ${styles.useDefault}`} onClick={() => onChange(undefined)}>
          Use the default for {inSentence(label)}
        </button>
      )}
    </Labelled>
  );
}

/** Anything the walker has no control for, as JSON: still editable, still checked by the schema. */
export function OtherOption({node, path, value, onChange, label}: Props): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value));
  const [unreadable, setUnreadable] = useState(false);
  return (
    <Labelled node={node} ids={ids} label={`${label} (JSON)`} problems={unreadable ? ['not JSON', ...problems] : problems}>
      <textarea
        id={ids.id}
        className={styles.input}
        rows={2}
        value={text}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || unreadable || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text.trim() === '') return onChange(undefined);
          try {
            onChange(JSON.parse(text));
            setUnreadable(false);
          } catch {
            setUnreadable(true);
          }
        }}
      />
    </Labelled>
  );
}
