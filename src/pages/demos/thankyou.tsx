import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {standard as thankYouStandard} from '@site/src/coral/thank-you/examples/standard';
import {ThankYou} from '@site/src/coral/thank-you';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = thankYouStandard;

const example = '?amount=60&frequency=one-off&ref=CRL-DEMO1';

export default function ThankYouDemo(): ReactNode {
  return (
    <DemoPage
      title="Thank-you page"
      whenToUse="The page a donor lands on after giving: thanks by name, a receipt, ways to share the campaign, and for one-off donors a single ask to give monthly."
      config={config}
      embed={{tag: 'coral-thankyou', id: 'thanks'}}
      testCards={SANDBOX_CARDS}
      notes={
        <>
          <p>
            After a gift on <Link to="/demos/daisychain-page-2">daisychain page 2</Link>, whose <code>thankYouUrl</code> is this page, it
            shows that gift and thanks the donor by name. Opened on its own, it reads the gift from the address instead: try{' '}
            <a href={example}>{example}</a>, then accept the monthly ask and pay with a test card.
          </p>
          <p>Only the amount, frequency and reference come from the address; a name or email there is ignored.</p>
        </>
      }
      render={(current) => <ThankYou config={current} id="thanks" />}
    />
  );
}
