import type {ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';

const config = {
  campaign: 'save-the-reef',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], defaultAmount: 60},
    monthly: {handles: [{amount: 15}, {amount: 25}, {amount: 40}], defaultAmount: 25},
  },
  fields: {phone: 'optional'},
} satisfies DonateFormConfigInput;

export default function DonateFormMedium(): ReactNode {
  return (
    <DemoPage
      title="Donate form: medium"
      whenToUse="The standard embedded form for a campaign landing page: one-off or monthly, three handles and an other amount."
      config={config}
      testCards={SANDBOX_CARDS}
    >
      <DonateForm config={config} id="donate" />
    </DemoPage>
  );
}
