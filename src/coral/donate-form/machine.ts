/**
 * The donate form's state and its transitions, with no view: what is chosen
 * and typed, which step is open, which errors show, the upgrade ask and the
 * payment's progress. The view renders a state and dispatches actions; the
 * events it must announce collect in `outbox`.
 */
import type {ReadResult, SupporterHandoff} from '../daisychain/handoff';
import {validateAccountName, validateAccountNumber, validateBsb} from '../shared/bank';
import {validateCardNumber, validateCvc, validateExpiry} from '../shared/card';
import {validateEmail} from '../shared/email';
import type {ChargeResult, GiftIntent, PaymentDetails} from '../shared/gateway';
import {formatMoney, type Cents} from '../shared/money';
import {accept, refuse, type Check} from '../shared/result';
import {fill} from '../shared/template';
import type {Prefill, Utm} from '../shared/urlParams';
import {DONATE_FORM_MESSAGES, type DonateFormMessages} from './messages';
import {checkOtherAmount, defaultHandle, giftTotal, initialFrequency, limitsFor, rgUpgradeSuggestion, type GiftTotal} from './rules';
import {RECURRING, type DonateFormConfig, type Frequency} from './schema';

export const STEPS = ['amount', 'details', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export type Selection = {kind: 'handle'; amount: Cents} | {kind: 'other'; text: string};

export const SUPPORTER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address'] as const;
export type SupporterField = (typeof SUPPORTER_FIELDS)[number];
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;
export const DEBIT_FIELDS = ['bsb', 'account', 'accountName'] as const;
export type PaymentField = (typeof CARD_FIELDS)[number] | (typeof DEBIT_FIELDS)[number];
export type TextField = SupporterField | PaymentField;
/** Every control an error can belong to. */
export type FieldName = TextField | 'otherAmount' | 'ddAgreement';

export type Method = PaymentDetails['method'];

export type Submission =
  | {status: 'idle'}
  | {status: 'submitting'; intent: GiftIntent; key: string}
  | {status: 'failed'; result: Exclude<ChargeResult, {status: 'approved'}>; key: string}
  | {status: 'done'; reference: string; intent: GiftIntent; total: GiftTotal; date: string};

export type Upsell =
  {status: 'none'} | {status: 'shown' | 'declined'; oneOff: Cents; monthly: Cents} | {status: 'accepted'; oneOff: Cents; monthly: Cents};

/** What the form tells the page, in order; the view turns these into DOM events and analytics. */
export type Notice =
  | {type: 'begin'}
  | {type: 'amount-change'; amount: Cents | null; frequency: Frequency; source: AmountSource}
  | {type: 'step'; step: Step}
  | {type: 'submit'; intent: GiftIntent; total: GiftTotal}
  | {type: 'success'; reference: string; intent: GiftIntent; total: GiftTotal}
  | {type: 'error'; result: Exclude<ChargeResult, {status: 'approved'}>}
  | {type: 'upsell'; action: 'shown' | 'accepted' | 'declined'; oneOff: Cents; monthly: Cents}
  | {type: 'handoff'; status: HandoffStatus};
/** What a daisychain page 2 found: a signer to greet, or why it shows the ordinary ask. */
export type HandoffStatus = 'greeted' | Exclude<ReadResult<SupporterHandoff>, {ok: true}>['reason'];
export type AmountSource = 'handle' | 'other' | 'frequency' | 'external' | 'api' | 'url' | 'upsell';

export type DonateState = {
  frequency: Frequency;
  /** Each frequency keeps its own choice, so switching back and forth loses nothing. */
  selection: Record<Frequency, Selection>;
  values: Record<TextField, string>;
  consent: boolean;
  coverFees: boolean;
  ddAgreement: boolean;
  method: Method;
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
  sent: {fingerprint: string; key: string} | null;
  utm: Utm;
  /** The first name of a signer handed over by a powerform, to greet them by. */
  greeting: string | null;
  outbox: {seq: number; notice: Notice}[];
  seq: number;
};

/** Checks that depend on the outside world: today's date and the (lazily loaded) mobile check. */
export type Checks = {now: Date; mobile: ((value: string) => Check<string>) | null};

export type Action =
  | {type: 'frequency'; frequency: Frequency}
  | {type: 'handle'; amount: Cents}
  | {type: 'other-amount'; text: string}
  | {type: 'set-amount'; amount: Cents; frequency?: Frequency; source: 'external' | 'api'}
  | {type: 'field'; field: TextField; value: string}
  | {type: 'toggle'; field: 'consent' | 'coverFees' | 'ddAgreement'; value: boolean}
  | {type: 'method'; method: Method}
  | {type: 'blur'; field: FieldName}
  | {type: 'expand'}
  | {type: 'engage'}
  | {type: 'next'; checks: Checks}
  | {type: 'back'}
  | {type: 'go'; step: Step; checks: Checks}
  | {type: 'submit'; checks: Checks; key: string; date: string}
  | {type: 'upsell'; answer: 'accept' | 'decline'; checks: Checks; key: string; date: string}
  | {type: 'charged'; key: string; result: ChargeResult; date: string}
  | {type: 'prefill'; values: Prefill<Frequency, Step>; checks: Checks}
  | {type: 'handoff'; result: ReadResult<SupporterHandoff>};

export const messagesFor = (config: DonateFormConfig): DonateFormMessages => {
  const merged: Record<string, string> = {...DONATE_FORM_MESSAGES};
  for (const [key, text] of Object.entries(config.messages)) if (text !== undefined) merged[key] = text;
  return merged as DonateFormMessages;
};

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
    values: blankValues(),
    consent: false,
    coverFees: false,
    ddAgreement: false,
    method: 'card',
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
    greeting: null,
    outbox: [],
    seq: 0,
  };
}

