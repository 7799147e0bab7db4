import type {ReactNode} from 'react';
import {leads as powerformLeads} from '@site/src/coral/powerform/examples/leads';
import {Powerform, SANDBOX_SIGNUP_EMAILS} from '@site/src/coral/powerform';
import DemoPage from './_components/DemoPage';

const config = powerformLeads;

export default function PowerformLeadsDemo(): ReactNode {
  return (
    <DemoPage
      title="Powerform: leads"
      whenToUse="For lead generation, where every extra field costs signups: email, first name and postcode, the consent box, and a source code of its own for reporting."
      config={config}
      embed={{tag: 'coral-powerform', id: 'leads'}}
      testSignups={SANDBOX_SIGNUP_EMAILS}
      notes={
        <p>The leads variant refuses a last name, a mobile or an extra question in its config, so the form stays the shortest it can be.</p>
      }
      render={(current) => <Powerform config={current} id="leads" />}
    />
  );
}
