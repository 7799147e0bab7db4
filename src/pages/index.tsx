import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

type Area = {title: string; to: string; cta: string; body: string};

const areas: Area[] = [
  {
    title: 'Docs',
    to: '/docs/intro',
    cta: 'Read the introduction',
    body: 'What each component does, how to configure it, and recipes for common campaign pages.',
  },
  {
    title: 'Demos',
    to: '/docs/donate-form-demos',
    cta: 'See the demos',
    body: 'Working forms in every set-up, each with its config to copy. Pay with a test card; nothing is charged.',
  },
  {
    title: 'Blog',
    to: '/blog',
    cta: 'Read the blog',
    body: 'News about Coral and write-ups of what we learn putting forms in front of supporters.',
  },
];

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Supporter-engagement components" description={siteConfig.tagline}>
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.title}
            </Heading>
            <p className={styles.tagline}>{siteConfig.tagline}</p>
            <Link className="button button--secondary button--lg" to="/docs/intro">
              Get started
            </Link>
          </div>
        </div>
        <div className="container margin-vert--xl">
          <Heading as="h2" className={styles.areasTitle}>
            Find your way around
          </Heading>
          <ul className={styles.areas}>
            {areas.map((area) => (
              <li key={area.title} className={styles.area}>
                <Heading as="h3">{area.title}</Heading>
                <p>{area.body}</p>
                <Link to={area.to}>{area.cta}</Link>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </Layout>
  );
}
