/**
 * The one rule the endpoint checks a supporter's fields by, on every route that takes them (/gifts, /checkout,
 * /signatures, the supporter's correction): the forms' own `fieldProblems`, run on the values as the server reads them.
 */
import {
  FIELD_MESSAGES,
  FIELD_TABLE,
  fieldProblems,
  refuse,
  SUPPORTER_FIELDS,
  type Check,
  type SupporterField,
} from '../../src/coral/contract/library';

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

/**
 * Checks the supporter's fields against how the campaign asks for each (`modes`; a correction, which may name any
 * detail, passes every field as optional), and answers those given, as they are kept, or the first problem, named
 * `<path>.<field>`. One rule for both forms and every route:
 *
 * - each value is read as `typedValue` reads it, and one left blank is left out (or refused, where it is required);
 * - a value for a field the campaign hides is refused ("leave it out"): the form never sends one, so a request that
 *   does is not the form's, and nothing it says of that field is kept;
 * - a value is checked by the form's own check (`fieldProblems`), in its words; the phone's check loads libphonenumber
 *   on demand in the browser, so here the request's length limit is its check;
 * - the email is kept lower-cased: every record is found by it (`foldEmail`), the guard counts by it folded, and a
 *   signature is one per email and campaign, so `Ada@Example.org` and `ada@example.org` are one supporter everywhere.
 */
export function checkSupporterFields<F extends SupporterField>(
  modes: Readonly<Record<F, FieldMode>>,
  given: Readonly<Partial<Record<F, string>>>,
  path: string,
): Check<Partial<Record<F, string>>> {
  const fields = SUPPORTER_FIELDS.filter((field): field is F => field in modes);
  const values = Object.fromEntries(fields.map((field) => [field, typedValue(field, given[field] ?? '')])) as Record<F, string>;
  const problems: Partial<Record<F, string>> = fieldProblems(fields, values, modes, {mobile: null}, SERVER_MESSAGES);
  const kept: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = values[field];
    if (value !== '' && modes[field] === 'hidden') return refuse(`${path}.${field}: this campaign does not ask for it; leave it out`);
    const problem = problems[field];
    if (problem !== undefined) return refuse(`${path}.${field}: ${problem}`);
    if (value !== '') kept[field] = field === 'email' ? value.toLowerCase() : value;
  }
  return {ok: true, value: kept};
}
