/**
 * "Publish to your endpoint": checks the admin token and reads the version the endpoint has of a form, shows what
 * this config would change, and publishes it as the next version. The admin token lives in this panel's state only:
 * it is never stored, never put in the address and never logged, and leaves the page only as a bearer header.
 */
import {useId, useMemo, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode} from 'react';
import {publishedKeyProblems, type FormAnswer, type FormComponent} from '../../coral/contract';
import type {OptionNode} from '../../coral/shared/docs';
import {absolutise, formByIdSnippet, scriptTag, type CoralTag, type EmbedRelease} from '../../embed/snippet';
import {changeLine, keptInWords, publishChanges} from './changes';
import {COMPONENTS} from './components';
import {checkOf, type Kept} from './published';
import {endpointOf, idProblem, publishForm, readList, readPublished, suggestedId, type Failure} from './publishing';
import styles from './styles.module.css';

/** Where the site is published, for the snippet's script and the config's site paths. */
export type SiteAddress = {origin: string; basePath: string; release: EmbedRelease | null};

type Props = {
  tag: CoralTag;
  tree: readonly OptionNode[];
  config: unknown;
  site: SiteAddress;
  /** What goes with the config beside its component's options (a pasted experiment and visitor setting). */
  kept?: Kept;
  /** Leaves `kept` out of what is published. */
  onLeaveOut?: () => void;
};

/**
 * What the endpoint has under the id: `component` and `newest` (its newest version, withdrawn or not) from its list,
 * null for a form it has not got, and `form`, the newest version standing, null when there is none.
 */
type Read = {endpoint: string; id: string; listed: {component: FormComponent; newest: number} | null; form: FormAnswer | null};
type Outcome = {note: string} | Failure | {ok: true; version: number; plan?: string; snippet: string};

function Field({label, hint, ...input}: {label: string; hint: ReactNode} & InputHTMLAttributes<HTMLInputElement>): ReactNode {
  const id = useId();
  return (
    <div>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <input id={id} className={styles.input} aria-describedby={`${id}-hint`} spellCheck={false} {...input} />
    </div>
  );
}

