import type {ReactNode} from 'react';
import {wizard as donateWizard} from '@site/src/coral/donate-form/examples/wizard';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateWizard;

export default function DonateFormWizard(): ReactNode {
  return (
    <DemoPage
      title="Donate form: wizard"
      whenToUse="A long form on a phone: three short steps (amount, your details, payment) instead of one long page. The browser's back button moves between steps and nothing typed is lost."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          A link can open a later step once the earlier ones are filled in, e.g.{' '}
          <code>?amount=25&amp;first_name=Mere&amp;last_name=Tane&amp;email=mere@example.org&amp;postcode=2000&amp;step=payment</code>.
        </p>
      }
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
