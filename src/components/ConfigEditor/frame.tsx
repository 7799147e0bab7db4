/** What every option's control shares: its ids, its name and key, the schema's hint, its problems, and the `Labelled` frame. */
import {createContext, useContext, useId, type ReactNode} from 'react';
import {pathOf} from '../../coral/shared/config';
import type {OptionNode} from '../../coral/shared/docs';
import {isRecord} from './model';
import styles from './styles.module.css';

export type Path = readonly (string | number)[];

/** The schema's problems with the draft, by the dotted path the parse result gives each. */
export const ProblemsContext = createContext<ReadonlyMap<string, readonly string[]>>(new Map());

export type Props<N extends OptionNode = OptionNode> = {
  node: N;
  path: Path;
  /** The option's value in the draft; undefined when the draft leaves it to its default. */
  value: unknown;
  onChange: (value: unknown) => void;
  /** The option's readable name (its title, or a list item's "Handles 2"): the control's accessible name. */
  label: string;
};

/** A name as it reads inside a sentence ("Add to frequencies"), keeping an acronym that starts it ("URL parameters"). */
export const inSentence = (name: string): string => (/^[A-Z]{2}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1));

const shownDefault = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The option's description, its limits and its default, as the schema gives them. */
export function Hint({node, id, limits}: {node: OptionNode; id: string; limits?: string | null}): ReactNode {
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

export function useProblems(path: Path): readonly string[] {
  return useContext(ProblemsContext).get(pathOf(path)) ?? [];
}

/** How many problems lie at or under a path: a closed group still says it holds some. */
export function useProblemsUnder(path: Path): number {
  const problems = useContext(ProblemsContext);
  const here = pathOf(path);
  let count = 0;
  for (const [key, lines] of problems) {
    if (key === here || key.startsWith(`${here}.`) || key.startsWith(`${here}[`)) count += lines.length;
  }
  return count;
}

export function Problem({id, lines}: {id: string; lines: readonly string[]}): ReactNode {
  if (lines.length === 0) return null;
  return (
    <p id={id} className={styles.problem}>
      {lines.join('; ')}
    </p>
  );
}

/** The ids a control needs, and its aria-describedby with the problem's when there is one. */
export function useIds(problems: readonly string[]) {
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
export function Key({node}: {node: OptionNode}): ReactNode {
  return node.key === '' ? null : (
    <>
      {' '}
      <code className={styles.key}>{node.key}</code>
    </>
  );
}

/** A fieldset's legend: the name, which names the fieldset (`aria-labelledby`), and the key beside it. */
export function Legend({node, ids, label}: {node: OptionNode; ids: Ids; label: string}): ReactNode {
  return (
    <legend className={styles.name}>
      <span id={ids.name} className={styles.label}>
        {label}
      </span>
      <Key node={node} />
    </legend>
  );
}

/** An option with several controls: a fieldset named by its legend, the schema's hint, the controls, and any problem under them. */
export function Fieldset({
  node,
  ids,
  label,
  problems,
  children,
}: {
  node: OptionNode;
  ids: Ids;
  label: string;
  problems: readonly string[];
  children: ReactNode;
}): ReactNode {
  return (
    <fieldset
      className={styles.option}
      aria-labelledby={ids.name}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid || undefined}
    >
      <Legend node={node} ids={ids} label={label} />
      <Hint node={node} id={ids.hint} />
      {children}
      <Problem id={ids.problem} lines={problems} />
    </fieldset>
  );
}

/** An option with one control: its label, the schema's hint, the control itself, and any problem under it. */
export function Labelled({
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
