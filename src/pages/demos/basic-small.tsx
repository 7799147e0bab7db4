import type {ReactNode} from 'react';
import {small as donateSmall} from '@site/src/coral/donate-form/examples/small';
import {DonateForm} from '@site/src/coral/donate-form';
import {SANDBOX_CARDS} from '@site/src/coral/shared/gateways';
import DemoPage from './_components/DemoPage';

const config = donateSmall;

export default function BasicSmall(): ReactNode {
  return (
    <DemoPage
      title="Donate form: small"
      whenToUse="A sidebar or a short page: the supporter sees the handles and one button, and the rest of the form opens when they press it."
      config={config}
      embed={{tag: 'coral-donate-form', id: 'donate'}}
      testCards={SANDBOX_CARDS}
      render={(current) => <DonateForm config={current} id="donate" />}
    />
  );
}
