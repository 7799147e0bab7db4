import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {daisychainPetition as powerformDaisychainPetition} from '@site/src/coral/powerform/examples/daisychainPetition';
import {Powerform, SANDBOX_SIGNUP_EMAILS} from '@site/src/coral/powerform';
import DemoPage from './_components/DemoPage';

const config = powerformDaisychainPetition;

export default function DaisychainPage1(): ReactNode {
  return (
    <DemoPage
      title="Daisychain, page 1: the petition"
      whenToUse="When a petition should lead straight to a donation ask: the signer’s details go to the next page in this browser tab, never in the address, and the donate form there greets them by name."
      config={config}
      embed={{tag: 'coral-powerform', id: 'petition'}}
      testSignups={SANDBOX_SIGNUP_EMAILS}
      notes={
        <p>
          Sign, and you land on <Link to="/demos/daisychain-page-2">page 2</Link> with your name and email filled in. The hand-off lasts 30
          minutes and stays in this tab.
        </p>
      }
      render={(current) => <Powerform config={current} id="petition" />}
    />
  );
}
