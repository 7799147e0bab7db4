import type {ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';

const config = {
  campaign: 'pacific-climate',
  size: 'small',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': {handles: [{amount: 25}, {amount: 50}, {amount: 100}], defaultAmount: 50},
    monthly: {handles: [{amount: 10}, {amount: 20}, {amount: 35}], defaultAmount: 20},
  },
} satisfies DonateFormConfigInput;

export default function BasicSmall(): ReactNode {
  return (
    <DemoPage
      title="Donate form: small"
      whenToUse="A sidebar or a short page: the supporter sees the handles and one button, and the rest of the form opens when they press it."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
    >
      <DonateForm config={config} id="donate" />
    </DemoPage>
  );
}
