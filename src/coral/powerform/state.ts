/**
 * The powerform's state, its actions and its notices: what is typed and
 * ticked, the signature's progress and the counter. derive.ts reads decisions
 * off a state; machine.ts moves it.
 */
import {type Country, type FieldChecks, formCountries, type SupporterField, type Prefill, type Utm} from '../shared/fields';
import {emptyOutbox, type Outbox, type Sent} from '../shared/reducer';
import {withOverrides} from '../shared/basics';
import type {Signup, SignupResult} from '../shared/gateways';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import {POWERFORM_MESSAGES, type PowerformMessages} from './messages';
import type {PowerformConfig} from './schema';

/** The supporter fields a powerform can ask for, in the petition's order: every one but the address. */
export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const satisfies readonly SupporterField[];
export type TextField = (typeof TEXT_FIELDS)[number];
/** Every control an error can belong to. */
export type FieldName = TextField | 'answer' | 'consent';

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
  /** The signer's country: the form's own until they choose another of its countries. */
  country: Country;
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

/** Checks that depend on the outside world: the (lazily loaded) mobile check. The signer's country is the state's. */
export type Checks = Omit<FieldChecks, 'country'>;

export type Action =
  | {type: 'field'; field: TextField; value: string}
  | {type: 'country'; value: Country}
  | {type: 'consent'; value: boolean}
  | {type: 'answer'; value: string}
  | {type: 'blur'; field: FieldName}
  | {type: 'accept-suggestion'; email: string}
  | {type: 'submit'; checks: Checks; key: string}
  | {type: 'answered'; key: string; result: SignupResult}
  | {type: 'prefill'; values: Prefill<never, never>}
  /** The counter's endpoint answered with this count. */
  | {type: 'live-count'; count: number};

export const messagesFor = (config: PowerformConfig): PowerformMessages => withOverrides(POWERFORM_MESSAGES, config.messages);

export function initialState(config: PowerformConfig): PowerformState {
  return {
    values: {firstName: '', lastName: '', email: '', phone: '', postcode: ''},
    country: formCountries(config.locale, config.countries)[0]!,
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
