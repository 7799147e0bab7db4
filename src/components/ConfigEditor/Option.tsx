/**
 * One control per option, chosen by the option's kind in the schema's tree:
 * the same walker for every component, so a new option needs no new code.
 * The options that hold others (group, union, list) live here with the walker,
 * since they walk on; one value's controls are in fields.tsx, their shared parts in frame.tsx.
 */
import {useState, type ReactNode} from 'react';
import {counted} from '../../coral/shared/config';
import type {OptionNode} from '../../coral/shared/docs';
import {Choice, NumberOption, OtherOption, Switch, TextOption} from './fields';
import {Fieldset, Hint, inSentence, Key, Legend, Problem, useIds, useProblems, useProblemsUnder, type Path, type Props} from './frame';
import {isRecord, moved, newItem, variantStarter, withKey} from './model';
import styles from './styles.module.css';

export {ProblemsContext, type Path} from './frame';

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
    <Fieldset node={node} ids={ids} label={label} problems={problems}>
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
    </Fieldset>
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
