import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {daisychainAsk as donateDaisychainAsk} from '@site/src/coral/donate-form/examples/daisychainAsk';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateDaisychainAsk;

export default function DaisychainPage2(): ReactNode {
  return (
    <DemoPage
      title="Daisychain, page 2: the donation ask"
      whenToUse="The page a petition sends its signers to: a donate form that greets them by first name, with the details they just gave already filled in."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          Opened on its own, this page shows the ordinary ask. <Link to="/demos/daisychain-page-1">Sign on page 1</Link> first to be greeted
          here: your details come through this browser tab’s session storage for 30 minutes, never through the address. After the gift, the{' '}
          <Link to="/demos/thankyou">thank-you demo</Link> shows it.
        </p>
      }
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
