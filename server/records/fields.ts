/**
 * The one rule the endpoint checks a supporter's fields by, on every route that takes them (/gifts, /checkout,
 * /signatures, the supporter's correction): the forms' own `fieldProblems`, run on the values as the server reads them,
 * with the mobile check the forms load on demand and the supporter's country deciding the postcode's format.
 */
import {
  asksFor,
  type Country,
  COUNTRIES,
  FIELD_MESSAGES,
  FIELD_TABLE,
  fieldProblems,
  formCountries,
  refuse,
  SUPPORTER_FIELDS,
  type Check,
  type SupporterField,
  addMobiles,
  countryOfMobile,
  mobileCountries,
  EVERY_COUNTRY,
  normaliseMobile,
} from '../../src/coral/contract/library';

// The endpoint checks every country's mobiles, so it holds every country's metadata from the start.
addMobiles(EVERY_COUNTRY);

/** How a campaign asks for a field, as a form's `fields` option says it. */
export type FieldMode = 'required' | 'optional' | 'hidden';

/** The fields typed on a number pad (the postcode's numeric keyboard, the phone's): a phone keyboard in full-width mode types ２０００ there. */
const NUMBER_PAD_FIELDS: ReadonlySet<SupporterField> = new Set(
  SUPPORTER_FIELDS.filter((field) => FIELD_TABLE[field].inputMode === 'numeric' || FIELD_TABLE[field].inputMode === 'tel'),
);

/**
 * A supporter field's value as the server checks and keeps it: trimmed, and in a field typed on a number pad, its
 * full-width digits, signs and spaces folded to their plain forms (NFKC), so ２０００ is the postcode 2000.
 */
export function typedValue(field: SupporterField, given: string): string {
  return (NUMBER_PAD_FIELDS.has(field) ? given.normalize('NFKC') : given).trim();
}

/** A required field left empty is named so: a request that leaves one out is not the form's, whose message asks the supporter. */
const SERVER_MESSAGES = {
  ...FIELD_MESSAGES,
  ...Object.fromEntries(SUPPORTER_FIELDS.map((field) => [FIELD_TABLE[field].missing, 'required by this campaign'])),
};

/** Where a form takes its supporters from: its locale's country, and the countries its config names. */
export type FormPlace = {locale: string; countries?: readonly Country[] | undefined};

/**
 * Checks the supporter's fields against how the campaign asks for each (`modes`; a correction, which may name any
 * detail, passes every field as optional), and answers those given, as they are kept, with the supporter's country,
 * or the first problem, named `<path>.<field>`. One rule for both forms and every route:
 *
 * - each value is read as `typedValue` reads it, and one left blank is left out (or refused, where it is required);
 * - a value for a field the campaign hides is refused ("leave it out"): the form never sends one, so a request that
 *   does is not the form's, and nothing it says of that field is kept;
 * - the country is one the form takes (`place`), as its select offers them; left out, it is the mobile's country, else
 *   the form's own. It decides the postcode: its format, or none at all where the country has none (Fiji);
 * - a value is checked by the form's own check (`fieldProblems`), in its words, the mobile too: of the form's
 *   countries, and Australia's and New Zealand's;
 * - the mobile is kept as E.164 (+61491570006), as the form sends it, however it was typed;
 * - the email is kept lower-cased: every record is found by it (`foldEmail`), the guard counts by it folded, and a
 *   signature is one per email and campaign, so `Ada@Example.org` and `ada@example.org` are one supporter everywhere.
 */
export function checkSupporterFields<F extends SupporterField>(
  modes: Readonly<Record<F, FieldMode>>,
  given: Readonly<Partial<Record<NoInfer<F>, string>> & {country?: string | undefined}>,
  path: string,
  place?: FormPlace,
): Check<Partial<Record<F, string>> & {country?: Country}> {
  // A correction names no form: it may carry a mobile of any country, and keeps no country of its own.
  const countries = place ? formCountries(place.locale, place.countries) : ['AU'];
  if (given.country !== undefined && !countries.includes(given.country)) {
    return refuse(`${path}.country: expected ${countries.join(', ')}, the countries this form takes`);
  }
  const locale = place?.locale ?? 'en-AU';
  const taken = place ? mobileCountries(countries) : COUNTRIES;
  const own = given.country ?? countries[0]!;
  // Left out, the country is the mobile's, as the form's own would read it: where the form takes that country, its
  // postcode is checked by that country's format (a mobile of Papua New Guinea, a postcode of 3 digits).
  const typedPhone = typedValue('phone', (given as Partial<Record<SupporterField, string>>).phone ?? '');
  const read = given.country === undefined && typedPhone !== '' ? normaliseMobile(typedPhone, own, SERVER_MESSAGES, taken, locale) : null;
  const fromMobile = read?.ok ? countryOfMobile(read.value) : null;
  const country = fromMobile !== null && countries.includes(fromMobile) ? fromMobile : own;
  const mobile = (value: string) => normaliseMobile(value, country, SERVER_MESSAGES, taken, locale);
  const fields = SUPPORTER_FIELDS.filter((field): field is F => field in modes);
  const values = Object.fromEntries(fields.map((field) => [field, typedValue(field, given[field] ?? '')])) as Record<F, string>;
  const problems: Partial<Record<F, string>> = fieldProblems(fields, values, modes, {country, mobile}, SERVER_MESSAGES, locale);
  const kept: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = values[field];
    if (value !== '' && modes[field] === 'hidden') return refuse(`${path}.${field}: this campaign does not ask for it; leave it out`);
    const problem = problems[field];
    if (problem !== undefined) return refuse(`${path}.${field}: ${problem}`);
    if (value === '' || !asksFor(field, country)) continue;
    // The email is kept lower-cased, the mobile as its check reads it (E.164, as the form sends it), the rest as typed.
    const phone = field === 'phone' ? mobile(value) : null;
    kept[field] = field === 'email' ? value.toLowerCase() : phone?.ok ? phone.value : value;
  }
  return {ok: true, value: place ? {...kept, country: fromMobile ?? country} : kept};
}