// ——— derived values ———

export type AmountCheck = Check<Cents>;

export function amountOf(config: DonateFormConfig, state: DonateState, frequency = state.frequency): AmountCheck {
  const selection = state.selection[frequency];
  if (selection.kind === 'handle') return accept(selection.amount);
  const messages = messagesFor(config);
  const checked = checkOtherAmount(selection.text, limitsFor(config, frequency));
  if (checked.ok) return checked;
  if ('problem' in checked) {
    const format = (cents: Cents) => formatMoney(cents, config);
    const name = messages[`frequency.${frequency}`].toLowerCase();
    switch (checked.problem.kind) {
      case 'below-min':
        return refuse(fill(messages.amountBelowMin, {frequency: name, min: format(checked.problem.limit)}));
      case 'above-max':
        return refuse(fill(messages.amountAboveMax, {frequency: name, max: format(checked.problem.limit)}));
      case 'unreadable':
        return refuse(checked.problem.reason);
    }
  }
  return checked;
}

export const methodsFor = (config: DonateFormConfig, frequency: Frequency): readonly Method[] =>
  config.directDebit && RECURRING.includes(frequency) ? ['card', 'direct-debit'] : ['card'];

const activeMethod = (config: DonateFormConfig, state: DonateState): Method =>
  methodsFor(config, state.frequency).includes(state.method) ? state.method : 'card';

export function totalOf(config: DonateFormConfig, state: DonateState): GiftTotal | null {
  const amount = amountOf(config, state);
  if (!amount.ok) return null;
  return giftTotal(amount.value, state.frequency, {
    dailyDays: config.dailyDays,
    coverFeesPercent: config.coverFees.enabled && state.coverFees ? config.coverFees.percent : null,
  });
}

/** The step each control lives on. */
export const stepOf = (field: FieldName): Step =>
  field === 'otherAmount' ? 'amount' : (SUPPORTER_FIELDS as readonly string[]).includes(field) ? 'details' : 'payment';

