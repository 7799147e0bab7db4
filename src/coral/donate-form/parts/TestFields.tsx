/**
 * The sandbox's own card and bank fields, drawn once their code and the
 * sandbox's card and bank checks are here (./lazy.tsx waits for both).
 */
import {useEffect, type ReactNode} from 'react';
import type {PaymentChecks} from '../../shared/fields';
import {Checkbox, TextField} from '../../shared/ui';
import {useDonateFormContext} from '../context';
import {activeMethod, methodsFor} from '../derive';
import styles from '../DonateForm.module.css';
import type {TextField as TextFieldName} from '../state';
import {type Format, useFormattedInput} from './useFormattedInput';

type TextFieldProps = Parameters<typeof TextField>[0];

/** A TextField that reformats what is typed, the caret staying after the same digits. */
function FormattedField({format, ...props}: TextFieldProps & {format: Format}): ReactNode {
  return <TextField {...props} {...useFormattedInput(props.value, props.onChange, format)} />;
}

/** Said once a page, by the first form whose test fields it draws: a page that forgot its gateway looks live otherwise. */
let toldConsole = false;
const REAL_PAYMENTS =
  "Coral: the sandbox gateway takes no money. For real payments, set gateway: {type: 'stripe', publishableKey, endpoint}";

/** The sandbox's own card and bank fields, with its test numbers: what is typed here goes to the sandbox alone. */
export function TestFields({checks}: {checks: PaymentChecks}): ReactNode {
  useEffect(() => {
    if (!toldConsole) console.warn(REAL_PAYMENTS);
    toldConsole = true;
  }, []);
  const {config, state, dispatch, messages, fieldId, shown} = useDonateFormContext();
  const methods = methodsFor(config, state.frequency);
  const method = activeMethod(config, state);
  const {cardBrand, formatCardNumber, formatExpiry} = checks;
  const brand = cardBrand(state.values.cardNumber);
  const text = (field: TextFieldName, label: string, {format, ...extra}: Partial<TextFieldProps> & {format?: Format} = {}) => {
    const props: TextFieldProps = {
      id: fieldId(field),
      label,
      value: state.values[field],
      required: true,
      error: shown[field],
      onChange: (value) => dispatch({type: 'field', field, value}),
      onBlur: () => dispatch({type: 'blur', field}),
      ...extra,
    };
    return format ? <FormattedField {...props} format={format} /> : <TextField {...props} />;
  };
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
