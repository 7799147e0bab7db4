import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import {externalHandles as donateExternalHandles} from '@site/src/coral/donate-form/examples/externalHandles';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DollarHandles, {type PageHandle} from '@site/src/components/DollarHandles';
import DemoPage from './_components/DemoPage';

const config = donateExternalHandles;

const handles: PageHandle[] = [
  {amount: 30, text: '$30 prints 100 petition cards for a community meeting'},
  {amount: 75, text: '$75 sends a researcher to a seabed-mining hearing'},
  {amount: 150, text: '$150 funds a day of legal work against a mining licence'},
  {amount: 30, frequency: 'monthly', text: '$30 a month keeps the campaign going all year'},
];

export default function DonateFormExternalDollarHandles(): ReactNode {
  return (
    <DemoPage
      title="Donate form: external dollar handles"
      whenToUse="A long-form landing page where the story carries the ask: amount buttons sit in the page copy, and pressing one selects it in the form further down."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      notes={
        <p>
          Any element with <code>data-coral-amount</code> works; add <code>data-coral-frequency="monthly"</code> for a monthly amount, and{' '}
          <code>data-coral-target="donate"</code> when a page has more than one form.
        </p>
      }
      render={(current) => (
        <>
          <article className="margin-bottom--lg">
            <Heading as="h2">The deep sea is not a quarry</Heading>
            <p>
              Mining companies want to strip the Pacific seabed for metals, in ecosystems scientists have barely begun to study. Pacific
              communities are standing up to say no, and you can stand with them.
            </p>
            <DollarHandles handles={handles} target="donate" />
            <p>
              Every licence granted is a fight for years. Regular supporters let us plan for that fight, and every gift goes to the
              campaign, not to shareholders.
            </p>
          </article>
          <DonateForm config={current} id="donate" />
        </>
      )}
    />
  );
}