export const visibleSupporterFields = (config: DonateFormConfig): SupporterField[] =>
  SUPPORTER_FIELDS.filter((f) => config.fields[f] !== 'hidden');

/** Every current problem, by control, whether or not it shows yet. */
export function problems(config: DonateFormConfig, state: DonateState, checks: Checks): Partial<Record<FieldName, string>> {
  const messages = messagesFor(config);
  const found: Partial<Record<FieldName, string>> = {};
  const amount = amountOf(config, state);
  if (!amount.ok) found.otherAmount = amount.reason;

  for (const field of visibleSupporterFields(config)) {
    const value = state.values[field].trim();
    if (value === '') {
      if (config.fields[field] === 'required') found[field] = messages.requiredField;
      continue;
    }
    const checked = checkSupporterField(field, value, checks);
    if (checked && !checked.ok) found[field] = checked.reason;
  }

  if (activeMethod(config, state) === 'card') {
    const card = validateCardNumber(state.values.cardNumber);
    if (!card.ok) found.cardNumber = card.reason;
    const expiry = validateExpiry(state.values.expiry, checks.now);
    if (!expiry.ok) found.expiry = expiry.reason;
    const cvc = validateCvc(state.values.cvc, card.ok ? card.value.brand : 'visa');
    if (!cvc.ok) found.cvc = cvc.reason;
  } else {
    const bsb = validateBsb(state.values.bsb);
    if (!bsb.ok) found.bsb = bsb.reason;
    const account = validateAccountNumber(state.values.account);
    if (!account.ok) found.account = account.reason;
    const name = validateAccountName(state.values.accountName);
    if (!name.ok) found.accountName = name.reason;
    if (!state.ddAgreement) found.ddAgreement = messages.directDebitAgreementRequired;
  }
  return found;
}

function checkSupporterField(field: SupporterField, value: string, checks: Checks): Check<string> | null {
  switch (field) {
    case 'email':
      return validateEmail(value);
    case 'phone':
      // Until the phone metadata has loaded there is nothing to say; submit waits for it.
      return checks.mobile ? checks.mobile(value) : null;
    case 'postcode':
      return /^\d{4}$/.test(value) ? accept(value) : refuse('A postcode is 4 digits, like 2000.');
    case 'firstName':
    case 'lastName':
      return value.length <= 50 ? accept(value) : refuse('Use at most 50 characters.');
    case 'address':
      return value.length <= 200 ? accept(value) : refuse('Use at most 200 characters.');
  }
}

/** The problems the supporter should see now: touched controls, and every control of an attempted step. */
export function shownProblems(config: DonateFormConfig, state: DonateState, checks: Checks): Partial<Record<FieldName, string>> {
  const all = problems(config, state, checks);
  const shown: Partial<Record<FieldName, string>> = {};
  for (const [field, message] of Object.entries(all) as [FieldName, string][]) {
    if (state.touched[field] || state.attempted[stepOf(field)] || (config.layout === 'single' && state.attempted.payment)) {
      shown[field] = message;
    }
  }
  return shown;
}

const problemsOn = (config: DonateFormConfig, state: DonateState, checks: Checks, steps: readonly Step[]) =>
  Object.keys(problems(config, state, checks)).filter((f) => steps.includes(stepOf(f as FieldName)));

