import {describe, expect, it} from 'vitest';
import {COUNTRIES, countryName, countryOf, formCountries, postcodeOf} from './country';

describe('a form’s countries', () => {
  it('is its locale’s country alone when its config names none, or an empty list', () => {
    expect(formCountries('en-AU', undefined)).toEqual(['AU']);
    expect(formCountries('en-NZ', [])).toEqual(['NZ']);
    expect(formCountries('en-FJ', undefined)).toEqual(['FJ']);
    // A region Coral does not take, or none at all, is Australia's form.
    expect(formCountries('en-US', undefined)).toEqual(['AU']);
    expect(formCountries('en', undefined)).toEqual(['AU']);
  });

  it('puts its own country first, and names each country once', () => {
    expect(formCountries('en-AU', ['NZ', 'FJ', 'AU', 'PG'])).toEqual(['AU', 'NZ', 'FJ', 'PG']);
    expect(formCountries('en-AU', ['FJ', 'PG', 'FJ'])).toEqual(['FJ', 'PG']);
    expect(formCountries('fr-NC', ['AU', 'NC', 'NC'])).toEqual(['NC', 'AU']);
  });

  it('reads the country from a locale with a script or variant', () => {
    expect(countryOf('mi-NZ')).toBe('NZ');
    expect(countryOf('fr-PF')).toBe('PF');
    expect(countryOf('en-Latn-AU')).toBe('AU');
  });

  it('names each country in the form’s language', () => {
    expect(countryName('FJ', 'en-AU')).toBe('Fiji');
    expect(countryName('PG', 'en-AU')).toBe('Papua New Guinea');
    expect(countryName('NC', 'fr-NC')).toBe('Nouvelle-Calédonie');
    for (const country of COUNTRIES) expect(countryName(country, 'en-AU')).not.toBe(country);
  });

  it('knows which countries have postcodes, each with a real example its own pattern takes', () => {
    const withPostcodes = COUNTRIES.filter((country) => postcodeOf(country) !== null);
    expect(withPostcodes).toEqual(['AU', 'NZ', 'PG', 'NC', 'PF', 'WF', 'NF', 'FM', 'MH', 'PW']);
    for (const country of withPostcodes) {
      const {pattern, example} = postcodeOf(country)!;
      expect(pattern.test(example), country).toBe(true);
    }
  });
});
