import type {ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';
import EventLog from '@site/src/components/EventLog';

const config = {
  campaign: 'marlin-appeal',
  sourceCode: 'MARLIN-WEB',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {
      handles: [
        {amount: 50, impact: 'Tags a marlin so scientists can track its migration.'},
        {amount: 100, impact: 'Funds a day of observers on a longline fishing boat.'},
        {amount: 250, impact: 'Pays for a week of satellite tracking data.'},
      ],
      defaultAmount: 100,
      impactTemplate: '{amount} funds {count} hours of satellite tracking.',
      impactUnit: 5,
    },
    monthly: {
      handles: [{amount: 20}, {amount: 35}, {amount: 50}],
      defaultAmount: 35,
      impactTemplate: '{amount} a month keeps {count} tags reporting.',
      impactUnit: 10,
    },
  },
  fields: {phone: 'optional'},
  directDebit: true,
  coverFees: {enabled: true, percent: 3},
  rgUpgrade: {enabled: true, divisor: 3, roundTo: 5},
  urlParams: true,
  analytics: true,
} satisfies DonateFormConfigInput;

export default function DonateFormMarlinFeatures(): ReactNode {
  return (
    <DemoPage
      title="Donate form: Marlin, every feature"
      whenToUse="A flagship appeal using everything at once: the monthly upgrade ask, cover fees, impact text for any amount, direct debit for monthly gifts and analytics. The log below shows every event and dataLayer push."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          Give once to see the upgrade ask. For direct debit, switch to monthly; the sandbox accepts any BSB but <code>000-000</code>.
        </p>
      }
    >
      <DonateForm config={config} id="donate" />
      <EventLog />
    </DemoPage>
  );
}
