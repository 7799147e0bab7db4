import type {ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';

const config = {
  campaign: 'ocean-defenders',
  size: 'large',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {
      handles: [
        {
          amount: 40,
          impact: 'Plants 40 mangrove seedlings on an eroding shore.',
          image: {src: '/gpap-coral/img/impact/mangroves.svg', alt: ''},
        },
        {
          amount: 90,
          impact: 'Fuels a day of our ship documenting illegal fishing.',
          image: {src: '/gpap-coral/img/impact/ship.svg', alt: ''},
        },
        {amount: 200, impact: 'Funds a reef health survey dive.', image: {src: '/gpap-coral/img/impact/reef.svg', alt: ''}},
      ],
      defaultAmount: 90,
      impactTemplate: '{amount} plants {count} mangrove seedlings.',
      impactUnit: 1,
    },
    monthly: {
      handles: [
        {
          amount: 20,
          impact: 'Keeps a community reef monitor in the water each month.',
          image: {src: '/gpap-coral/img/impact/reef.svg', alt: ''},
        },
        {amount: 35, impact: 'Plants 35 mangrove seedlings every month.', image: {src: '/gpap-coral/img/impact/mangroves.svg', alt: ''}},
        {amount: 60, impact: 'Puts our ship to sea for two days a year.', image: {src: '/gpap-coral/img/impact/ship.svg', alt: ''}},
      ],
      defaultAmount: 35,
    },
  },
} satisfies DonateFormConfigInput;

export default function DonateFormLarge(): ReactNode {
  return (
    <DemoPage
      title="Donate form: large"
      whenToUse="A dedicated donation page with room to show what each amount does: full width, an impact image and line beside every handle."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      wide
    >
      <DonateForm config={config} id="donate" />
    </DemoPage>
  );
}