/** The gift as the gateway receives it, once everything checks out. */
export function buildIntent(config: DonateFormConfig, state: DonateState, checks: Checks): GiftIntent | null {
  if (Object.keys(problems(config, state, checks)).length > 0) return null;
  const total = totalOf(config, state);
  if (!total) return null;
  const supporter: GiftIntent['supporter'] = {consent: state.consent};
  for (const field of visibleSupporterFields(config)) {
    const value = state.values[field].trim();
    if (value === '') continue;
    const checked = checkSupporterField(field, value, checks);
    supporter[field] = checked?.ok ? checked.value : value;
  }
  let payment: PaymentDetails;
  if (activeMethod(config, state) === 'card') {
    const card = validateCardNumber(state.values.cardNumber);
    const expiry = validateExpiry(state.values.expiry, checks.now);
    const cvc = validateCvc(state.values.cvc, card.ok ? card.value.brand : 'visa');
    if (!card.ok || !expiry.ok || !cvc.ok) return null;
    payment = {method: 'card', number: card.value.number, expiry: expiry.value, cvc: cvc.value};
  } else {
    const bsb = validateBsb(state.values.bsb);
    const account = validateAccountNumber(state.values.account);
    const name = validateAccountName(state.values.accountName);
    if (!bsb.ok || !account.ok || !name.ok) return null;
    payment = {method: 'direct-debit', bsb: bsb.value, account: account.value, name: name.value};
  }
  const intent: GiftIntent = {
    campaign: config.campaign,
    amount: total.amount,
    fee: total.fee,
    currency: config.currency,
    frequency: state.frequency,
    supporter,
    payment,
    utm: state.utm,
  };
  if (config.sourceCode) intent.sourceCode = config.sourceCode;
  if (state.upsell.status === 'accepted' || state.upsell.status === 'declined') {
    intent.upgrade = {from: {amount: state.upsell.oneOff, frequency: 'one-off'}, accepted: state.upsell.status === 'accepted'};
  }
  return intent;
}

// ——— transitions ———

const notify = (state: DonateState, ...notices: Notice[]): DonateState => {
  let seq = state.seq;
  const added = notices.map((notice) => ({seq: (seq += 1), notice}));
  // The view drains the outbox after each render; a short tail is all it ever needs.
  return {...state, seq, outbox: [...state.outbox, ...added].slice(-20)};
};

const amountNotice = (config: DonateFormConfig, state: DonateState, source: AmountSource): Notice => {
  const amount = amountOf(config, state);
  return {type: 'amount-change', amount: amount.ok ? amount.value : null, frequency: state.frequency, source};
};

/** Edits made after a failed payment start a fresh attempt; the old message no longer describes the form. */
const edited = (state: DonateState): DonateState =>
  state.submission.status === 'failed' ? {...state, submission: {status: 'idle'}} : state;

const locked = (state: DonateState) => state.submission.status === 'submitting' || state.submission.status === 'done';

function selectAmount(
  config: DonateFormConfig,
  state: DonateState,
  amount: Cents,
  frequency: Frequency,
  source: AmountSource,
): DonateState {
  const isHandle = config.amounts[frequency].handles.some((h) => Math.round(h.amount * 100) === amount);
  // An amount that is not a handle goes in the other-amount field as plain dollars, so the supporter sees it.
  const selection: Selection = isHandle ? {kind: 'handle', amount} : {kind: 'other', text: (amount / 100).toFixed(amount % 100 ? 2 : 0)};
  const next = edited({...state, frequency, selection: {...state.selection, [frequency]: selection}});
  return notify(next, amountNotice(config, next, source));
}

const focusErrors = (state: DonateState, step: Step): DonateState => ({
  ...state,
  attempted: {...state.attempted, [step]: true},
  summaryFocus: state.summaryFocus + 1,
});

function moveTo(state: DonateState, step: Step): DonateState {
  if (state.step === step) return state;
  return notify({...state, step}, {type: 'step', step});
}

/** Sends the gift, reusing the idempotency key when the same intent was sent before. */
function send(config: DonateFormConfig, state: DonateState, checks: Checks, freshKey: string): DonateState {
  const intent = buildIntent(config, state, checks);
  const total = totalOf(config, state);
  if (!intent || !total) return focusErrors(state, 'payment');
  const fingerprint = JSON.stringify(intent);
  const key = state.sent?.fingerprint === fingerprint ? state.sent.key : freshKey;
  return notify({...state, submission: {status: 'submitting', intent, key}, sent: {fingerprint, key}}, {type: 'submit', intent, total});
}

