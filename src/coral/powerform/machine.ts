/**
 * The powerform's state and its transitions, with no view: what is typed and
 * ticked, which errors show, the signature's progress and the counter. The
 * view renders a state and dispatches actions; the events it must announce
 * collect in `outbox`.
 */
import type {ShareMethod, ShareOutcome} from '../shared/share/share';
import {suggestEmail} from '../shared/email';
import {checkField, FIELD_TABLE, fieldProblems, type FieldChecks, type SupporterField} from '../shared/fields';
import {edited, emptyOutbox, keyFor, locked, notifier, touch, withOverrides, type Outbox, type Sent} from '../shared/form/machine';
import type {Signup, SignupResult} from '../shared/gateway';
import {accept, refuse, type Check} from '../shared/result';
import {fill} from '../shared/template';
import {parseUrlParams, UTM_PARAMS, type ParsedParams, type Prefill, type Utm} from '../shared/urlParams';
import {withLiveCount, withSignature} from './counter';
import {POWERFORM_MESSAGES, type PowerformMessages} from './messages';
import type {PowerformConfig} from './schema';

const notify = notifier<PowerformState>();

/** The supporter fields a powerform can ask for, in the petition's order: every one but the address. */
export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const satisfies readonly SupporterField[];
export type TextField = (typeof TEXT_FIELDS)[number];
/** Every control an error can belong to. */
export type FieldName = TextField | 'answer' | 'consent';

/** The leads form asks for the fewest things, email first. */
const LEADS_ORDER: readonly TextField[] = ['email', 'firstName', 'postcode'];

export type Failure = Exclude<SignupResult, {status: 'accepted'}>;

export type Submission =
  | {status: 'idle'}
  | {status: 'sending'; signup: Signup; key: string}
  | {status: 'failed'; result: Failure; key: string}
  | {status: 'done'; reference: string; signup: Signup};

/** What the form tells the page, in order; the view turns these into DOM events and analytics. */
export type Notice =
  | {type: 'invalid'; fields: FieldName[]}
  | {type: 'submit'; signup: Signup}
  | {type: 'success'; reference: string; signup: Signup; count: number}
  | {type: 'error'; result: Failure}
  | {type: 'share'; method: ShareMethod; outcome: ShareOutcome};

export type PowerformState = {
  values: Record<TextField, string>;
  consent: boolean;
  /** The answer to the extra question: typed text, or the option chosen. */
  answer: string;
  touched: Partial<Record<FieldName, true>>;
  /** Set by a submit: from then on every problem shows. */
  attempted: boolean;
  /** Bumped when the error summary should take focus. */
  summaryFocus: number;
  submission: Submission;
  /** The last signup sent and its idempotency key: the same signup is never sent under a new key. */
  sent: Sent;
  /** Signatures shown by the counter: the configured count, then the live one, and the signer's own once accepted. */
  count: number;
  utm: Utm;
} & Outbox<Notice>;

/** Checks that depend on the outside world: the (lazily loaded) mobile check. */
export type Checks = FieldChecks;

export type Action =
  | {type: 'field'; field: TextField; value: string}
  | {type: 'consent'; value: boolean}
  | {type: 'answer'; value: string}
  | {type: 'blur'; field: FieldName}
  | {type: 'accept-suggestion'}
  | {type: 'submit'; checks: Checks; key: string}
  | {type: 'answered'; key: string; result: SignupResult}
  | {type: 'prefill'; values: Prefill<never, never>}
  /** The counter's endpoint answered with this count. */
  | {type: 'live-count'; count: number};

export const messagesFor = (config: PowerformConfig): PowerformMessages => withOverrides(POWERFORM_MESSAGES, config.messages);

/**
 * The message key of a field's label, from the field table. The table types
 * its label keys over every supporter field; a powerform field's row names its
 * own field's key, which the powerform's messages have.
 */
export const labelKey = (field: TextField) => FIELD_TABLE[field].label as `${TextField}Label`;

/** The text fields the form shows, in order. */
export const visibleFields = (config: PowerformConfig): TextField[] =>
  (config.variant === 'leads' ? LEADS_ORDER : TEXT_FIELDS).filter((field) => config.fields[field] !== 'hidden');

/** The leads form never shows the counter: it is for lead capture, not a petition. */
export const showsCounter = (config: PowerformConfig): boolean => config.variant === 'petition' && config.counter.enabled;

