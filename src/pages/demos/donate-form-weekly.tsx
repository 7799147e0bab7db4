import type {ReactNode} from 'react';
import {weekly as donateWeekly} from '@site/src/coral/donate-form/examples/weekly';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateWeekly;

export default function DonateFormWeekly(): ReactNode {
  return (
    <DemoPage
      title="Donate form: weekly"
      whenToUse="When a small regular amount is the ask (“the price of a coffee a week”): weekly is the default, with monthly and one-off still offered, and direct debit for regular gifts."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          For direct debit in the sandbox, any 6-digit BSB is accepted except <code>000-000</code>, which the bank refuses.
        </p>
      }
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
