/**
 * Prefill values from a page's URL. Only the listed parameters are read; each
 * is checked like typed input, and one that fails is dropped with a warning.
 * Values are plain strings for text fields: nothing here is ever HTML.
 */
import {parseAmount, type Cents} from './money';
import {validateEmail} from './email';
import {normaliseMobile} from './phone';

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];
export type Utm = Partial<Record<UtmParam, string>>;

export type Prefill<F extends string, S extends string> = {
  amount?: Cents;
  frequency?: F;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  postcode?: string;
  step?: S;
  utm: Utm;
};

export type ParsedParams<F extends string, S extends string> = {values: Prefill<F, S>; warnings: string[]};

/** Every parameter the form reads, with what it accepts: the docs list this table. */
export const URL_PARAMETERS = [
  {name: 'amount', accepts: 'An amount in dollars, like 50 or 50.00; within the frequency’s limits.'},
  {name: 'frequency', accepts: 'One of the frequencies the form offers: one-off, weekly, monthly or daily.'},
  {name: 'first_name', accepts: 'Up to 50 characters, letters and punctuation only.'},
  {name: 'last_name', accepts: 'Up to 50 characters, letters and punctuation only.'},
  {name: 'email', accepts: 'An email address.'},
  {name: 'phone', accepts: 'An Australian or New Zealand mobile number.'},
  {name: 'postcode', accepts: 'Four digits.'},
  {name: 'step', accepts: 'The wizard step to open: amount, details or payment (payment only once the earlier steps are complete).'},
  ...UTM_PARAMS.map((name) => ({name, accepts: 'Up to 100 printable characters; carried through to the submission.'})),
] as const;

// Names: letters in any script, spaces, apostrophes, hyphens and full stops. No markup characters.
const NAME = /^[\p{L}\p{M}' .-]{1,50}$/u;
const UTM = /^[\p{L}\p{N} _.,+\-/|]{1,100}$/u;

export function parseUrlParams<F extends string, S extends string>(
  search: string | URLSearchParams,
  allowed: {frequencies: readonly F[]; steps: readonly S[]},
): ParsedParams<F, S> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values: Prefill<F, S> = {utm: {}};
  const warnings: string[] = [];
  const ignore = (name: string, why: string) => warnings.push(`Coral: ignored URL parameter "${name}": ${why}`);

  const read = (name: string): string | null => {
    const value = params.get(name);
    return value === null ? null : value.trim();
  };

  const amount = read('amount');
  if (amount !== null) {
    const parsed = parseAmount(amount);
    if (parsed.ok) values.amount = parsed.value;
    else ignore('amount', parsed.reason);
  }

  const frequency = read('frequency');
  if (frequency !== null) {
    if ((allowed.frequencies as readonly string[]).includes(frequency)) values.frequency = frequency as F;
    else ignore('frequency', `expected one of ${allowed.frequencies.join(', ')}`);
  }

  for (const [param, key] of [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
  ] as const) {
    const name = read(param);
    if (name === null) continue;
    if (NAME.test(name)) values[key] = name;
    else ignore(param, 'expected up to 50 letters, spaces, apostrophes or hyphens');
  }

  const email = read('email');
  if (email !== null) {
    const checked = validateEmail(email);
    if (checked.ok) values.email = checked.value;
    else ignore('email', checked.reason);
  }

  const phone = read('phone');
  if (phone !== null) {
    const checked = normaliseMobile(phone);
    if (checked.ok) values.phone = checked.value;
    else ignore('phone', checked.reason);
  }

  const postcode = read('postcode');
  if (postcode !== null) {
    if (/^\d{4}$/.test(postcode)) values.postcode = postcode;
    else ignore('postcode', 'expected four digits');
  }

  const step = read('step');
  if (step !== null) {
    if ((allowed.steps as readonly string[]).includes(step)) values.step = step as S;
    else ignore('step', `expected one of ${allowed.steps.join(', ')}`);
  }

  for (const name of UTM_PARAMS) {
    const value = read(name);
    if (value === null) continue;
    if (UTM.test(value)) values.utm[name] = value;
    else ignore(name, 'expected up to 100 letters, digits and simple punctuation');
  }

  return {values, warnings};
}
