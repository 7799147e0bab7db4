/** The supporter's details: the fields the config shows, from the shared field table, and the consent box. */
import type {ReactNode} from 'react';
import {inputOf, type SupporterField, useEmailSuggester} from '../../shared/fields';
import {fill} from '../../shared/basics';
import {Checkbox, CountryField, TextField} from '../../shared/ui';
import ui from '../../shared/ui/ui.module.css';
import {useDonateFormContext} from '../context';
import {countriesOf, labelOf, stepTitle, visibleSupporterFields} from '../derive';
import styles from '../DonateForm.module.css';
import {useFocusOnOpen} from './focus';

/** The country is asked after the name and email: the mobile and postcode below it follow the choice. */
const beforeCountry = (field: SupporterField): boolean => field === 'firstName' || field === 'lastName' || field === 'email';

export function DetailsStep(): ReactNode {
  const {config, state, dispatch, messages, fieldId, shown, SubHeading: Heading, opened} = useDonateFormContext();
  const heading = useFocusOnOpen(opened);
  const suggest = useEmailSuggester(state.values.email);
  const suggestion = state.touched.email && suggest ? suggest(state.values.email) : null;
  const fields = visibleSupporterFields(config, state.country);
  const countries = countriesOf(config);
  // Folded while every detail handed over still checks out; a problem opens the fields, so it can be seen and fixed.
  const folded = state.detailsFolded && !fields.some((field) => shown[field]);
  const field = (field: SupporterField) => (
    <TextField
      key={field}
      id={fieldId(field)}
      label={labelOf(field, messages)}
      value={state.values[field]}
      required={config.fields[field] === 'required'}
      optionalText={messages.optional}
      error={shown[field]}
      {...inputOf(field)}
      onChange={(value) => dispatch({type: 'field', field, value})}
      onBlur={() => dispatch({type: 'blur', field})}
    >
      {field === 'email' && suggestion && (
        <p className={styles.suggestion} aria-live="polite">
          {fill(messages.emailSuggestion, {email: suggestion})}{' '}
          <button type="button" className={ui.linkButton} onClick={() => dispatch({type: 'field', field: 'email', value: suggestion})}>
            {fill(messages.emailSuggestionApply, {email: suggestion})}
          </button>
        </p>
      )}
    </TextField>
  );
  const name = [state.values.firstName, state.values.lastName].filter((part) => part.trim() !== '').join(' ');
  return (
    <div className={styles.section} data-step="details" role="group" aria-labelledby={fieldId('details-heading')}>
      <Heading ref={heading} id={fieldId('details-heading')} tabIndex={-1} className={styles.stepHeading}>
        {config.layout === 'wizard' ? stepTitle(config, 'details') : messages.detailsLegend}
      </Heading>
      {folded ? (
        <p className={styles.suggestion}>
          {fill(messages.givingAs, {name})}
          {' · '}
          <button type="button" className={ui.linkButton} onClick={() => dispatch({type: 'unfold-details'})}>
            {messages.changeDetails}
          </button>
        </p>
      ) : (
        <div className={styles.fields}>
          {fields.filter(beforeCountry).map(field)}
          {countries.length > 1 && (
            <CountryField
              id={fieldId('country')}
              label={messages.countryLabel}
              countries={countries}
              value={state.country}
              locale={config.locale}
              onChange={(value) => dispatch({type: 'country', value})}
            />
          )}
          {fields.filter((name) => !beforeCountry(name)).map(field)}
        </div>
      )}
      <Checkbox
        id={fieldId('consent')}
        label={messages.consentLabel}
        checked={state.consent}
        onChange={(value) => dispatch({type: 'toggle', field: 'consent', value})}
      />
    </div>
  );
}
