import type {ReactNode} from 'react';
import {medium as donateMedium} from '@site/src/coral/donate-form/examples/medium';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateMedium;

export default function DonateFormMedium(): ReactNode {
  return (
    <DemoPage
      title="Donate form: medium"
      whenToUse="The standard embedded form for a campaign landing page: one-off or monthly, three handles, an other amount, details and card on one page."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          URL parameters are on: try <code>?amount=80&amp;first_name=Mere</code> on this page.
        </p>
      }
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
