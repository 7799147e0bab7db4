/**
 * The donate form's state, its actions and its notices: what is chosen and
 * typed, which step is open, the upgrade ask and the payment's progress.
 * derive.ts reads decisions off a state; machine.ts moves it.
 */
import type {ReadFailure, ReadResult, SupporterHandoff} from '../daisychain';
import {
  type Country,
  type FieldChecks,
  formCountries,
  type PaymentChecks,
  type Prefill,
  SUPPORTER_FIELDS,
  type SupporterField,
  type Utm,
} from '../shared/fields';
import {type Outbox, type Sent} from '../shared/reducer';
import {withOverrides} from '../shared/basics';
import type {ChargeResult, FieldsStatus, GiftIntent, Method, OneTap, TestPayment} from '../shared/gateways';
import type {Cents} from '../shared/money';
import {DONATE_FORM_MESSAGES, type DonateFormMessages} from './messages';
import {defaultHandle, initialFrequency, type GiftTotal} from './rules';
import type {DonateFormConfig, Frequency} from './schema';

export const STEPS = ['amount', 'details', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export type Selection = {kind: 'handle'; amount: Cents} | {kind: 'other'; text: string};

export {SUPPORTER_FIELDS, type SupporterField};
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;
export const DEBIT_FIELDS = ['bsb', 'account', 'accountName'] as const;
export type PaymentField = (typeof CARD_FIELDS)[number] | (typeof DEBIT_FIELDS)[number];
export type TextField = SupporterField | PaymentField;
/** Every control an error can belong to; `paymentFields` is a processor's fields as a whole. */
export type FieldName = TextField | 'otherAmount' | 'ddAgreement' | 'paymentFields';

export type {Method};

export type Submission =
  | {status: 'idle'}
  /** `test` is what the sandbox's test fields hold; no other gateway has any. */
  | {status: 'sending'; intent: GiftIntent; key: string; test?: TestPayment}
  | {status: 'failed'; result: Failure; key: string; method: Method}
  /** On the way to the processor's hosted payment page. */
  | {status: 'leaving'; url: string; reference: string; intent: GiftIntent; total: GiftTotal; date: string}
  | {status: 'done'; reference: string; intent: GiftIntent; total: GiftTotal; date: string; oneTap?: OneTap};

export type Failure = Extract<ChargeResult, {status: 'declined' | 'guarded' | 'error'}>;

export type Upsell =
  {status: 'none'} | {status: 'shown' | 'declined'; oneOff: Cents; monthly: Cents} | {status: 'accepted'; oneOff: Cents; monthly: Cents};

/** What the form tells the page, in order; the view turns these into DOM events and analytics. */
export type Notice =
  | {type: 'begin'}
  | {type: 'amount-change'; amount: Cents | null; frequency: Frequency; source: AmountSource}
  | {type: 'step'; step: Step}
  | {type: 'submit'; intent: GiftIntent; total: GiftTotal}
  | {type: 'success'; reference: string; intent: GiftIntent; total: GiftTotal}
  | {type: 'error'; result: Failure}
  | {type: 'redirect'; reference: string; intent: GiftIntent; total: GiftTotal}
  | {type: 'upsell'; action: 'shown' | 'accepted' | 'declined'; oneOff: Cents; monthly: Cents}
  | {type: 'handoff'; status: HandoffStatus}
  /** Something the page asked for was not done as asked: the console says so. */
  | {type: 'warning'; text: string};
/** What a daisychain page 2 found: a signer to greet, or why it shows the ordinary ask. */
export type HandoffStatus = 'greeted' | ReadFailure;
export type AmountSource = 'handle' | 'other' | 'frequency' | 'external' | 'api' | 'url' | 'upsell';

export type DonateState = {
  frequency: Frequency;
  /** Each frequency keeps its own choice, so switching back and forth loses nothing. */
  selection: Record<Frequency, Selection>;
  /** The amount last valid for each frequency: the give button keeps it while an other amount is being corrected. */
  lastAmount: Partial<Record<Frequency, Cents>>;
  values: Record<TextField, string>;
  /** The giver's country: the form's own until they choose another of its countries. */
  country: Country;
  consent: boolean;
  coverFees: boolean;
  /** Keep the card with the processor for the thank-you page's one-tap monthly gift, as offered. */
  saveCard: boolean;
  ddAgreement: boolean;
  method: Method;
  /** How a processor's own payment fields are doing, as they report it (unused by the sandbox and hosted pages). */
  fields: FieldsStatus;
  step: Step;
  /** The small form starts folded: handles and one button. */
  expanded: boolean;
  /** Set once the supporter starts on their details: the start of a checkout. */
  engaged: boolean;
  touched: Partial<Record<FieldName, true>>;
  /** Steps whose errors all show, after a try to leave or submit them. */
  attempted: Partial<Record<Step, true>>;
  /** Bumped when the error summary should take focus. */
  summaryFocus: number;
  upsell: Upsell;
  submission: Submission;
  /** The last intent sent and its idempotency key: the same intent is never sent under a new key. */
  sent: Sent;
  utm: Utm;
  /** Daisychain page 2 until it has read what page 1 handed over: the form waits, rather than ask and then greet. */
  reading: boolean;
  /** The first name of a signer handed over by a powerform, to greet them by. */
  greeting: string | null;
  /** Daisychain page 2 with every required detail handed over: one line, "Giving as …", until the supporter asks to change them. */
  detailsFolded: boolean;
} & Outbox<Notice>;

/**
 * Checks that depend on the outside world: today's date and the checks loaded
 * on demand, the mobile check and (for the sandbox's test fields alone) the
 * card and bank checks; null until they are here.
 */
export type Checks = Omit<FieldChecks, 'country'> & {now: Date; payment: PaymentChecks | null};

export type Action =
  | {type: 'frequency'; frequency: Frequency}
  | {type: 'handle'; amount: Cents}
  | {type: 'other-amount'; text: string}
  /** `asked` is how the page asked, as the console names it when the amount is refused: `setAmount(3)`. */
  | {type: 'set-amount'; amount: Cents; frequency?: Frequency; source: 'external' | 'api'; asked: string}
  | {type: 'field'; field: TextField; value: string}
  | {type: 'country'; value: Country}
  | {type: 'toggle'; field: 'consent' | 'coverFees' | 'ddAgreement' | 'saveCard'; value: boolean}
  | {type: 'method'; method: Method}
  | {type: 'payment-fields'; status: FieldsStatus}
  | {type: 'blur'; field: FieldName}
  | {type: 'expand'}
  | {type: 'unfold-details'}
  | {type: 'engage'}
  | {type: 'next'; checks: Checks}
  | {type: 'back'}
  | {type: 'go'; step: Step; checks: Checks}
  | {type: 'submit'; checks: Checks; key: string; date: string}
  /** The form's primary button: whatever primaryAction says it does now. */
  | {type: 'primary'; checks: Checks; key: string; date: string}
  | {type: 'upsell'; answer: 'accept' | 'decline'; checks: Checks; key: string; date: string}
  | {type: 'charged'; key: string; result: ChargeResult; date: string}
  | {type: 'prefill'; values: Prefill<Frequency, Step>; checks: Checks}
  | {type: 'handoff'; result: ReadResult<SupporterHandoff>};

export const messagesFor = (config: DonateFormConfig): DonateFormMessages => withOverrides(DONATE_FORM_MESSAGES, config.messages);

export const stepsFor = (config: DonateFormConfig): readonly Step[] => (config.layout === 'wizard' ? STEPS : ['payment']);

const blankValues = (): Record<TextField, string> => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  postcode: '',
  address: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  bsb: '',
  account: '',
  accountName: '',
});

export function initialState(config: DonateFormConfig, utm: Utm = {}): DonateState {
  const selection = Object.fromEntries(config.frequencies.map((f) => [f, {kind: 'handle', amount: defaultHandle(config, f)}])) as Record<
    Frequency,
    Selection
  >;
  return {
    frequency: initialFrequency(config),
    selection,
    lastAmount: Object.fromEntries(config.frequencies.map((f) => [f, defaultHandle(config, f)])),
    values: blankValues(),
    country: formCountries(config.locale, config.countries)[0]!,
    consent: false,
    coverFees: false,
    saveCard: false,
    ddAgreement: false,
    method: 'card',
    fields: {status: 'loading'},
    step: stepsFor(config)[0]!,
    expanded: config.size !== 'small',
    engaged: false,
    touched: {},
    attempted: {},
    summaryFocus: 0,
    upsell: {status: 'none'},
    submission: {status: 'idle'},
    sent: null,
    utm,
    reading: config.handoff,
    greeting: null,
    detailsFolded: false,
    outbox: [],
    seq: 0,
  };
}
