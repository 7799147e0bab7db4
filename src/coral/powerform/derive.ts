/**
 * What the powerform's state means, with no view and no change: every problem
 * and which of them show, the signup as the gateway receives it, what the URL
 * may fill in, and the view's decisions (which fields show and in what order,
 * what the summary lists, how the button and the failure read).
 */
import type {SupporterHandoff} from '../daisychain';
import {
  asksFor,
  checkField,
  type Country,
  FIELD_TABLE,
  formCountries,
  fieldProblems,
  parseUrlParams,
  UTM_PARAMS,
  type ParsedParams,
} from '../shared/fields';
import type {Signup} from '../shared/gateways';
import {accept, refuse, type Check, fill} from '../shared/basics';
import type {PowerformMessages} from './messages';
import type {PowerformConfig} from './schema';
import {messagesFor, TEXT_FIELDS, type Checks, type Failure, type FieldName, type PowerformState, type TextField} from './state';

/** The leads form asks for the fewest things, email first. */
const LEADS_ORDER: readonly TextField[] = ['email', 'firstName', 'postcode'];

/**
 * The message key of a field's label, from the field table. The table types
 * its label keys over every supporter field; a powerform field's row names its
 * own field's key, which the powerform's messages have.
 */
export const labelKey = (field: TextField) => FIELD_TABLE[field].label as `${TextField}Label`;

/** The text fields the config shows, in order; given the signer's country, only those it has (no postcode in Fiji). */
export const visibleFields = (config: PowerformConfig, country?: Country): TextField[] =>
  (config.variant === 'leads' ? LEADS_ORDER : TEXT_FIELDS).filter(
    (field) => config.fields[field] !== 'hidden' && (country === undefined || asksFor(field, country)),
  );

/** The countries the form takes, its own first; with more than one, the form asks which. */
export const countriesOf = (config: PowerformConfig): readonly Country[] => formCountries(config.locale, config.countries);

/** First and last name share a row when there is room for both: when they open the form together. */
export const pairsNames = (fields: readonly TextField[]): boolean => fields[0] === 'firstName' && fields[1] === 'lastName';

/** The leads form never shows the counter: it is for lead capture, not a petition. */
export const showsCounter = (config: PowerformConfig): boolean => config.variant === 'petition' && config.counter.enabled;

/** Whether a control must be filled in or ticked before the form signs. */
export function requiredOf(config: PowerformConfig, field: FieldName): boolean {
  switch (field) {
    case 'answer':
      return config.question?.required ?? false;
    case 'consent':
      return config.consentRequired;
    default:
      return config.fields[field] === 'required';
  }
}

// ——— checks ———

const ANSWER_MAX = 500;

function checkAnswer(config: PowerformConfig, answer: string, messages: PowerformMessages): Check<string> | null {
  const question = config.question;
  if (!question) return null;
  const value = answer.trim();
  const missing = question.type === 'choice' ? messages.choiceMissing : messages.answerMissing;
  if (value === '') return question.required ? refuse(missing) : null;
  if (question.type === 'choice') return question.options.includes(value) ? accept(value) : refuse(missing);
  return value.length <= ANSWER_MAX ? accept(value) : refuse(fill(messages.answerTooLong, {max: ANSWER_MAX}));
}

/** Every current problem, by control, whether or not it shows yet, in the order of the form. */
export function problems(config: PowerformConfig, state: PowerformState, checks: Checks): Partial<Record<FieldName, string>> {
  const messages = messagesFor(config);
  const found: Partial<Record<FieldName, string>> = fieldProblems(
    visibleFields(config, state.country),
    state.values,
    config.fields,
    {...checks, country: state.country},
    messages,
    config.locale,
  );
  const answer = checkAnswer(config, state.answer, messages);
  if (answer && !answer.ok) found.answer = answer.reason;
  if (config.consentRequired && !state.consent) found.consent = messages.consentRequired;
  return found;
}

/** The problems the signer should see now: touched controls, and all of them after a submit. */
export function shownProblems(config: PowerformConfig, state: PowerformState, checks: Checks): Partial<Record<FieldName, string>> {
  const all = problems(config, state, checks);
  if (state.attempted) return all;
  return Object.fromEntries(Object.entries(all).filter(([field]) => state.touched[field as FieldName]));
}

/** "Did you mean …?" for a typo in a common email domain, once the signer has left the field. */
/** The corrected address to offer once the email field is left, given the suggester (fetched on demand; null until it is here). */
export const emailSuggestion = (state: PowerformState, suggest: ((email: string) => string | null) | null): string | null =>
  state.touched.email && suggest ? suggest(state.values.email) : null;

