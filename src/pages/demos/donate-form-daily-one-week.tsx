import type {ReactNode} from 'react';
import {dailyOneWeek as donateDailyOneWeek} from '@site/src/coral/donate-form/examples/daily';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateDailyOneWeek;

export default function DonateFormDailyOneWeek(): ReactNode {
  return (
    <DemoPage
      title="Donate form: daily for one week"
      whenToUse="A time-boxed appeal (“give $5 a day for 7 days”): the form shows the daily amount and the total for the week before the supporter gives."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
