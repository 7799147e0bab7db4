/**
 * The payment step. Where the card or bank details are typed depends on the
 * gateway: the sandbox's own test fields (card or, for regular gifts where
 * offered, direct debit), the processor's fields in the form, or the
 * processor's hosted page after it.
 */
import type {ReactNode} from 'react';
import {cardBrand, formatCardNumber, formatExpiry} from '../../shared/fields';
import {Checkbox, TextField} from '../../shared/ui';
import {useDonateFormContext} from '../context';
import {activeMethod, entryOf, methodsFor, stepTitle} from '../derive';
import ui from '../../shared/ui/ui.module.css';
import styles from '../DonateForm.module.css';
import type {TextField as TextFieldName} from '../state';
import {NEVER_OPENED, useFocusOnOpen} from './focus';
import {ProcessorFields} from './lazy';

export function PaymentStep(): ReactNode {
  const {config, messages, fieldId, SubHeading: Heading, opened} = useDonateFormContext();
  // In the single layout details and payment open together; the details heading takes focus.
  const heading = useFocusOnOpen(config.layout === 'wizard' ? opened : NEVER_OPENED);
  const entry = entryOf(config);
  return (
    <div className={styles.section} data-step="payment" data-entry={entry} role="group" aria-labelledby={fieldId('payment-heading')}>
      <Heading ref={heading} id={fieldId('payment-heading')} tabIndex={-1} className={styles.stepHeading}>
        {config.layout === 'wizard' ? stepTitle(config, 'payment') : messages.paymentLegend}
      </Heading>
      {entry === 'test-fields' && <TestFields />}
      {entry === 'processor-fields' && <ProcessorFields />}
      {entry === 'hosted-page' && <p className={ui.hint}>{messages.hostedPaymentNote}</p>}
    </div>
  );
}

/** The sandbox's own card and bank fields, with its test numbers: what is typed here goes to the sandbox alone. */
function TestFields(): ReactNode {
  const {config, state, dispatch, messages, fieldId, shown} = useDonateFormContext();
  const methods = methodsFor(config, state.frequency);
  const method = activeMethod(config, state);
  const brand = cardBrand(state.values.cardNumber);
  const text = (field: TextFieldName, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={fieldId(field)}
      label={label}
      value={state.values[field]}
      required
      error={shown[field]}
      onChange={(value) => dispatch({type: 'field', field, value})}
      onBlur={() => dispatch({type: 'blur', field})}
      {...extra}
    />
  );
  return (
    <>
      {methods.length > 1 && (
        <div className={styles.segmented} role="radiogroup" aria-label={messages.paymentMethodLegend}>
          {methods.map((m) => (
            <label key={m} className={styles.segment} data-selected={m === method ? '' : undefined}>
              <input
                type="radio"
                name={fieldId('method')}
                value={m}
                checked={m === method}
                onChange={() => dispatch({type: 'method', method: m})}
              />
              <span>{m === 'card' ? messages.cardTab : messages.directDebitTab}</span>
            </label>
          ))}
        </div>
      )}
      {method === 'card' ? (
        <div className={styles.fields}>
          {text('cardNumber', messages.cardNumberLabel, {
            autoComplete: 'cc-number',
            inputMode: 'numeric',
            format: formatCardNumber,
            hint: brand === 'unknown' ? messages.cardBrandsHint : messages[`brand.${brand}`],
          })}
          <div className={styles.pair}>
            {text('expiry', messages.expiryLabel, {autoComplete: 'cc-exp', inputMode: 'numeric', format: formatExpiry})}
            {text('cvc', messages.cvcLabel, {autoComplete: 'cc-csc', inputMode: 'numeric'})}
          </div>
        </div>
      ) : (
        <div className={styles.fields}>
          <div className={styles.pair}>
            {text('bsb', messages.bsbLabel, {inputMode: 'numeric', autoComplete: 'off'})}
            {text('account', messages.accountNumberLabel, {inputMode: 'numeric', autoComplete: 'off'})}
          </div>
          {text('accountName', messages.accountNameLabel, {autoComplete: 'name'})}
          <Checkbox
            id={fieldId('ddAgreement')}
            label={messages.directDebitAgreement}
            checked={state.ddAgreement}
            required
            error={shown.ddAgreement}
            onChange={(value) => dispatch({type: 'toggle', field: 'ddAgreement', value})}
            onBlur={() => dispatch({type: 'blur', field: 'ddAgreement'})}
            {...(config.directDebitAgreementUrl
              ? {link: {href: config.directDebitAgreementUrl, text: messages.directDebitAgreementLink, newTab: messages.opensInNewTab}}
              : {})}
          />
        </div>
      )}
    </>
  );
}