/** The signup as the gateway receives it, once everything checks out. */
export function buildSignup(config: PowerformConfig, state: PowerformState, checks: Checks): Signup | null {
  if (Object.keys(problems(config, state, checks)).length > 0) return null;
  const messages = messagesFor(config);
  const supporter: Signup['supporter'] = {consent: state.consent};
  // The country goes where the signer chose it; a form of one country leaves it to the endpoint, which knows it.
  if (countriesOf(config).length > 1) supporter.country = state.country;
  for (const field of visibleFields(config, state.country)) {
    const value = state.values[field].trim();
    if (value === '') continue;
    const checked = checkField(field, value, {...checks, country: state.country}, messages, config.locale);
    // Only the phone can be unchecked here (metadata still loading), and submit waits for it.
    if (!checked?.ok) return null;
    supporter[field] = checked.value;
  }
  const signup: Signup = {campaign: config.campaign, variant: config.variant, supporter, utm: state.utm};
  if (config.sourceCode) signup.sourceCode = config.sourceCode;
  const answer = checkAnswer(config, state.answer, messages);
  if (config.question && answer?.ok) signup.answer = {id: config.question.id, value: answer.value};
  return signup;
}

/**
 * What a daisychain's next page receives about the signer. Without a first
 * name there is no one to greet, so nothing: page 2 then shows its ordinary ask.
 */
export function handoffOf(config: PowerformConfig, signup: Signup): SupporterHandoff | null {
  const {supporter} = signup;
  if (!supporter.firstName) return null;
  const handoff: SupporterHandoff = {firstName: supporter.firstName, consent: supporter.consent, campaign: config.campaign};
  for (const field of TEXT_FIELDS) {
    const value = supporter[field];
    if (value) handoff[field] = value;
  }
  return handoff;
}

// ——— what the view shows ———

/** A control's name in the error summary; the question and the consent box, whose messages do not say which they mean, have one. */
function summaryLabelOf(field: FieldName, config: PowerformConfig, messages: PowerformMessages): string {
  switch (field) {
    case 'answer':
      return config.question?.label ?? '';
    case 'consent':
      return messages.consentSummaryLabel;
    default:
      return messages[labelKey(field)];
  }
}

/** A text field's label. */
export const labelOf = (field: TextField, messages: PowerformMessages): string => messages[labelKey(field)];

export type SummaryLine = {field: FieldName; message: string; context?: string};

/**
 * The error summary's lines: it belongs to a failed submit, so a field left
 * with a problem says so under itself and nothing above it moves. Each line is
 * the field's own message; the question and the consent box are named first.
 */
export function summaryOf(config: PowerformConfig, state: PowerformState, shown: Partial<Record<FieldName, string>>): SummaryLine[] {
  if (!state.attempted) return [];
  const messages = messagesFor(config);
  return (Object.entries(shown) as [FieldName, string][]).map(([field, message]) => ({
    field,
    message,
    ...(field === 'answer' || field === 'consent' ? {context: summaryLabelOf(field, config, messages)} : {}),
  }));
}

/** The page's title while the summary shows, when the config lets the form change it. */
export const pageTitleOf = (config: PowerformConfig, errors: boolean): string | null =>
  config.updateTitle && errors ? messagesFor(config).pageTitleError : null;

/** Why the endpoint refused the signature, which names the address: the email field says so too. */
export function refusedReason(state: PowerformState): string | null {
  const {submission} = state;
  return submission.status === 'failed' && submission.result.status === 'rejected' ? submission.result.reason : null;
}

/** The message under a text field: its own problem, or for the email, why the endpoint refused it. */
export function fieldError(
  field: TextField,
  state: PowerformState,
  shown: Partial<Record<FieldName, string>>,
  messages: PowerformMessages,
): string | undefined {
  const refused = field === 'email' ? refusedReason(state) : null;
  return shown[field] ?? (refused !== null ? fill(messages.emailRefused, {reason: refused}) : undefined);
}

/** After no answer, the signature may be in: the button then offers only to send it again, under the same key. */
export function uncertain(state: PowerformState): boolean {
  const {submission} = state;
  return submission.status === 'failed' && submission.result.status === 'error' && submission.result.outcome === 'unknown';
}

/** What the failure alert says. */
export const failureText = (result: Failure, messages: PowerformMessages): string =>
  result.status === 'rejected'
    ? fill(messages.rejected, {reason: result.reason})
    : result.outcome === 'not-sent'
      ? messages.notSent
      : messages.unknownOutcome;

// ——— URL prefill ———

/** The URL parameters a powerform reads: the supporter's details and the utm values, nothing about amounts or steps. */
export const POWERFORM_URL_PARAMS: readonly string[] = [...TEXT_FIELDS.flatMap((field) => FIELD_TABLE[field].param ?? []), ...UTM_PARAMS];

/**
 * Reads the powerform's parameters from a query string, each checked like
 * typed input. Parameters meant for a donate form on the same page (amount,
 * frequency, step) are left alone, so they raise no warning here.
 */
export function readPrefill(
  search: string | URLSearchParams,
  mobile: (value: string) => Check<string>,
  country: Country,
): ParsedParams<never, never> {
  const all = new URLSearchParams(search);
  const ours = new URLSearchParams();
  for (const name of POWERFORM_URL_PARAMS) {
    const value = all.get(name);
    if (value !== null) ours.set(name, value);
  }
  return parseUrlParams<never, never>(ours, {frequencies: [], steps: [], mobile, country});
}
