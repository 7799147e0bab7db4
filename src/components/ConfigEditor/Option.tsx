/**
 * One control per option, chosen by the option's kind in the schema's tree:
 * the same walker for every component, so a new option needs no new code.
 */
import {createContext, useContext, useId, useState, type ReactNode} from 'react';
import {counted, pathOf} from '../../coral/shared/config';
import type {OptionNode} from '../../coral/shared/schemaTree';
import {isRecord, moved, newItem, variantStarter, withKey} from './model';
import styles from './styles.module.css';

export type Path = readonly (string | number)[];

/** The schema's problems with the draft, by the dotted path the parse result gives each. */
export const ProblemsContext = createContext<ReadonlyMap<string, readonly string[]>>(new Map());

type Props<N extends OptionNode = OptionNode> = {
  node: N;
  path: Path;
  /** The option's value in the draft; undefined when the draft leaves it to its default. */
  value: unknown;
  onChange: (value: unknown) => void;
  /** The option's readable name (its title, or a list item's "Handles 2"): the control's accessible name. */
  label: string;
};

/** A name as it reads inside a sentence ("Add to frequencies"), keeping an acronym that starts it ("URL parameters"). */
const inSentence = (name: string): string => (/^[A-Z]{2}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1));

const shownDefault = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

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

/** The option's description, its limits and its default, as the schema gives them. */
function Hint({node, id, limits}: {node: OptionNode; id: string; limits?: string | null}): ReactNode {
  const showDefault = node.default !== undefined && !(node.kind === 'group' && isRecord(node.default));
  return (
    <p id={id} className={styles.hint}>
      {node.description}
      {limits && <> {limits}</>}
      {node.required && <> Required.</>}
      {showDefault && (
        <>
          {' '}
          Default: <code>{shownDefault(node.default)}</code>.
        </>
      )}
    </p>
  );
}

function useProblems(path: Path): readonly string[] {
  return useContext(ProblemsContext).get(pathOf(path)) ?? [];
}

/** How many problems lie at or under a path: a closed group still says it holds some. */
function useProblemsUnder(path: Path): number {
  const problems = useContext(ProblemsContext);
  const here = pathOf(path);
  let count = 0;
  for (const [key, lines] of problems) {
    if (key === here || key.startsWith(`${here}.`) || key.startsWith(`${here}[`)) count += lines.length;
  }
  return count;
}

function Problem({id, lines}: {id: string; lines: readonly string[]}): ReactNode {
  if (lines.length === 0) return null;
  return (
    <p id={id} className={styles.problem}>
      {lines.join('; ')}
    </p>
  );
}

/** The ids a control needs, and its aria-describedby with the problem's when there is one. */
function useIds(problems: readonly string[]) {
  const id = useId();
  const hint = `${id}-hint`;
  const problem = `${id}-problem`;
  return {
    id,
    name: `${id}-name`,
    hint,
    problem,
    describedBy: problems.length > 0 ? `${hint} ${problem}` : hint,
    invalid: problems.length > 0,
  };
}
type Ids = ReturnType<typeof useIds>;

/** The key a config writes for the option, beside its name: shown, but no part of the control's accessible name. */
function Key({node}: {node: OptionNode}): ReactNode {
  return node.key === '' ? null : (
    <>
      {' '}
      <code className={styles.key}>{node.key}</code>
    </>
  );
}

/** A fieldset's legend: the name, which names the fieldset (`aria-labelledby`), and the key beside it. */
function Legend({node, ids, label}: {node: OptionNode; ids: Ids; label: string}): ReactNode {
  return (
    <legend className={styles.name}>
      <span id={ids.name} className={styles.label}>
        {label}
      </span>
      <Key node={node} />
    </legend>
  );
}

/** An option with one control: its label, the schema's hint, the control itself, and any problem under it. */
function Labelled({
  node,
  ids,
  label,
  limits,
  problems,
  children,
}: {
  node: OptionNode;
  ids: Ids;
  label: string;
  limits?: string | null;
  problems: readonly string[];
  children: ReactNode;
}): ReactNode {
  return (
    <div className={styles.option}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      <Key node={node} />
      <Hint node={node} id={ids.hint} limits={limits} />
      {children}
      <Problem id={ids.problem} lines={problems} />
    </div>
  );
}

