import type {ReactNode} from 'react';
import {photography as thankYouPhotography} from '@site/src/coral/thank-you/examples/photography';
import {ThankYou} from '@site/src/coral/thank-you';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = thankYouPhotography;

const example = '?amount=120&frequency=one-off&ref=CRL-DEMO2';

export default function ThankYouPhotographyDemo(): ReactNode {
  return (
    <DemoPage
      title="Thank-you page: photography"
      whenToUse="When the campaign has a strong image: the same thanks, receipt, sharing and monthly ask under a full-width photograph with its caption and credit."
      config={config}
      embed={{tag: 'coral-thankyou', id: 'thanks'}}
      testCards={SANDBOX_CARDS}
      wide
      notes={
        <p>
          The photo comes in three widths and the browser loads the smallest that fills the screen. Try <a href={example}>{example}</a> to
          see a receipt and the monthly ask.
        </p>
      }
      render={(current) => <ThankYou config={current} id="thanks" />}
    />
  );
}
