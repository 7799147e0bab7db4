/** The supporter's country, for a form that takes more than one. */
import type {ReactNode} from 'react';
import {type Country, countryName} from '../fields/core';
import styles from './ui.module.css';

export type CountryFieldProps = {
  id: string;
  label: string;
  /** The countries to choose from, the form's own first. */
  countries: readonly Country[];
  value: Country;
  locale: string;
  onChange: (country: Country) => void;
};

/** The supporter's country, for a form that takes more than one: a native select of their names in the form's language. */
export function CountryField({id, label, countries, value, locale, onChange}: CountryFieldProps): ReactNode {
  return (
    <div className={styles.field} part="field">
      <label htmlFor={id} className={styles.label} part="label">
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        part="input"
        value={value}
        autoComplete="country"
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {countries.map((country) => (
          <option key={country} value={country}>
            {countryName(country, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}