export function initialState(config: PowerformConfig): PowerformState {
  return {
    values: {firstName: '', lastName: '', email: '', phone: '', postcode: ''},
    consent: false,
    answer: '',
    touched: {},
    attempted: false,
    summaryFocus: 0,
    submission: {status: 'idle'},
    sent: null,
    count: config.counter.count,
    utm: {},
    ...emptyOutbox<Notice>(),
  };
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
  const found: Partial<Record<FieldName, string>> = fieldProblems(visibleFields(config), state.values, config.fields, checks, messages);
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
export const emailSuggestion = (state: PowerformState): string | null => (state.touched.email ? suggestEmail(state.values.email) : null);

/** The signup as the gateway receives it, once everything checks out. */
export function buildSignup(config: PowerformConfig, state: PowerformState, checks: Checks): Signup | null {
  if (Object.keys(problems(config, state, checks)).length > 0) return null;
  const messages = messagesFor(config);
  const supporter: Signup['supporter'] = {consent: state.consent};
  for (const field of visibleFields(config)) {
    const value = state.values[field].trim();
    if (value === '') continue;
    const checked = checkField(field, value, checks, messages);
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

// ——— transitions ———

// Typed for this machine, so an object literal is checked as a Notice.

export function reduce(config: PowerformConfig, state: PowerformState, action: Action): PowerformState {
  // The count may arrive while the signature is sent, or after.
  if (locked(state) && action.type !== 'answered' && action.type !== 'live-count') return state;

  switch (action.type) {
    case 'field':
      return edited({...state, values: {...state.values, [action.field]: action.value}});
    case 'consent':
      return edited({...state, consent: action.value});
    case 'answer':
      return edited({...state, answer: action.value});
    case 'blur':
      return touch(state, action.field);
    case 'accept-suggestion': {
      const suggestion = emailSuggestion(state);
      return suggestion ? edited({...state, values: {...state.values, email: suggestion}}) : state;
    }
    case 'submit': {
      const fields = Object.keys(problems(config, state, action.checks)) as FieldName[];
      if (fields.length > 0) {
        return notify({...state, attempted: true, summaryFocus: state.summaryFocus + 1}, {type: 'invalid', fields});
      }
      const signup = buildSignup(config, state, action.checks);
      // Only a phone typed before its check has loaded gets here; the view waits for the check, so nothing is lost.
      if (!signup) return state;
      const {key, sent} = keyFor(state.sent, signup, action.key);
      return notify({...state, attempted: true, submission: {status: 'sending', signup, key}, sent}, {type: 'submit', signup});
    }
    case 'answered': {
      if (state.submission.status !== 'sending' || state.submission.key !== action.key) return state;
      const {signup} = state.submission;
      const result = action.result;
      if (result.status === 'accepted') {
        // A signer the endpoint had already counted is thanked again, not counted again.
        const count = result.alreadySigned ? state.count : withSignature(state.count);
        return notify(
          {...state, count, submission: {status: 'done', reference: result.reference, signup}},
          {type: 'success', reference: result.reference, signup, count},
        );
      }
      return notify({...state, submission: {status: 'failed', result, key: action.key}}, {type: 'error', result});
    }
    case 'prefill': {
      const values = {...state.values};
      for (const field of visibleFields(config)) {
        const value = action.values[field];
        if (value !== undefined) values[field] = value;
      }
      return {...state, values, utm: {...state.utm, ...action.values.utm}};
    }
    case 'live-count': {
      const count = withLiveCount(state.count, action.count, state.submission.status === 'done');
      return count === state.count ? state : {...state, count};
    }
  }
}

// ——— URL prefill ———

/** The URL parameters a powerform reads: the supporter's details and the utm values, nothing about amounts or steps. */
export const POWERFORM_URL_PARAMS: readonly string[] = [...TEXT_FIELDS.flatMap((field) => FIELD_TABLE[field].param ?? []), ...UTM_PARAMS];

/**
 * Reads the powerform's parameters from a query string, each checked like
 * typed input. Parameters meant for a donate form on the same page (amount,
 * frequency, step) are left alone, so they raise no warning here.
 */
export function readPrefill(search: string | URLSearchParams, mobile: (value: string) => Check<string>): ParsedParams<never, never> {
  const all = new URLSearchParams(search);
  const ours = new URLSearchParams();
  for (const name of POWERFORM_URL_PARAMS) {
    const value = all.get(name);
    if (value !== null) ours.set(name, value);
  }
  return parseUrlParams<never, never>(ours, {frequencies: [], steps: [], mobile});
}
