import type {ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateway';
import DemoPage from './_components/DemoPage';

const config = {
  campaign: 'seven-days-for-the-reef',
  frequencies: ['daily'],
  dailyDays: 7,
  amounts: {
    daily: {
      handles: [
        {amount: 2, impact: 'Seven days of water testing kits.'},
        {amount: 5, impact: 'A week of fuel for a community patrol boat.'},
        {amount: 10, impact: 'A week of a reef monitor’s time.'},
      ],
      defaultAmount: 5,
    },
  },
} satisfies DonateFormConfigInput;

export default function DonateFormDailyOneWeek(): ReactNode {
  return (
    <DemoPage
      title="Donate form: daily for one week"
      whenToUse="A time-boxed appeal (“give $5 a day for 7 days”): the form shows the daily amount and the total for the week before the supporter gives."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
    >
      <DonateForm config={config} id="donate" />
    </DemoPage>
  );
}
