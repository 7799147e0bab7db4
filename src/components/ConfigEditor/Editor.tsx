/**
 * The demos' Customise tab: a control for every option of the component's
 * schema, a live form that follows each valid change, a link that carries the
 * config, a box to paste one, and Reset.
 */
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import {describeError} from '../../coral/shared/configErrors';
import type {CoralTag} from '../../embed/snippet';
import type {OptionNode} from '../../coral/shared/docs';
import {COMPONENTS} from './components';
import {keptInWords} from './changes';
import {isRecord, sameValue, withKey, withoutDefaults, type Config} from './model';
import {Option, ProblemsContext} from './Option';
import {checkOf, readPasted, type Kept} from './published';
import {Publish, type SiteAddress} from './Publish';
import {configFragment, hasConfigFragment, readPastedConfig} from '../ConfigLink';
import styles from './styles.module.css';

export type EditorProps = {
  /** The element the demo embeds, which names its component. */
  tag: CoralTag;
  /** The demo's own config, which Reset brings back. */
  own: unknown;
  /** The config the live form shows now. */
  config: unknown;
  /** Called with each valid config, trimmed to what differs from the defaults. */
  onChange: (config: unknown) => void;
  /** Where the site is published: with it, the tab offers to publish the config to the campaigner's endpoint. */
  site?: SiteAddress;
};

/** The page's address with the config in its fragment; the query is left out, since it can hold a supporter's details. */
function linkTo(config: unknown): string {
  if (typeof window === 'undefined') return '';
  return `${window.location.origin}${window.location.pathname}${configFragment(config)}`;
}

/**
 * Keeps the page's address in step with the form: a changed config rides in
 * its fragment, so a reload keeps the changes and the address bar is the
 * link; the demo's own config needs none, and drops one. The fragment is
 * replaced, not pushed, so Back still leaves the page.
 */
function useAddressFollows(tree: readonly OptionNode[], own: unknown, config: unknown): void {
  useEffect(() => {
    const {pathname, search, hash} = window.location;
    const trimmed = (value: unknown) => withoutDefaults(tree, isRecord(value) ? value : {});
    const next = sameValue(trimmed(config), trimmed(own)) ? '' : configFragment(config);
    if (next === hash || (next === '' && !hasConfigFragment(hash))) return;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
  }, [tree, own, config]);
}

/** What a paste came to: loaded (with a line on what goes with it, if anything), or the lines that say why not. */
type PasteOutcome = {loaded: true; note: string | null} | {loaded: false; lines: string[]};

