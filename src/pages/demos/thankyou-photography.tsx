import type {ReactNode} from 'react';
import {ThankYou, type ThankYouConfigInput} from '@site/src/coral/thank-you';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';

const photo = (width: number) => `/gpap-coral/img/thankyou/reef-${width}.svg`;

const config = {
  campaign: 'save-the-reef',
  variant: 'photography',
  urlParams: true,
  photo: {
    src: photo(960),
    srcset: [480, 960, 1600].map((width) => ({src: photo(width), width})),
    width: 1600,
    height: 900,
    alt: 'Illustration of a coral reef at dusk: a turtle and a school of fish above branching corals, an island on the horizon',
    caption: 'A reef at dusk in the Coral Sea',
    credit: 'Illustration: Coral',
  },
  share: {url: 'https://www.greenpeace.org.au/'},
} satisfies ThankYouConfigInput;

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
    >
      <ThankYou config={config} id="thanks" />
    </DemoPage>
  );
}
