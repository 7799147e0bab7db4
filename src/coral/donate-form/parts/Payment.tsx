/**
 * The payment step. Where the card or bank details are typed depends on the
 * gateway: the sandbox's own test fields (card or, for regular gifts where
 * offered, direct debit), the processor's fields in the form, or the
 * processor's hosted page after it. The first two load on demand (./lazy.tsx).
 */
import type {ReactNode} from 'react';
import {useDonateFormContext} from '../context';
import {entryOf, stepTitle} from '../derive';
import ui from '../../shared/ui/ui.module.css';
import styles from '../DonateForm.module.css';
import {NEVER_OPENED, useFocusOnOpen} from './focus';
import {ProcessorFields, TestFields} from './lazy';

export function PaymentStep(): ReactNode {
  const {config, messages, fieldId, SubHeading: Heading, opened} = useDonateFormContext();
  // In the single layout details and payment open together; the details heading takes focus.
  const heading = useFocusOnOpen(config.layout === 'wizard' ? opened : NEVER_OPENED);
  const entry = entryOf(config);
  return (
    <div className={styles.section} data-step="payment" role="group" aria-labelledby={fieldId('payment-heading')}>
      <Heading ref={heading} id={fieldId('payment-heading')} tabIndex={-1} className={styles.stepHeading}>
        {config.layout === 'wizard' ? stepTitle(config, 'payment') : messages.paymentLegend}
      </Heading>
      {/* Said before the fields arrive, so nothing moves when they do. */}
      {entry === 'test-fields' && <p className={styles.testMode}>{messages.sandboxNotice}</p>}
      {entry === 'test-fields' && <TestFields />}
      {entry === 'processor-fields' && <ProcessorFields />}
      {entry === 'hosted-page' && <p className={ui.hint}>{messages.hostedPaymentNote}</p>}
    </div>
  );
}
