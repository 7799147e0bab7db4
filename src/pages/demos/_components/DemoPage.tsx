import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {embedReleaseOf, embedSnippet, type CoralTag} from '@site/src/embed/snippet';
import styles from './DemoPage.module.css';

export type TestCard = {number: string; result: string};
export type TestSignup = {email: string; result: string};

type Props = {
  title: string;
  /** One line on when a campaigner would pick this set-up. */
  whenToUse: string;
  /** The config exactly as the live component receives it. */
  config: unknown;
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
  children: ReactNode;
};

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
  const {siteConfig} = useDocusaurusContext();
  return (
    <CodeBlock language="html" title="index.html">
      {embedSnippet({
        ...embed,
        config,
        origin: siteConfig.url,
        basePath: siteConfig.baseUrl,
        release: embedReleaseOf(siteConfig.customFields),
      })}
    </CodeBlock>
  );
}

/** The frame every demo shares: the live component, its copyable config, and how to try it. */
export default function DemoPage({title, whenToUse, config, embed, testCards, testSignups, notes, wide, children}: Props): ReactNode {
  return (
    <Layout title={`${title} demo`} description={whenToUse}>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">{title}</Heading>
        <p className={styles.lead}>{whenToUse}</p>
        <div className={wide ? styles.stack : styles.grid}>
          <section aria-label="Live demo" className={styles.live}>
            {children}
          </section>
          <aside className={styles.side}>
            <Heading as="h2" className={styles.sideTitle}>
              Use it
            </Heading>
            <Tabs>
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