function Lines({lines}: {lines: readonly string[]}): ReactNode {
  return (
    <ul>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function OutcomeText({outcome, copy}: {outcome: Outcome | null; copy: (snippet: string) => void}): ReactNode {
  if (outcome === null) return null;
  if ('note' in outcome) return <p>{outcome.note}</p>;
  if (!outcome.ok) {
    return (
      <div className={styles.problem}>
        <p>{outcome.message}</p>
        {outcome.problems && <Lines lines={outcome.problems} />}
      </div>
    );
  }
  return (
    <>
      <p>Published as version {outcome.version}. Pages that embed the form by its id show it within a minute:</p>
      <pre className={`${styles.code} ${styles.snippet}`}>
        <code>{outcome.snippet}</code>
      </pre>
      <button type="button" className="button button--sm button--primary" onClick={() => copy(outcome.snippet)}>
        Copy snippet
      </button>
      {outcome.plan !== undefined && <p>The experiment’s plan: {outcome.plan}</p>}
    </>
  );
}

/** Why the Publish button does nothing now, or null when it publishes. */
function held(read: Read, lines: readonly string[], problems: readonly string[]): string | null {
  if (problems.length > 0) return 'The experiment does not fit this config, so the endpoint would refuse it:';
  if (read.form !== null && lines.length === 0) return `No change from version ${read.form.version}: nothing to publish.`;
  return null;
}

/** What the read found, against this config: the lines of change, or why this id cannot take it. */
function Changes({read, lines, reason, reasonId}: {read: Read; lines: string[]; reason: string | null; reasonId: string}): ReactNode {
  const next = (read.listed?.newest ?? 0) + 1;
  return (
    <>
      {lines.length > 0 && (
        <>
          <p>
            {read.form !== null
              ? `What changes from version ${read.form.version}:`
              : read.listed === null
                ? `“${read.id}” is not on this endpoint yet: version 1 will hold these options.`
                : `Every version of “${read.id}” is withdrawn: version ${next} will hold these options.`}
          </p>
          <Lines lines={lines} />
        </>
      )}
      {reason !== null && (
        <p id={reasonId} className={styles.problem}>
          {reason}
        </p>
      )}
    </>
  );
}

export function Publish({tag, tree, config, site, kept = {}, onLeaveOut}: Props): ReactNode {
  const {component, parse} = COMPONENTS[tag];
  const reasonId = useId();
  const [endpointText, setEndpointText] = useState('');
  const [token, setToken] = useState('');
  // The campaign's id until the person gives one of their own: a campaign changed in the tab changes it.
  const [typedId, setTypedId] = useState<string | null>(null);
  const id = typedId ?? suggestedId(config);
  const [by, setBy] = useState('');
  const [lastRead, setRead] = useState<Read | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [copied, setCopied] = useState('');
  // A read of another id (the campaign changed since) says nothing of this one.
  const read = lastRead?.id === id ? lastRead : null;
  const origin = typeof window === 'undefined' ? site.origin : window.location.origin;
  const sent = useMemo(
    () => absolutise({...(config as object), ...kept}, site.origin, site.basePath) as Record<string, unknown>,
    [config, kept, site],
  );
  const other = read?.listed && read.listed.component !== component ? read.listed.component : null;
  const lines = useMemo(
    () => (read && other === null ? publishChanges(tree, read.form?.config ?? null, sent).map(changeLine) : []),
    [read, other, tree, sent],
  );
  const problems = useMemo(() => {
    const {experiment, visitor, ...rest} = sent;
    return publishedKeyProblems(component, rest, {experiment, visitor}, checkOf(parse));
  }, [component, parse, sent]);
  const reason = read === null ? null : held(read, lines, problems);
  const hasKept = kept.experiment !== undefined || kept.visitor !== undefined;

  const changed = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setRead(null);
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const endpoint = endpointOf(endpointText);
    if (!endpoint.ok) return setOutcome(endpoint);
    const badId = idProblem(id);
    if (badId !== null) return setOutcome({ok: false, message: badId});
    if (token.trim() === '')
      return setOutcome({ok: false, message: 'The admin token: paste the value of the endpoint’s CORAL_ADMIN_TOKEN.'});
    setOutcome({note: `Reading what ${endpoint.endpoint} has of “${id}”…`});
    // The token is checked first, by the list, which also says whether there is a form to read.
    const list = await readList(endpoint.endpoint, token.trim(), origin);
    if (!list.ok) return setOutcome(list);
    const found = list.forms.find((form) => form.form === id);
    const listed = found ? {component: found.component, newest: Math.max(...found.versions.map((version) => version.version))} : null;
    const standing = found?.component === component && found.versions.some((version) => version.withdrawnAt === null);
    let form: FormAnswer | null = null;
    if (standing) {
      const published = await readPublished(endpoint.endpoint, id, origin);
      if (!published.ok) return setOutcome(published);
      form = published.form;
    }
    setRead({endpoint: endpoint.endpoint, id, listed, form});
    // Said in the live region, so a screen reader hears that the list of changes is there.
    setOutcome({
      note:
        found === undefined
          ? `“${id}” is new on this endpoint.`
          : form === null
            ? `“${id}” is on this endpoint, with no version standing.`
            : `Read version ${form.version} of “${id}”.`,
    });
  };

  const publish = async () => {
    if (read === null || reason !== null) return;
    setOutcome({note: `Publishing “${read.id}”…`});
    const made = await publishForm({endpoint: read.endpoint, token: token.trim(), id: read.id, component, config: sent, by}, origin);
    if (!made.ok) return setOutcome(made);
    const snippet = formByIdSnippet({
      tag,
      form: read.id,
      endpoint: read.endpoint,
      script: scriptTag(site.origin, site.basePath, site.release),
    });
    setRead({
      ...read,
      listed: {component, newest: made.version},
      form: {
        form: read.id,
        version: made.version,
        component,
        campaign: typeof sent.campaign === 'string' ? sent.campaign : '',
        config: sent,
      },
    });
    setOutcome({...made, snippet});
  };

  const copy = (snippet: string) =>
    navigator.clipboard.writeText(snippet).then(
      () => setCopied('Snippet copied.'),
      () => setCopied('Copying was refused here: select the snippet and copy it.'),
    );

  return (
    <details className={styles.group}>
      <summary className={styles.summary}>Publish to your endpoint</summary>
      <form className={styles.groupBody} onSubmit={(event) => void check(event)}>
        <p className={styles.hint}>
          Keeps this config on your Coral endpoint as the form’s next version; a page then embeds the form by its id, and shows each new
          version without a change to the page.
        </p>
        {hasKept && (
          <div className={styles.kept}>
            <p>Published with it, from Paste a config: {keptInWords(kept)}.</p>
            {onLeaveOut && (
              <button type="button" className="button button--sm button--secondary" onClick={onLeaveOut}>
                {kept.experiment && kept.visitor
                  ? 'Leave both out'
                  : kept.experiment
                    ? 'Leave the experiment out'
                    : 'Leave the visitor setting out'}
              </button>
            )}
          </div>
        )}
        <Field
          label="Endpoint address"
          hint={<>Where your endpoint answers, e.g. https://coral.example.org. Its CORAL_ADMIN_ORIGINS must list {origin}.</>}
          type="url"
          required
          value={endpointText}
          onChange={changed(setEndpointText)}
        />
        <Field
          label="Admin token"
          hint="The endpoint’s CORAL_ADMIN_TOKEN, checked when the endpoint is read. Kept on this page only while it is open: never saved or put in the address."
          type="password"
          autoComplete="off"
          required
          value={token}
          onChange={changed(setToken)}
        />
        <Field
          label="Form id"
          hint="Letters, digits and dashes, e.g. save-the-reef-2026. It follows the campaign until you change it."
          required
          value={id}
          onChange={changed((value) => setTypedId(value))}
        />
        <Field
          label="Your name (optional)"
          hint="Kept with the version, to say who published it."
          value={by}
          onChange={(event) => setBy(event.target.value)}
        />
        <div className={styles.row}>
          <button type="submit" className="button button--sm button--secondary">
            Show what will change
          </button>
          {read !== null && other === null && (
            // aria-disabled, not disabled: the button keeps the focus it had when it published, and says why it is off.
            <button
              type="button"
              className={`button button--sm button--primary${reason === null ? '' : ' disabled'}`}
              aria-disabled={reason !== null || undefined}
              aria-describedby={reason === null ? undefined : reasonId}
              onClick={() => void publish()}
            >
              Publish version {(read.listed?.newest ?? 0) + 1}
            </button>
          )}
        </div>
        {read !== null && other !== null && (
          <p className={styles.problem}>
            “{read.id}” is a {other} on this endpoint: give this {component} another id.
          </p>
        )}
        {read !== null && other === null && <Changes read={read} lines={lines} reason={reason} reasonId={reasonId} />}
        {read !== null && other === null && problems.length > 0 && (
          <div className={styles.problem}>
            <Lines lines={problems} />
          </div>
        )}
        <div role="status" className={styles.outcome}>
          <OutcomeText outcome={outcome} copy={(snippet) => void copy(snippet)} />
          {copied && <p>{copied}</p>}
        </div>
      </form>
    </details>
  );
}
