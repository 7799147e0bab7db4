import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import CoralScript from '@site/src/components/CoralScript';
import EventLog from '@site/src/components/EventLog';
import {testBench as donateTestBench} from '@site/src/coral/donate-form/examples/testBench';
import {DONATE_FORM_EVENTS, DonateForm} from '@site/src/coral/donate-form';
import {testBench as powerformTestBench} from '@site/src/coral/powerform/examples/testBench';
import {POWERFORM_EVENTS, Powerform} from '@site/src/coral/powerform';
import {testBench as thankYouTestBench} from '@site/src/coral/thank-you/examples/testBench';
import {THANK_YOU_EVENTS, ThankYou} from '@site/src/coral/thank-you';
import styles from './_components/TestBench.module.css';

const donate = donateTestBench;
const petition = powerformTestBench;
const thanks = thankYouTestBench;

/** The React twins' headings say so, so each twin is a landmark with a name of its own. */
const REACT_HEADINGS = {
  donate: {heading: 'Make a donation (React)'},
  petition: {heading: 'Add your name (React)'},
  thanks: {
    heading: 'Thank you, {name}! (React)',
    headingNoName: 'Thank you! (React)',
    receiptHeading: 'Your gift (React)',
    shareHeading: 'Ask a friend to join you (React)',
  },
};

const EVENTS = [...new Set([...DONATE_FORM_EVENTS, ...POWERFORM_EVENTS, ...THANK_YOU_EVENTS])];

function Pair({title, react, element}: {title: string; react: ReactNode; element: ReactNode}): ReactNode {
  return (
    <section className={styles.pair} aria-label={title}>
      <Heading as="h2">{title}</Heading>
      <div className={styles.columns}>
        <div className={styles.column}>
          <p className={styles.label}>React component</p>
          {react}
        </div>
        <div className={styles.column}>
          <p className={styles.label}>Custom element</p>
          {element}
        </div>
      </div>
    </section>
  );
}

export default function TestBench(): ReactNode {
  return (
    <Layout
      title="Test bench"
      description="Every Coral component as a React component and as a custom element, side by side, with a log of their events."
    >
      <CoralScript />
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">Test bench</Heading>
        <p className={styles.lead}>
          Every component twice: on the left as the React component this site uses, on the right as the custom element any page gets from{' '}
          <code>coral.js</code>, with the same config (but for the React one’s heading). Both send their <code>coral:</code> events and
          dataLayer pushes to the log below. Pay with <code>4242 4242 4242 4242</code>; open{' '}
          <a href="?amount=60&frequency=one-off&ref=CRL-BENCH1">this page with a gift in its address</a> to see both thank-you pages ask for
          a monthly gift.
        </p>
        <Pair
          title="Donate form"
          react={<DonateForm id="react-donate" headingLevel={3} config={{...donate, messages: REACT_HEADINGS.donate}} />}
          element={<coral-donate-form id="embed-donate" heading-level={3} config={JSON.stringify(donate)} />}
        />
        <Pair
          title="Powerform"
          react={<Powerform id="react-petition" headingLevel={3} config={{...petition, messages: REACT_HEADINGS.petition}} />}
          element={<coral-powerform id="embed-petition" heading-level={3} config={JSON.stringify(petition)} />}
        />
        <Pair
          title="Thank-you page"
          react={<ThankYou id="react-thanks" headingLevel={3} config={{...thanks, messages: REACT_HEADINGS.thanks}} />}
          element={<coral-thankyou id="embed-thanks" heading-level={3} config={JSON.stringify(thanks)} />}
        />
        <EventLog events={EVENTS} />
      </main>
    </Layout>
  );
}
