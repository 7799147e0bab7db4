/**
 * "Publish to your endpoint": reads the version the endpoint has of a form, shows what this config would change, and
 * publishes it as the next version. The admin token lives in this panel's state only: it is never stored, never put
 * in the address and never logged, and leaves the page only as the PUT's bearer header.
 */
import {useId, useMemo, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode} from 'react';
import type {FormAnswer} from '../../coral/contract';
import type {OptionNode} from '../../coral/shared/docs';
import {absolutise, formByIdSnippet, scriptTag, type CoralTag, type EmbedRelease} from '../../embed/snippet';
import {changeLine, configChanges} from './changes';
import {COMPONENTS} from './components';
import {endpointOf, idProblem, publishForm, readPublished, suggestedId, type Failure} from './publishing';
import styles from './styles.module.css';

/** Where the site is published, for the snippet's script and the config's site paths. */
export type SiteAddress = {origin: string; basePath: string; release: EmbedRelease | null};

type Props = {tag: CoralTag; tree: readonly OptionNode[]; config: unknown; site: SiteAddress};

type Read = {endpoint: string; id: string; form: FormAnswer | null};
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

function OutcomeText({outcome, copy}: {outcome: Outcome | null; copy: (snippet: string) => void}): ReactNode {
  if (outcome === null) return null;
  if ('note' in outcome) return <p>{outcome.note}</p>;
  if (!outcome.ok) {
    return (
      <div className={styles.problem}>
        <p>{outcome.message}</p>
        {outcome.problems && (
          <ul>
            {outcome.problems.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <>
      <p>Published as version {outcome.version}. Pages that embed the form by its id show it within a minute:</p>
      <pre className={styles.code}>
        <code>{outcome.snippet}</code>
      </pre>
      <button type="button" className="button button--sm button--primary" onClick={() => copy(outcome.snippet)}>
        Copy snippet
      </button>
      {outcome.plan !== undefined && <p>The experiment’s plan: {outcome.plan}</p>}
    </>
  );
}

/** What the read found, against this config: the lines of change, or why this id cannot take it. */
function Changes({read, component, lines}: {read: Read; component: string; lines: string[]}): ReactNode {
  if (read.form !== null && read.form.component !== component) {
    return (
      <p className={styles.problem}>
        “{read.id}” is a {read.form.component} on this endpoint: give this {component} another id.
      </p>
    );
  }
  if (lines.length === 0) return <p>No change from version {read.form?.version ?? 0}.</p>;
  return (
    <>
      <p>
        {read.form === null
          ? `“${read.id}” is not on this endpoint yet: version 1 will hold these options.`
          : `What changes from version ${read.form.version}:`}
      </p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

export function Publish({tag, tree, config, site}: Props): ReactNode {
  const {component} = COMPONENTS[tag];
  const [endpointText, setEndpointText] = useState('');
  const [token, setToken] = useState('');
  const [id, setId] = useState(() => suggestedId(config));
  const [by, setBy] = useState('');
  const [read, setRead] = useState<Read | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [copied, setCopied] = useState('');
  const origin = typeof window === 'undefined' ? site.origin : window.location.origin;
  const sent = useMemo(() => absolutise(config, site.origin, site.basePath) as Record<string, unknown>, [config, site]);
  const same = read?.form?.component === component;
  const lines = useMemo(
    () => (read ? configChanges(tree, same ? read.form!.config : null, sent).map(changeLine) : []),
    [read, same, tree, sent],
  );

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
    setOutcome({note: `Reading what ${endpoint.endpoint} has of “${id}”…`});
    const found = await readPublished(endpoint.endpoint, id, origin);
    if (!found.ok) return setOutcome(found);
    setRead({endpoint: endpoint.endpoint, id, form: found.form});
    // Said in the live region, so a screen reader hears that the list of changes is there.
    setOutcome({note: found.form === null ? `“${id}” is new on this endpoint.` : `Read version ${found.form.version} of “${id}”.`});
  };

  const publish = async () => {
    if (read === null) return;
    if (token.trim() === '')
      return setOutcome({ok: false, message: 'The admin token: paste the value of the endpoint’s CORAL_ADMIN_TOKEN.'});
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
          hint="The endpoint’s CORAL_ADMIN_TOKEN. Kept on this page only while it is open: never saved or put in the address."
          type="password"
          autoComplete="off"
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <Field label="Form id" hint="Letters, digits and dashes, e.g. save-the-reef-2026." required value={id} onChange={changed(setId)} />
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
          {read !== null && (read.form === null || same) && (
            <button type="button" className="button button--sm button--primary" onClick={() => void publish()}>
              Publish version {(read.form?.version ?? 0) + 1}
            </button>
          )}
        </div>
        {read !== null && <Changes read={read} component={component} lines={lines} />}
        <div role="status" className={styles.outcome}>
          <OutcomeText outcome={outcome} copy={(snippet) => void copy(snippet)} />
          {copied && <p>{copied}</p>}
        </div>
      </form>
    </details>
  );
}
