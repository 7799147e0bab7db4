import type {ReactNode} from 'react';
import {petition as powerformPetition} from '@site/src/coral/powerform/examples/petition';
import {Powerform, SANDBOX_SIGNUP_EMAILS} from '@site/src/coral/powerform';
import DemoPage from './_components/DemoPage';

const config = powerformPetition;

export default function PowerformDemo(): ReactNode {
  return (
    <DemoPage
      title="Powerform: petition"
      whenToUse="For a petition or action signup: names, email, mobile and postcode, one extra question, and a counter that shows how close the campaign is to its goal."
      config={config}
      embed={{tag: 'coral-powerform', id: 'petition'}}
      testSignups={SANDBOX_SIGNUP_EMAILS}
      notes={
        <p>
          Try a typo such as <code>name@gmial.com</code> to see the suggestion, or a mobile written as <code>0412 345 678</code> or{' '}
          <code>+64 21 123 4567</code>. With <code>urlParams</code> on, adding <code>?first_name=Mere&amp;utm_source=newsletter</code> to
          the address prefills the name and records where the signer came from.
        </p>
      }
      render={(current) => <Powerform config={current} id="petition" />}
    />
  );
}
