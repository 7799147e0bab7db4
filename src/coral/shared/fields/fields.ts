/**
 * The supporter fields, one row each: how the input asks for the value
 * (type, autocomplete token, keyboard), the longest value its check takes,
 * the URL parameter that prefills it, how it is checked, and the message keys
 * of its label and its problems. The donate form and the powerform take their
 * inputs, their checks, the hand-off's schema and the URL parameters from
 * this table.
 */
import {EMAIL_MESSAGES, MOBILE_MESSAGES, accept, refuse, type Check, fill} from '../basics';
import {type Country, countryName, postcodeOf} from './country';
import {validateEmail} from './email';

export const SUPPORTER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;
export type SupporterField = (typeof SUPPORTER_FIELDS)[number];

type MissingKey = 'firstNameMissing' | 'lastNameMissing' | 'emailMissing' | 'mobileMissing' | 'postcodeMissing' | 'addressMissing';
type TooLongKey = 'firstNameTooLong' | 'lastNameTooLong' | 'postcodeTooLong' | 'addressTooLong';

export type FieldSpec = {
  type: 'text' | 'email' | 'tel';
  autoComplete: 'given-name' | 'family-name' | 'email' | 'tel' | 'postal-code' | 'street-address';
  inputMode?: 'numeric' | 'email' | 'tel';
  /** The longest value the check takes. The input itself takes whatever is typed: a value is never cut, it is told what is wrong. */
  maxLength: number;
  /** The URL parameter that may prefill it; null where a URL must never carry it. */
  param: string | null;
  /** A value from the URL must match this as well as the field's own check: no markup, nothing odd. */
  paramPattern?: RegExp;
  /** Why a value from the URL failed that pattern, in the console's warning. */
  paramRefused?: string;
  /** Message key of the field's label. */
  label: `${SupporterField}Label`;
  /** Message key of what to do when the field is required and left empty. */
  missing: MissingKey;
  /** Message key of a value longer than `maxLength`, where the field's own check does not say it (the email and mobile checks do). */
  tooLong?: TooLongKey;
};

