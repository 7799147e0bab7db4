import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export type DemoCard = {to: string; title: string; shows: string; features: readonly string[]};

/** Cards linking to demo pages: what each shows, and the options it uses. */
export default function DemoGallery({demos}: {demos: readonly DemoCard[]}): ReactNode {
  return (
    <ul className={styles.gallery}>
      {demos.map((demo) => (
        <li key={demo.to} className={styles.card}>
          <h3 className={styles.title}>
            <Link to={demo.to}>{demo.title}</Link>
          </h3>
          <p>{demo.shows}</p>
          <ul className={styles.features} aria-label="Options used">
            {demo.features.map((feature) => (
              <li key={feature}>
                <code>{feature}</code>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