function Paste({check}: {check: (text: string) => PasteOutcome}): ReactNode {
  const id = useId();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<PasteOutcome | null>(null);
  return (
    <details className={styles.group}>
      <summary className={styles.summary}>Paste a config</summary>
      <div className={styles.groupBody}>
        <label className={styles.fieldLabel} htmlFor={id}>
          Pasted config
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          A config as JSON, or the embed snippet from a live page (its <code>config='…'</code> attribute or its JSON script), or a form as
          it is published, with its <code>component</code>, <code>experiment</code> and <code>visitor</code>, to publish it. It is checked
          before it is loaded.
        </p>
        <textarea
          id={id}
          className={`${styles.input} ${styles.code}`}
          rows={5}
          value={text}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="button" className="button button--sm button--primary" onClick={() => setOutcome(check(text))}>
          Check and load
        </button>
        <div role="status" className={styles.outcome}>
          {outcome?.loaded && (
            <>
              <p>Loaded: the form and the options above show it.</p>
              {outcome.note && <p>{outcome.note}</p>}
            </>
          )}
          {outcome && !outcome.loaded && (
            <>
              <p className={styles.problem}>Not loaded:</p>
              <ul className={styles.problem}>
                {outcome.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </details>
  );
}

/** What a pasted form's experiment and visitor setting come to here: the form shows the control, and they go with a publish. */
function keptNote({experiment, visitor}: Kept, publishes: boolean): string | null {
  if (experiment === undefined && visitor === undefined) return null;
  const control = experiment?.variants[0];
  const shows =
    control === undefined
      ? ''
      : Object.keys(control.changes).length === 0
        ? ` The form shows the control, “${control.id}”.`
        : ` The form shows the config its variants change; the control, “${control.id}”, changes it too.`;
  const goes = publishes ? 'Publish to your endpoint sends them with the config' : 'Only a form published on an endpoint reads them';
  return `Kept beside the options: ${keptInWords({experiment, visitor})}. ${goes}.${shows}`;
}

function Share({config}: {config: unknown}): ReactNode {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const link = linkTo(config);
  return (
    <div className={styles.share}>
      <label className={styles.fieldLabel} htmlFor={id}>
        Link to this config
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Opens this page with the form as it is now. The config rides after the <code>#</code>, which never reaches a server; no supporter’s
        details go with it.
      </p>
      <div className={styles.row}>
        <input
          id={id}
          className={`${styles.input} ${styles.code}`}
          readOnly
          value={link}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button--sm button--primary"
          onClick={() => {
            navigator.clipboard.writeText(link).then(
              () => setCopied('Link copied.'),
              () => setCopied('Copying was refused here: select the link above and copy it.'),
            );
          }}
        >
          Copy link
        </button>
      </div>
      <p role="status" className={styles.outcome}>
        {copied}
      </p>
    </div>
  );
}

/** The editor for the options of `tree`, the component's schema walked by `optionTree`. */
export function Editor({tag, tree, own, config, onChange, site}: EditorProps & {tree: readonly OptionNode[]}): ReactNode {
  const {parse, component} = COMPONENTS[tag];
  useAddressFollows(tree, own, config);
  const [draft, setDraft] = useState<Config>(() => (isRecord(config) ? config : {}));
  // A loaded or reset config starts the controls afresh, numbers typed half-way included.
  const [generation, setGeneration] = useState(0);
  const result = useMemo(() => parse(draft), [parse, draft]);
  const problems = useMemo(() => {
    const byPath = new Map<string, string[]>();
    if (!result.ok) for (const error of result.errors) byPath.set(error.path, [...(byPath.get(error.path) ?? []), error.message]);
    return byPath;
  }, [result]);

  const edit = (next: Config) => {
    setDraft(next);
    const parsed = parse(next);
    if (parsed.ok) onChange(withoutDefaults(tree, next));
  };
  // What a pasted published form carries beside its component's config, which the component never reads: sent with it.
  const [kept, setKept] = useState<Kept>({});
  const load = (next: Config, keep: Kept = {}) => {
    setGeneration((n) => n + 1);
    setKept(keep);
    edit(next);
  };
  const check = (text: string): PasteOutcome => {
    const read = readPastedConfig(text);
    if (!read.ok) return {loaded: false, lines: [read.message]};
    const pasted = readPasted(component, read.value, checkOf(parse));
    if (!pasted.ok) return {loaded: false, lines: pasted.problems};
    load(pasted.config, pasted.kept);
    return {loaded: true, note: keptNote(pasted.kept, site !== undefined)};
  };

  return (
    <div className={styles.editor}>
      <p>
        Change any option and the form on this page follows at once; Config and Embed give the result, with only what differs from the
        defaults. Each option says what it does and its default, and beside its name is the key the config and the config reference use for
        it.
      </p>
      <div className={styles.row}>
        <button type="button" className="button button--sm button--secondary" onClick={() => load(isRecord(own) ? own : {})}>
          Reset
        </button>
        <span className={styles.hint}>Back to this demo’s own config.</span>
      </div>
      <Share config={config} />
      {site && <Publish tag={tag} tree={tree} config={config} site={site} kept={kept} onLeaveOut={() => setKept({})} />}
      <Paste check={check} />
      <div role="status" className={styles.outcome}>
        {!result.ok && (
          <div className={styles.problems}>
            <p>The form keeps its last working config until {result.errors.length === 1 ? 'this is' : 'these are'} fixed:</p>
            <ul>
              {result.errors.map((error) => (
                <li key={`${error.path}:${error.message}`}>{describeError(error)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <ProblemsContext.Provider value={problems}>
        <div key={generation} className={styles.options}>
          {tree.map((node) => (
            <Option
              key={node.key}
              node={node}
              path={[node.key]}
              value={draft[node.key]}
              label={node.title}
              onChange={(value) => edit(withKey(draft, node.key, value))}
            />
          ))}
        </div>
      </ProblemsContext.Provider>
    </div>
  );
}
