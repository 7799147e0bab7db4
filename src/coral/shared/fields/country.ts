/**
 * The countries a form may take (Australia, New Zealand and the Pacific's), and
 * what a supporter's country decides of their fields: whether there is a
 * postcode to ask for, and its format. The data is cut from well-kept lists by
 * scripts/countries.mjs; each country's mobile numbers load on demand (phone.ts).
 */
import data from './countries.json';

/** A country as ISO 3166-1 writes it (AU, FJ, PG), one of `COUNTRIES`. */
export type Country = string;

/** Every country a form may take, in the order a list of them reads. */
export const COUNTRIES: readonly Country[] = data.countries.split(' ');

/** Each country that has postcodes: their pattern, and a real one for the message that says what is allowed. */
const POSTCODES: Readonly<Record<Country, readonly [string, string] | undefined>> = data.postcodes as unknown as Record<
  Country,
  [string, string]
>;

/** A country's postcode rule: its pattern and an example; none where addresses carry no postcode (Fiji, Samoa, Tonga). */
export function postcodeOf(country: Country): {pattern: RegExp; example: string} | null {
  const rule = POSTCODES[country];
  return rule ? {pattern: new RegExp(rule[0]), example: rule[1]} : null;
}

/** A form's own country: its locale's region where Coral takes that country (en-NZ, en-FJ, fr-NC), else Australia. */
export function countryOf(locale: string): Country {
  const region = /-([a-z]{2})(?:-|$)/i.exec(locale)?.[1]?.toUpperCase();
  return region !== undefined && COUNTRIES.includes(region) ? region : 'AU';
}

/** The countries a form takes, its own first: those its config names (`countries`), else its own country alone. */
export function formCountries(locale: string, countries: readonly Country[] | undefined): readonly Country[] {
  const own = countryOf(locale);
  if (!countries?.length) return [own];
  // Its own first where it takes it, each country once.
  return [...new Set(countries.includes(own) ? [own, ...countries] : countries)];
}

/** A country's name in the form's language: Fiji, Papouasie-Nouvelle-Guinée. */
export const countryName = (country: Country, locale: string): string =>
  new Intl.DisplayNames([locale, 'en'], {type: 'region'}).of(country) ?? country;
