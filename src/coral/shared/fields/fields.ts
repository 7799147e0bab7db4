/**
 * The supporter fields, one row each: how the input asks for the value
 * (type, autocomplete token, keyboard), the longest value its check takes,
 * the URL parameter that prefills it, how it is checked, and the message keys
 * of its label and its problems. The donate form and the powerform take their
 * inputs, their checks, the hand-off's schema and the URL parameters from
 * this table.
 */
import {EMAIL_MESSAGES, MOBILE_MESSAGES, accept, refuse, type Check, fill} from '../basics';
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
  /** A pattern a typed value must match, with the message key of the problem when it does not. */
  pattern?: {regex: RegExp; message: 'postcodeInvalid'};
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
    maxLength: 4,
    param: 'postcode',
    paramPattern: /^\d{4}$/,
    paramRefused: 'expected four digits',
    label: 'postcodeLabel',
    missing: 'postcodeMissing',
    tooLong: 'postcodeTooLong',
    pattern: {regex: /^\d{4}$/, message: 'postcodeInvalid'},
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
  firstNameMissing: 'Enter your first name.',
  lastNameMissing: 'Enter your last name.',
  postcodeMissing: 'Enter your postcode.',
  addressMissing: 'Enter your street address.',
  postcodeInvalid: 'Enter a postcode of 4 digits, like 2000.',
  // A value too long for its field, in GOV.UK's words: "[the field] must be [number] characters or fewer".
  firstNameTooLong: 'First name must be {max} characters or fewer.',
  lastNameTooLong: 'Last name must be {max} characters or fewer.',
  postcodeTooLong: 'Postcode must be {max} digits.',
  addressTooLong: 'Street address must be {max} characters or fewer.',
} as const;
export type FieldMessages = Record<keyof typeof FIELD_MESSAGES, string>;

/** Checks that depend on the outside world: the mobile check loads on demand. */
export type FieldChecks = {mobile: ((value: string) => Check<string>) | null};

/**
 * Checks a non-empty value typed into a field. Null while there is nothing to
 * say yet: the phone's check has not loaded (a submit waits for it).
 */
export function checkField(field: SupporterField, value: string, checks: FieldChecks, messages: FieldMessages): Check<string> | null {
  const spec = FIELD_TABLE[field];
  if (field === 'email') return validateEmail(value, messages);
  if (field === 'phone') return checks.mobile ? checks.mobile(value) : null;
  // Too long first: a fifth digit in a postcode is said to be one too many, not an unreadable postcode.
  if (spec.tooLong && value.length > spec.maxLength) return refuse(fill(messages[spec.tooLong], {max: spec.maxLength}));
  if (spec.pattern && !spec.pattern.regex.test(value)) return refuse(messages[spec.pattern.message]);
  return accept(value);
}

/** The input attributes of a field, for its `<input>`: no `maxlength`, which would cut what is typed without a word. */
export const inputOf = (field: SupporterField) => {
  const {type, autoComplete, inputMode} = FIELD_TABLE[field];
  return {type, autoComplete, inputMode};
};

/**
 * The problems of the supporter fields a form shows, by field and in their
 * order: a required one left empty, or a trimmed value its check refuses.
 */
export function fieldProblems<F extends SupporterField>(
  fields: readonly F[],
  values: Readonly<Record<F, string>>,
  modes: Readonly<Record<F, 'required' | 'optional' | 'hidden'>>,
  checks: FieldChecks,
  messages: FieldMessages,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value === '') {
      if (modes[field] === 'required') found[field] = messages[FIELD_TABLE[field].missing];
      continue;
    }
    const checked = checkField(field, value, checks, messages);
    if (checked && !checked.ok) found[field] = checked.reason;
  }
  return found;
}
