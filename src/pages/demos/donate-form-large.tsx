import type {ReactNode} from 'react';
import {large as donateLarge} from '@site/src/coral/donate-form/examples/large';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateLarge;

export default function DonateFormLarge(): ReactNode {
  return (
    <DemoPage
      title="Donate form: large"
      whenToUse="A dedicated donation page with room to show what each amount does: full width, an impact image and line beside every handle."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      wide
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
