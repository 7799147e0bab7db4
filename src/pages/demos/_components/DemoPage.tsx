import {lazy, Suspense, useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {embedReleaseOf, embedSnippet, type CoralTag} from '@site/src/embed/snippet';
import {hasConfigFragment} from '@site/src/components/ConfigLink';
import styles from './DemoPage.module.css';

export type TestCard = {number: string; result: string};
export type TestSignup = {email: string; result: string};

type Props = {
  title: string;
  /** One line on when a campaigner would pick this set-up. */
  whenToUse: string;
  /** The demo's own config, as the live component first receives it and Reset returns to. */
  config: unknown;
  /** The live component (and anything around it) for a config: the demo's own, or one being customised. */
  render: (config: unknown) => ReactNode;
  /** The custom element that shows the same component on any page, and the id it gets. */
  embed: {tag: CoralTag; id: string};
  /** Sandbox card numbers, shown on demos that take a payment. */
  testCards?: readonly TestCard[];
  /** Sandbox signup addresses, shown on demos that take a signature. */
  testSignups?: readonly TestSignup[];
  /** Extra notes under the config: what to try on this demo. */
  notes?: ReactNode;
  /** Give the live component the full width, with the config below it. */
  wide?: boolean;
};

// The editor's code loads when its tab opens, so a demo's first load carries none of it.
const ConfigEditor = lazy(() => import('@site/src/components/ConfigEditor'));

type FromLink = {ok: true} | {ok: false; errors: string[]};

/** The config a `#config=` link carries, checked by the component's schema; the editor's code, which checks it, loads only for such a link. */
function useConfigFromLink(tag: CoralTag, load: (config: unknown) => void): FromLink | null {
  const [result, setResult] = useState<FromLink | null>(null);
  useEffect(() => {
    const hash = window.location.hash;
    if (!hasConfigFragment(hash)) return;
    let live = true;
    import('@site/src/components/ConfigEditor').then(
      ({configFromLink}) => {
        if (!live) return;
        const read = configFromLink(tag, hash);
        if (read.ok) load(read.config);
        setResult(read.ok ? {ok: true} : {ok: false, errors: read.errors});
      },
      () => live && setResult({ok: false, errors: ['The link’s config could not be checked: the connection failed. Reload the page.']}),
    );
    return () => {
      live = false;
    };
  }, [tag, load]);
  return result;
}

function LinkNotice({result}: {result: FromLink | null}): ReactNode {
  if (result === null) return null;
  if (result.ok) {
    return (
      <p role="status" className={styles.notice}>
        This demo shows the config carried in its address, from a link or your own changes. Reset, under Customise, brings back the demo’s
        own.
      </p>
    );
  }
  return (
    <div role="alert" className={`${styles.notice} ${styles.noticeBad}`}>
      <p>The link’s config was not loaded, so the demo shows its own:</p>
      <ul>
        {result.errors.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** The values the sandbox answers in its own way (card numbers, email addresses), with what each does. */
function SandboxValues({
  title,
  intro,
  column,
  rows,
  outro,
}: {
  title: string;
  intro: string;
  column: string;
  rows: [string, string][];
  outro?: string;
}): ReactNode {
  return (
    <>
      <Heading as="h2" className={styles.sideTitle}>
        {title}
      </Heading>
      <p>{intro}</p>
      <table className={styles.cards}>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([value, result]) => (
            <tr key={value}>
              <td>
                <code>{value}</code>
              </td>
              <td>{result}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {outro && <p>{outro}</p>}
    </>
  );
}

function EmbedSnippet({embed, config}: {embed: Props['embed']; config: unknown}): ReactNode {
  const site = useSite();
  return (
    <CodeBlock language="html" title="index.html">
      {embedSnippet({...embed, config, ...site})}
    </CodeBlock>
  );
}

/** Where the site is published, for the Customise tab's snippets. */
function useSite() {
  const {siteConfig} = useDocusaurusContext();
  return {origin: siteConfig.url, basePath: siteConfig.baseUrl, release: embedReleaseOf(siteConfig.customFields)};
}

/** The frame every demo shares: the live component, its copyable config, an editor for it, and how to try it. */
export default function DemoPage({title, whenToUse, config: own, render, embed, testCards, testSignups, notes, wide}: Props): ReactNode {
  const [config, setConfig] = useState<unknown>(own);
  const fromLink = useConfigFromLink(embed.tag, setConfig);
  const site = useSite();
  return (
    <Layout title={`${title} demo`} description={whenToUse}>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">{title}</Heading>
        <p className={styles.lead}>{whenToUse}</p>
        <LinkNotice result={fromLink} />
        <div className={wide ? styles.stack : styles.grid}>
          <section aria-label="Live demo" className={styles.live}>
            {render(config)}
          </section>
          <aside className={styles.side}>
            <Heading as="h2" className={styles.sideTitle}>
              Use it
            </Heading>
            <Tabs lazy>
              <TabItem value="config" label="Config" default>
                <p>The config of the component on this page, for the React component or the embed.</p>
                <CodeBlock language="json" title="config.json">
                  {JSON.stringify(config, null, 2)}
                </CodeBlock>
              </TabItem>
              <TabItem value="embed" label="Embed">
                <p>
                  Paste this into any HTML page, such as a landing-page builder’s custom HTML block, for the same working form. See{' '}
                  <Link to="/docs/donate-form-setup#add-it-to-any-html-page">adding Coral to any page</Link>.
                </p>
                <EmbedSnippet embed={embed} config={config} />
              </TabItem>
              <TabItem value="customise" label="Customise">
                <Suspense fallback={<p>Loading the editor…</p>}>
                  <ConfigEditor tag={embed.tag} own={own} config={config} onChange={setConfig} site={site} />
                </Suspense>
              </TabItem>
            </Tabs>
            {testCards && testCards.length > 0 && (
              <SandboxValues
                title="Test cards"
                intro="This demo pays through the in-browser sandbox: nothing is charged or sent anywhere."
                column="Card number"
                rows={testCards.map((card) => [card.number, card.result])}
                outro="Use any future expiry date and any three-digit CVC."
              />
            )}
            {testSignups && testSignups.length > 0 && (
              <SandboxValues
                title="Test addresses"
                intro="Signatures go to the in-browser sandbox: nothing is sent anywhere. The email address decides the answer."
                column="Email"
                rows={testSignups.map((signup) => [signup.email, signup.result])}
              />
            )}
            {notes}
          </aside>
        </div>
      </main>
    </Layout>
  );
}
