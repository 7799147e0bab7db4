import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {pacific as powerformPacific} from '@site/src/coral/powerform/examples/pacific';
import {Powerform, SANDBOX_SIGNUP_EMAILS} from '@site/src/coral/powerform';
import DemoPage from './_components/DemoPage';

const config = powerformPacific;

export default function PowerformPacificDemo(): ReactNode {
  return (
    <DemoPage
      title="Powerform: across the Pacific"
      whenToUse="For a campaign signed across the Pacific: signers in Australia, New Zealand, Fiji, Papua New Guinea and the Solomon Islands choose their country, and the postcode and mobile follow it."
      config={config}
      embed={{tag: 'coral-powerform', id: 'pacific'}}
      testSignups={SANDBOX_SIGNUP_EMAILS}
      notes={
        <>
          <p>
            Choose <strong>Fiji</strong> or <strong>Solomon Islands</strong> and the postcode goes: neither country has postcodes. Choose{' '}
            <strong>Papua New Guinea</strong> for a postcode of 3 digits, such as <code>111</code>; Australia and New Zealand keep theirs of
            4 digits.
          </p>
          <p>
            A mobile written without its country code is read as one of the chosen country: <code>701 2345</code> with Fiji chosen is{' '}
            <code>+679 701 2345</code>, and <code>7012 3456</code> with Papua New Guinea chosen is <code>+675 7012 3456</code>. Any of the
            five countries’ mobiles is taken with its code, such as <code>+677 74 21234</code> for the Solomon Islands. See the{' '}
            <Link to="/docs/recipes/powerform-whole-pacific">Pacific petition recipe</Link> for how each signer’s form reads.
          </p>
        </>
      }
      render={(current) => <Powerform config={current} id="pacific" />}
    />
  );
}