export function reduce(config: DonateFormConfig, state: DonateState, action: Action): DonateState {
  if (locked(state) && action.type !== 'charged') return state;

  switch (action.type) {
    case 'frequency': {
      if (!config.frequencies.includes(action.frequency) || action.frequency === state.frequency) return state;
      const next = edited({...state, frequency: action.frequency});
      return notify(next, amountNotice(config, next, 'frequency'));
    }
    case 'handle':
      return selectAmount(config, state, action.amount, state.frequency, 'handle');
    case 'other-amount': {
      const next = edited({...state, selection: {...state.selection, [state.frequency]: {kind: 'other', text: action.text}}});
      return notify(next, amountNotice(config, next, 'other'));
    }
    case 'set-amount': {
      const frequency = action.frequency && config.frequencies.includes(action.frequency) ? action.frequency : state.frequency;
      return selectAmount(config, state, action.amount, frequency, action.source);
    }
    case 'field':
      return edited({...state, values: {...state.values, [action.field]: action.value}});
    case 'toggle':
      return edited({...state, [action.field]: action.value});
    case 'method':
      return edited({...state, method: action.method});
    case 'blur':
      return state.touched[action.field] ? state : {...state, touched: {...state.touched, [action.field]: true}};
    case 'expand':
      return state.expanded ? state : reduce(config, {...state, expanded: true}, {type: 'engage'});
    case 'engage':
      return state.engaged ? state : notify({...state, engaged: true}, {type: 'begin'});
    case 'next': {
      const steps = stepsFor(config);
      const index = steps.indexOf(state.step);
      if (index < 0 || index === steps.length - 1) return state;
      if (problemsOn(config, state, action.checks, [state.step]).length > 0) return focusErrors(state, state.step);
      return moveTo(reduce(config, state, {type: 'engage'}), steps[index + 1]!);
    }
    case 'back': {
      const steps = stepsFor(config);
      const index = steps.indexOf(state.step);
      return index > 0 ? moveTo(state, steps[index - 1]!) : state;
    }
    case 'go': {
      // Going back is always allowed; going forward only past complete steps.
      const steps = stepsFor(config);
      const target = steps.indexOf(action.step);
      const here = steps.indexOf(state.step);
      if (target < 0) return state;
      if (target > here) {
        const blocking = steps.slice(0, target).find((s) => problemsOn(config, state, action.checks, [s]).length > 0);
        if (blocking) return focusErrors(moveTo(state, blocking), blocking);
      }
      return moveTo(state, action.step);
    }
    case 'submit': {
      // While the upgrade ask is open only its answer sends the gift: a second click must not skip it.
      if (state.upsell.status === 'shown') return state;
      const steps = stepsFor(config);
      const blocking = steps.find((s) => problemsOn(config, state, action.checks, s === 'payment' ? STEPS : [s]).length > 0);
      if (blocking) return focusErrors(moveTo(state, blocking), blocking);
      const amount = amountOf(config, state);
      if (config.rgUpgrade.enabled && state.frequency === 'one-off' && state.upsell.status === 'none' && amount.ok) {
        const monthly = rgUpgradeSuggestion(amount.value, config.rgUpgrade, limitsFor(config, 'monthly').min);
        return notify(
          {...state, upsell: {status: 'shown', oneOff: amount.value, monthly}},
          {
            type: 'upsell',
            action: 'shown',
            oneOff: amount.value,
            monthly,
          },
        );
      }
      return send(config, state, action.checks, action.key);
    }
    case 'upsell': {
      if (state.upsell.status !== 'shown') return state;
      const {oneOff, monthly} = state.upsell;
      if (action.answer === 'decline') {
        const next = notify(
          {...state, upsell: {status: 'declined', oneOff, monthly}},
          {type: 'upsell', action: 'declined', oneOff, monthly},
        );
        return send(config, next, action.checks, action.key);
      }
      let next = notify({...state, upsell: {status: 'accepted', oneOff, monthly}}, {type: 'upsell', action: 'accepted', oneOff, monthly});
      next = selectAmount(config, next, monthly, 'monthly', 'upsell');
      return send(config, next, action.checks, action.key);
    }
    case 'charged': {
      if (state.submission.status !== 'submitting' || state.submission.key !== action.key) return state;
      const {intent} = state.submission;
      const result = action.result;
      if (result.status === 'approved') {
        const total = totalOf(config, state)!;
        return notify(
          {...state, submission: {status: 'done', reference: result.reference, intent, total, date: action.date}},
          {type: 'success', reference: result.reference, intent, total},
        );
      }
      return notify({...state, submission: {status: 'failed', result, key: action.key}}, {type: 'error', result});
    }
    case 'prefill': {
      const {values} = action;
      let next: DonateState = fillSupporter(config, {...state, utm: {...state.utm, ...values.utm}}, values);
      if (values.frequency && config.frequencies.includes(values.frequency)) next = {...next, frequency: values.frequency};
      if (values.amount !== undefined) next = selectAmount(config, next, values.amount, next.frequency, 'url');
      if (values.step && config.layout === 'wizard') next = reduce(config, next, {type: 'go', step: values.step, checks: action.checks});
      return next;
    }
    case 'handoff': {
      if (!action.result.ok) return notify(state, {type: 'handoff', status: action.result.reason});
      const signer = action.result.data;
      // A field the supporter has already typed in is theirs; the hand-off only fills empty ones.
      const empty = Object.fromEntries(
        (['firstName', 'lastName', 'email', 'phone', 'postcode'] as const)
          .filter((field) => state.values[field] === '' && signer[field] !== undefined)
          .map((field) => [field, signer[field]]),
      );
      return notify({...fillSupporter(config, state, empty), greeting: signer.firstName}, {type: 'handoff', status: 'greeted'});
    }
  }
}