// Names from a URL: letters in any script, spaces, apostrophes, hyphens and full stops. No markup characters.
const NAME_FROM_URL = /^[\p{L}\p{M}'’ .-]{1,50}$/u;
const NAME_REFUSED = 'expected up to 50 letters, spaces, apostrophes, full stops or hyphens';

export const FIELD_TABLE: Readonly<Record<SupporterField, FieldSpec>> = {
  firstName: {
    type: 'text',
    autoComplete: 'given-name',
    maxLength: 50,
    param: 'first_name',
    paramPattern: NAME_FROM_URL,
    paramRefused: NAME_REFUSED,
    label: 'firstNameLabel',
    missing: 'firstNameMissing',
    tooLong: 'firstNameTooLong',
  },
  lastName: {
    type: 'text',
    autoComplete: 'family-name',
    maxLength: 50,
    param: 'last_name',
    paramPattern: NAME_FROM_URL,
    paramRefused: NAME_REFUSED,
    label: 'lastNameLabel',
    missing: 'lastNameMissing',
    tooLong: 'lastNameTooLong',
  },
  email: {
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: 254,
    param: 'email',
    label: 'emailLabel',
    missing: 'emailMissing',
  },
  phone: {
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: 20,
    param: 'phone',
    label: 'phoneLabel',
    missing: 'mobileMissing',
  },
  postcode: {
    type: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    // The longest postcode of any country a form takes: a Micronesian ZIP+4, 96941-1234. Each country's own is checked by its pattern.
    maxLength: 10,
    param: 'postcode',
    paramPattern: /^\d{3,5}$/,
    paramRefused: 'expected three to five digits',
    label: 'postcodeLabel',
    missing: 'postcodeMissing',
  },
  address: {
    type: 'text',
    autoComplete: 'street-address',
    maxLength: 200,
    param: null,
    label: 'addressLabel',
    missing: 'addressMissing',
    tooLong: 'addressTooLong',
  },
};

/** The words the fields' checks say; every form's message table includes them, so `messages` can override them. */
export const FIELD_MESSAGES = {
  ...EMAIL_MESSAGES,
  ...MOBILE_MESSAGES,
  countryLabel: 'Country',
  firstNameMissing: 'Enter your first name.',
  lastNameMissing: 'Enter your last name.',
  postcodeMissing: 'Enter your postcode.',
  addressMissing: 'Enter your street address.',
  postcodeInvalid: 'Enter a postcode of {max} digits, like {example}.',
  // A postcode sent for a country whose addresses have none: the form does not ask for one there.
  postcodeNone: 'There are no postcodes in {country}: leave it out.',
  // A value too long for its field, in GOV.UK's words: "[the field] must be [number] characters or fewer".
  firstNameTooLong: 'First name must be {max} characters or fewer.',
  lastNameTooLong: 'Last name must be {max} characters or fewer.',
  postcodeTooLong: 'Postcode must be {max} digits.',
  addressTooLong: 'Street address must be {max} characters or fewer.',
} as const;
export type FieldMessages = Record<keyof typeof FIELD_MESSAGES, string>;

/**
 * What a field's check depends on beyond its value: the supporter's country (its postcode's format) and the mobile
 * check, which loads on demand with the metadata of the form's countries.
 */
export type FieldChecks = {country: Country; mobile: ((value: string) => Check<string>) | null};

/** A postcode of the supporter's country, by its pattern; a country without postcodes takes none. */
function checkPostcode(value: string, country: Country, messages: FieldMessages, locale: string): Check<string> {
  const rule = postcodeOf(country);
  if (!rule) return refuse(fill(messages.postcodeNone, {country: countryName(country, locale)}));
  if (rule.pattern.test(value)) return accept(value);
  const max = rule.example.length;
  // A digit too many is said to be one too many, not an unreadable postcode.
  return refuse(fill(value.length > max ? messages.postcodeTooLong : messages.postcodeInvalid, {max, example: rule.example}));
}

/**
 * Checks a non-empty value typed into a field. Null while there is nothing to
 * say yet: the phone's check has not loaded (a submit waits for it).
 */
export function checkField(
  field: SupporterField,
  value: string,
  checks: FieldChecks,
  messages: FieldMessages,
  locale = 'en-AU',
): Check<string> | null {
  const spec = FIELD_TABLE[field];
  if (field === 'email') return validateEmail(value, messages);
  if (field === 'phone') return checks.mobile ? checks.mobile(value) : null;
  if (field === 'postcode') return checkPostcode(value, checks.country, messages, locale);
  if (spec.tooLong && value.length > spec.maxLength) return refuse(fill(messages[spec.tooLong], {max: spec.maxLength}));
  return accept(value);
}

/** Whether a form asks a supporter of `country` for the field: never for a postcode where there are none. */
export const asksFor = (field: SupporterField, country: Country): boolean => field !== 'postcode' || postcodeOf(country) !== null;

/** The input attributes of a field, for its `<input>`: no `maxlength`, which would cut what is typed without a word. */
export const inputOf = (field: SupporterField) => {
  const {type, autoComplete, inputMode} = FIELD_TABLE[field];
  return {type, autoComplete, inputMode};
};

/**
 * The problems of the supporter fields a form shows, by field and in their
 * order: a required one left empty, or a trimmed value its check refuses. A
 * field the supporter's country does not have (a postcode in Fiji) is never
 * required, and a value given for it is refused.
 */
export function fieldProblems<F extends SupporterField>(
  fields: readonly F[],
  values: Readonly<Record<F, string>>,
  modes: Readonly<Record<F, 'required' | 'optional' | 'hidden'>>,
  checks: FieldChecks,
  messages: FieldMessages,
  locale?: string,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value === '') {
      if (modes[field] === 'required' && asksFor(field, checks.country)) found[field] = messages[FIELD_TABLE[field].missing];
      continue;
    }
    const checked = checkField(field, value, checks, messages, locale);
    if (checked && !checked.ok) found[field] = checked.reason;
  }
  return found;
}