function Choice({node, path, value, onChange, label}: Props<OptionNode & {kind: 'choice'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const current = value ?? node.default;
  const unsettable = !node.required && node.default === undefined;
  if (node.values.length <= 4 && !unsettable) {
    return (
      <fieldset
        className={styles.option}
        aria-labelledby={ids.name}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
      >
        <Legend node={node} ids={ids} label={label} />
        <Hint node={node} id={ids.hint} />
        <div className={styles.radios}>
          {node.values.map((choice) => (
            <label key={String(choice)} className={styles.radio}>
              <input type="radio" name={ids.id} checked={current === choice} onChange={() => onChange(choice)} /> {String(choice)}
            </label>
          ))}
        </div>
        <Problem id={ids.problem} lines={problems} />
      </fieldset>
    );
  }
  return (
    <Labelled node={node} ids={ids} label={label} problems={problems}>
      <select
        id={ids.id}
        className={styles.input}
        value={current === undefined ? '' : String(current)}
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

function Switch({node, path, value, onChange, label}: Props<OptionNode & {kind: 'switch'}>): ReactNode {
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

function NumberOption({node, path, value, onChange, label}: Props<OptionNode & {kind: 'number'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  // What was typed, kept while it means the draft's value: "12." stays as typed rather than jumping to "12".
  const [typed, setTyped] = useState(typeof value === 'number' ? String(value) : '');
  const shown =
    (typed === '' && value === undefined) || (typed !== '' && Number(typed) === value) ? typed : value === undefined ? '' : String(value);
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

function TextOption({node, path, value, onChange, label}: Props<OptionNode & {kind: 'text'}>): ReactNode {
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
function OtherOption({node, path, value, onChange, label}: Props): ReactNode {
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

/** The options of a group or of one shape of a union, each writing its key into the group's object. */
function Children({
  nodes,
  path,
  object,
  onChange,
}: {
  nodes: readonly OptionNode[];
  path: Path;
  object: unknown;
  onChange: (value: unknown) => void;
}) {
  const record = isRecord(object) ? object : undefined;
  return nodes.map((child) => (
    <Option
      key={child.key}
      node={child}
      path={[...path, child.key]}
      value={record?.[child.key]}
      label={child.title}
      onChange={(inner) => onChange(withKey(record, child.key, inner))}
    />
  ));
}

function ProblemCount({id, count}: {id: string; count: number}): ReactNode {
  return count > 0 ? (
    <span id={id} className={styles.count}>
      {' '}
      ({counted('problem', count)})
    </span>
  ) : null;
}

function Group({node, path, value, onChange, label}: Props<OptionNode & {kind: 'group'}>): ReactNode {
  const ids = useIds([]);
  const inside = useProblemsUnder(path);
  const object = isRecord(value) ? value : node.default;
  const removable = !node.required && node.default === undefined && value !== undefined;
  return (
    <details className={styles.group} open={inside > 0 || undefined}>
      <summary className={styles.summary} aria-labelledby={inside > 0 ? `${ids.name} ${ids.id}-count` : ids.name}>
        <span id={ids.name} className={styles.label}>
          {label}
        </span>
        <Key node={node} />
        <ProblemCount id={`${ids.id}-count`} count={inside} />
      </summary>
      <div className={styles.groupBody} role="group" aria-labelledby={ids.name} aria-describedby={ids.hint}>
        <Hint node={node} id={ids.hint} />
        <Children nodes={node.children} path={path} object={object} onChange={onChange} />
        {removable && (
          <button type="button" className="button button--sm button--secondary" onClick={() => onChange(undefined)}>
            Remove {inSentence(label)}
          </button>
        )}
      </div>
    </details>
  );
}

function Union({node, path, value, onChange, label}: Props<OptionNode & {kind: 'union'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const object = isRecord(value) ? value : isRecord(node.default) ? node.default : undefined;
  const shape = object?.[node.discriminator];
  const variant = node.variants.find((candidate) => candidate.value === shape);
  const unsettable = !node.required && node.default === undefined;
  return (
    <fieldset className={styles.option} aria-labelledby={ids.name} aria-describedby={ids.describedBy}>
      <Legend node={node} ids={ids} label={label} />
      <Hint node={node} id={ids.hint} />
      <div className={styles.inner}>
        <label htmlFor={ids.id}>{node.discriminatorTitle}</label> <code className={styles.key}>{node.discriminator}</code>
      </div>
      <select
        id={ids.id}
        className={styles.input}
        value={typeof shape === 'string' ? shape : ''}
        aria-invalid={ids.invalid || undefined}
        onChange={(event) => onChange(event.target.value === '' ? undefined : variantStarter(node, event.target.value))}
      >
        {unsettable && <option value="">(none)</option>}
        {node.variants.map((candidate) => (
          <option key={candidate.value} value={candidate.value}>
            {candidate.value}
          </option>
        ))}
      </select>
      <Problem id={ids.problem} lines={problems} />
      {variant && <Children nodes={variant.children} path={path} object={object} onChange={onChange} />}
    </fieldset>
  );
}

function List({node, path, value, onChange, label}: Props<OptionNode & {kind: 'list'}>): ReactNode {
  const problems = useProblems(path);
  const ids = useIds(problems);
  const list: unknown[] = Array.isArray(value) ? value : Array.isArray(node.default) ? node.default : [];
  const [adding, setAdding] = useState('');
  const full = node.maxItems !== undefined && list.length >= node.maxItems;
  const least = node.minItems ?? 0;
  const item = node.item;
  const choices = item.kind === 'choice' ? item.values.filter((choice) => !list.includes(choice)) : [];
  const toAdd = choices.find((choice) => String(choice) === adding) ?? choices[0];
  return (
    <fieldset
      className={styles.option}
      aria-labelledby={ids.name}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid || undefined}
    >
      <Legend node={node} ids={ids} label={label} />
      <Hint node={node} id={ids.hint} />
      <ol className={styles.items}>
        {list.map((entry, i) => {
          const name = item.kind === 'choice' ? String(entry) : `${label} ${i + 1}`;
          return (
            // Items have no identity of their own but their place; moving one moves its controls' contents with it.
            <li key={i} className={styles.item}>
              {item.kind === 'choice' ? (
                <span className={styles.itemName}>{String(entry)}</span>
              ) : item.kind === 'group' ? (
                <fieldset className={styles.itemGroup}>
                  <legend className={styles.label}>{name}</legend>
                  <Children
                    nodes={item.children}
                    path={[...path, i]}
                    object={entry}
                    onChange={(next) => onChange(list.map((old, j) => (j === i ? next : old)))}
                  />
                </fieldset>
              ) : (
                <Option
                  node={item}
                  path={[...path, i]}
                  value={entry}
                  label={name}
                  onChange={(next) => onChange(list.map((old, j) => (j === i ? next : old)))}
                />
              )}
              <div className={styles.itemActions}>
                {(
                  [
                    ['Up', `Move ${name} up`, i === 0, () => moved(list, i, i - 1)],
                    ['Down', `Move ${name} down`, i === list.length - 1, () => moved(list, i, i + 1)],
                    ['Remove', `Remove ${name}`, list.length <= least, () => list.filter((_, j) => j !== i)],
                  ] as const
                ).map(([text, action, disabled, next]) => (
                  <button
                    key={text}
                    type="button"
                    className="button button--sm button--secondary"
                    aria-label={action}
                    disabled={disabled}
                    onClick={() => onChange(next())}
                  >
                    {text}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      {item.kind === 'choice' ? (
        choices.length > 0 &&
        !full && (
          <div className={styles.add}>
            <label className={styles.inner} htmlFor={`${ids.id}-add`}>
              Add to {inSentence(label)}
            </label>
            <select id={`${ids.id}-add`} className={styles.input} value={String(toAdd)} onChange={(event) => setAdding(event.target.value)}>
              {choices.map((choice) => (
                <option key={String(choice)} value={String(choice)}>
                  {String(choice)}
                </option>
              ))}
            </select>
            <button type="button" className="button button--sm button--primary" onClick={() => onChange([...list, toAdd])}>
              Add
            </button>
          </div>
        )
      ) : (
        <button
          type="button"
          className="button button--sm button--primary"
          disabled={full}
          onClick={() => onChange([...list, newItem(node, list)])}
        >
          Add to {inSentence(label)}
        </button>
      )}
      <Problem id={ids.problem} lines={problems} />
    </fieldset>
  );
}

/** The control for one option, by its kind. */
export function Option(props: Props): ReactNode {
  const {node} = props;
  switch (node.kind) {
    case 'choice':
      return <Choice {...props} node={node} />;
    case 'switch':
      return <Switch {...props} node={node} />;
    case 'number':
      return <NumberOption {...props} node={node} />;
    case 'text':
      return <TextOption {...props} node={node} />;
    case 'list':
      return <List {...props} node={node} />;
    case 'group':
      return <Group {...props} node={node} />;
    case 'union':
      return <Union {...props} node={node} />;
    case 'other':
      return <OtherOption {...props} />;
  }
}
