import type {ReactNode} from 'react';
import {Powerform, SANDBOX_SIGNUP_EMAILS, type PowerformConfigInput} from '@site/src/coral/powerform';
import DemoPage from './_components/DemoPage';

const config = {
  campaign: 'plastic-free-pacific',
  sourceCode: 'LEADS-PLASTIC',
  variant: 'leads',
  fields: {lastName: 'hidden', phone: 'hidden'},
  counter: {enabled: false},
  messages: {
    heading: 'Get the plastic-free guide',
    submit: 'Send me the guide',
  },
} satisfies PowerformConfigInput;

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
    >
      <Powerform config={config} id="leads" />
    </DemoPage>
  );
}
