/** The signer's details: the text fields the config shows, in the form's order, and their country where the form takes more than one. */
import {useRef, type ReactNode} from 'react';
import {inputOf} from '../../shared/fields';
import {CountryField, TextField} from '../../shared/ui';
import {usePowerformContext} from '../context';
import {countriesOf, labelOf, pairsNames, visibleFields} from '../derive';
import styles from '../Powerform.module.css';
import type {TextField as TextFieldName} from '../state';
import {EmailSuggestion} from './EmailSuggestion';

/** The country is asked after the name and email: the mobile and postcode below it follow the choice. */
const beforeCountry = (field: TextFieldName): boolean => field === 'firstName' || field === 'lastName' || field === 'email';

export function SupporterFields(): ReactNode {
  const {config, state, dispatch, messages, control, fieldId} = usePowerformContext();
  const email = useRef<HTMLInputElement | null>(null);
  const fields = visibleFields(config, state.country);
  const countries = countriesOf(config);

  const field = (name: TextFieldName) => (
    <TextField
      key={name}
      {...control(name)}
      label={labelOf(name, messages)}
      value={state.values[name]}
      optionalText={messages.optional}
      inputRef={
        name === 'email'
          ? (element) => {
              email.current = element;
            }
          : undefined
      }
      {...inputOf(name)}
      onChange={(value) => dispatch({type: 'field', field: name, value})}
      onBlur={() => dispatch({type: 'blur', field: name})}
    >
      {name === 'email' && <EmailSuggestion onAccepted={() => email.current?.focus()} />}
    </TextField>
  );
  const before = fields.filter(beforeCountry);
  const after = fields.filter((name) => !beforeCountry(name));
  const country = countries.length > 1 && (
    <CountryField
      id={fieldId('country')}
      label={messages.countryLabel}
      countries={countries}
      value={state.country}
      locale={config.locale}
      onChange={(value) => dispatch({type: 'country', value})}
    />
  );

  return (
    <>
      {pairsNames(before) ? (
        <>
          <div className={styles.pair}>{before.slice(0, 2).map(field)}</div>
          {before.slice(2).map(field)}
        </>
      ) : (
        before.map(field)
      )}
      {country}
      {after.map(field)}
    </>
  );
}