/** Puts known supporter details into the fields the form shows; hidden fields stay empty. */
function fillSupporter(config: DonateFormConfig, state: DonateState, values: Partial<Record<SupporterField, string>>): DonateState {
  const text = {...state.values};
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'postcode'] as const) {
    const value = values[field];
    if (value !== undefined && config.fields[field] !== 'hidden') text[field] = value;
  }
  return {...state, values: text};
}

/** The line under the amount: what the gift comes to, in the supporter's words. */
export function totalSentence(config: DonateFormConfig, frequency: Frequency, total: GiftTotal): string {
  const messages = messagesFor(config);
  const money = (cents: Cents) => formatMoney(cents, config);
  switch (frequency) {
    case 'daily':
      return fill(messages.dailyTotal, {amount: money(total.perPayment), days: config.dailyDays, total: money(total.total)});
    case 'weekly':
      return fill(messages.weeklyTotal, {amount: money(total.perPayment)});
    case 'monthly':
      return fill(messages.monthlyTotal, {amount: money(total.perPayment)});
    case 'one-off':
      return fill(messages.oneOffTotal, {amount: money(total.perPayment)});
  }
}

/** The impact line for the chosen amount: the handle's own, or the template filled for an other amount. */
export function impactOf(config: DonateFormConfig, state: DonateState): string | null {
  const selection = state.selection[state.frequency];
  const block = config.amounts[state.frequency];
  if (selection.kind === 'handle') {
    return block.handles.find((h) => Math.round(h.amount * 100) === selection.amount)?.impact ?? null;
  }
  const amount = amountOf(config, state);
  if (!amount.ok || !block.impactTemplate) return null;
  return fill(block.impactTemplate, impactValues(amount.value, config, block.impactUnit));
}

/** Values an impact template may use: {amount}, and {count} units of impact at `impactUnit` dollars each. */
const impactValues = (amount: Cents, config: DonateFormConfig, unit: number) => ({
  amount: formatMoney(amount, config),
  count: Math.floor(amount / Math.round(unit * 100)).toLocaleString(config.locale),
});
