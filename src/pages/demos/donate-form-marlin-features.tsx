import type {ReactNode} from 'react';
import {marlin as donateMarlin} from '@site/src/coral/donate-form/examples/marlin';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';
import EventLog from '@site/src/components/EventLog';

const config = donateMarlin;

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
      render={(current) => (
        <>
          <DonateForm config={current} id="donate" />
          <EventLog />
        </>
      )}
    />
  );
}
