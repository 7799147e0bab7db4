/**
 * What the donate form's state means, with no view and no change: the amount
 * and total, every problem and which of them show, the gift as the gateway
 * receives it, and the view's decisions (which steps show, what the primary
 * button does, which payment method is active).
 */
import {asksFor, checkField, type Country, FIELD_TABLE, fieldProblems, formCountries} from '../shared/fields';
import {ENTRY_BY_GATEWAY, type DeclineCode, type GiftIntent, type PaymentEntry, type TestPayment} from '../shared/gateways';
import {formatMoney, type Cents, rgUpgradeSuggestion, smallestUnit} from '../shared/money';
import {accept, refuse, type Check, fill} from '../shared/basics';
import type {DonateFormMessages} from './messages';
import {keepsCardFor} from './keepCard';
import {checkOtherAmount, giftTotal, limitsFor, type GiftTotal} from './rules';
import {RECURRING, type DonateFormConfig, type Frequency} from './schema';
import {
  messagesFor,
  stepsFor,
  STEPS,
  SUPPORTER_FIELDS,
  type Checks,
  type DonateState,
  type FieldName,
  type Method,
  type Step,
  type SupporterField,
} from './state';

export type AmountCheck = Check<Cents>;

export function amountOf(config: DonateFormConfig, state: DonateState, frequency = state.frequency): AmountCheck {
  const selection = state.selection[frequency];
  if (selection.kind === 'handle') return accept(selection.amount);
  const messages = messagesFor(config);
  const checked = checkOtherAmount(selection.text, limitsFor(config, frequency), messages, formatMoney(0, config), config.currency);
  if (checked.ok) return checked;
  const {problem} = checked;
  return refuse(problem.kind === 'unreadable' ? problem.reason : limitMessage(config, frequency, problem));
}

const LIMIT_MESSAGES = {'below-min': 'amountBelowMin', 'above-max': 'amountAboveMax'} as const;

/** "The smallest monthly gift we can take is $5.", or the largest. */
function limitMessage(config: DonateFormConfig, frequency: Frequency, problem: {kind: 'below-min' | 'above-max'; limit: Cents}): string {
  const messages = messagesFor(config);
  const limit = formatMoney(problem.limit, config);
  // Each template names its own limit, {min} or {max}.
  return fill(messages[LIMIT_MESSAGES[problem.kind]], {
    frequency: messages[`frequency.${frequency}`].toLowerCase(),
    min: limit,
    max: limit,
  });
}

/** The frequency an amount from the page goes to: the one asked for when the form offers it, else the current one. */
export const frequencyFor = (config: DonateFormConfig, current: Frequency, asked: Frequency | undefined): Frequency =>
  config.frequencies.find((frequency) => frequency === asked) ?? current;

/**
 * Why an amount from outside the form (a page's button, setAmount(), the URL)
 * is not applied: it is outside the frequency's limits (which the schema
 * keeps every handle within), or has cents in a currency without them. Null
 * when the amount may be set.
 */
export function refusedAmount(config: DonateFormConfig, amount: Cents, frequency: Frequency): string | null {
  if (amount % smallestUnit(config.currency)) return messagesFor(config).amountWhole;
  const {min, max} = limitsFor(config, frequency);
  if (amount < min) return limitMessage(config, frequency, {kind: 'below-min', limit: min});
  if (amount > max) return limitMessage(config, frequency, {kind: 'above-max', limit: max});
  return null;
}

export const methodsFor = (config: DonateFormConfig, frequency: Frequency): readonly Method[] =>
  config.directDebit && RECURRING.includes(frequency) ? ['card', 'direct-debit'] : ['card'];

/** The payment method in use: the one chosen, while the frequency offers it, else card. */
export const activeMethod = (config: DonateFormConfig, state: DonateState): Method =>
  methodsFor(config, state.frequency).includes(state.method) ? state.method : 'card';

/** What one payment of `amount` would take, with the cover fee when the supporter ticked it: what a button offering it charges. */
export function chargeFor(config: DonateFormConfig, state: DonateState, amount: Cents, frequency: Frequency): Cents {
  return giftTotal(amount, frequency, {
    dailyDays: config.dailyDays,
    coverFeesPercent: config.coverFees.enabled && state.coverFees ? config.coverFees.percent : null,
    currency: config.currency,
  }).perPayment;
}

/**
 * What the give button names: the gift as it stands, or while the amount is
 * being corrected, the last one that was valid. The machine keeps the last
 * valid amount, which is the current one whenever that is valid.
 */
export function buttonAmountOf(config: DonateFormConfig, state: DonateState): Cents | null {
  const last = state.lastAmount[state.frequency];
  return last === undefined ? null : chargeFor(config, state, last, state.frequency);
}

export function totalOf(config: DonateFormConfig, state: DonateState): GiftTotal | null {
  const amount = amountOf(config, state);
  if (!amount.ok) return null;
  return giftTotal(amount.value, state.frequency, {
    dailyDays: config.dailyDays,
    coverFeesPercent: config.coverFees.enabled && state.coverFees ? config.coverFees.percent : null,
    currency: config.currency,
  });
}

/** The step each control lives on. */
export const stepOf = (field: FieldName): Step =>
  field === 'otherAmount' ? 'amount' : (SUPPORTER_FIELDS as readonly string[]).includes(field) ? 'details' : 'payment';

/** The supporter fields the config shows; given the giver's country, only those it has (no postcode in Fiji). */
export const visibleSupporterFields = (config: DonateFormConfig, country?: Country): SupporterField[] =>
  SUPPORTER_FIELDS.filter((f) => config.fields[f] !== 'hidden' && (country === undefined || asksFor(f, country)));

/** The countries the form takes, its own first; with more than one, the form asks which. */
export const countriesOf = (config: DonateFormConfig): readonly Country[] => formCountries(config.locale, config.countries);

/** Where this form's card or bank details are typed: the sandbox's test fields, the processor's fields, or its hosted page. */
export const entryOf = (config: DonateFormConfig): PaymentEntry => ENTRY_BY_GATEWAY[config.gateway.type];

/** Why the payment fields as a whole hold the gift back while they, or their checks, are not here yet: still loading, or failed to. */
const fieldsWaiting = (state: DonateState, messages: DonateFormMessages): string =>
  state.fields.status === 'failed' ? messages.paymentFieldsFailed : messages.paymentFieldsLoading;

/**
 * The payment checked: each control's problem, and (the sandbox only) what
 * was typed in the test fields once all of them pass. A processor's fields
 * check themselves and say only whether they are complete; a hosted page
 * asks for nothing here. The sandbox's checks load on demand: until they are
 * here the payment is held back as a processor's loading fields are, so
 * nothing is sent unchecked.
 */
function checkPayment(
  config: DonateFormConfig,
  state: DonateState,
  checks: Checks,
): {found: Partial<Record<FieldName, string>>; test: TestPayment | null} {
  const messages = messagesFor(config);
  const {values} = state;
  const entry = entryOf(config);
  // Stryker disable next-line ObjectLiteral: with no `found` the problems are as empty as with an empty one.
  if (entry === 'hosted-page') return {found: {}, test: null};
  if (entry === 'processor-fields') {
    const {fields} = state;
    const problem =
      fields.status === 'ready' ? (fields.complete ? null : messages.paymentFieldsIncomplete) : fieldsWaiting(state, messages);
    return {found: problem ? {paymentFields: problem} : {}, test: null};
  }
  const {payment} = checks;
  if (!payment) return {found: {paymentFields: fieldsWaiting(state, messages)}, test: null};
  if (activeMethod(config, state) === 'card') {
    const card = payment.checkCard(values, checks.now, messages);
    return {found: card.found, test: card.value && {method: 'card', ...card.value}};
  }
  const debit = payment.checkDebit(values, messages);
  return {
    found: {...debit.found, ...(state.ddAgreement ? {} : {ddAgreement: messages.directDebitAgreementRequired})},
    test: debit.value && {method: 'direct-debit', ...debit.value},
  };
}

/** Whether the form offers to keep the card for a one-tap monthly gift: a gift that may keep it, through a gateway set to offer it. */
export const offersSaveCard = (config: DonateFormConfig, state: DonateState): boolean =>
  config.gateway.type === 'stripe' && config.gateway.saveCardForUpgrade && keepsCardFor(config, state.frequency);

/** What was typed in the sandbox's test fields, for the sandbox alone; nothing for any other gateway. */
export function testPaymentOf(config: DonateFormConfig, state: DonateState, checks: Checks): TestPayment | undefined {
  return checkPayment(config, state, checks).test ?? undefined;
}

/** Every current problem, by control and in the form's order, whether or not it shows yet. */
export function problems(config: DonateFormConfig, state: DonateState, checks: Checks): Partial<Record<FieldName, string>> {
  const amount = amountOf(config, state);
  return {
    ...(amount.ok ? {} : {otherAmount: amount.reason}),
    ...fieldProblems(
      visibleSupporterFields(config, state.country),
      state.values,
      config.fields,
      {...checks, country: state.country},
      messagesFor(config),
      config.locale,
    ),
    ...checkPayment(config, state, checks).found,
  };
}

// The field a decline blames, where the form has it: the sandbox's own fields (a processor's fields mark themselves).
const DECLINED_FIELD: Partial<Record<DeclineCode, FieldName>> = {
  'security-code': 'cvc',
  number: 'cardNumber',
  expired: 'expiry',
  bank: 'bsb',
};

/** The field a decline blames, marked with what to do until the next edit; the decline's own message says the rest. */
export function declinedField(config: DonateFormConfig, state: DonateState): {field: FieldName; message: string} | null {
  const {submission} = state;
  if (submission.status !== 'failed' || submission.result.status !== 'declined' || entryOf(config) !== 'test-fields') return null;
  const code = submission.result.code;
  const field = code && DECLINED_FIELD[code];
  return field ? {field, message: messagesFor(config)[`decline.${code}`]} : null;
}

/** The problems the supporter should see now: touched controls, every control of an attempted step, and the field a decline blames. */
export function shownProblems(config: DonateFormConfig, state: DonateState, checks: Checks): Partial<Record<FieldName, string>> {
  const all = problems(config, state, checks);
  const shown: Partial<Record<FieldName, string>> = {};
  for (const [field, message] of Object.entries(all) as [FieldName, string][]) {
    if (state.touched[field] || state.attempted[stepOf(field)] || (config.layout === 'single' && state.attempted.payment)) {
      shown[field] = message;
    }
  }
  const declined = declinedField(config, state);
  if (declined && shown[declined.field] === undefined) shown[declined.field] = declined.message;
  return shown;
}

export const problemsOn = (config: DonateFormConfig, state: DonateState, checks: Checks, steps: readonly Step[]) =>
  Object.keys(problems(config, state, checks)).filter((f) => steps.includes(stepOf(f as FieldName)));

/** The gift as the gateway receives it, once everything checks out. */
export function buildIntent(config: DonateFormConfig, state: DonateState, checks: Checks): GiftIntent | null {
  if (Object.keys(problems(config, state, checks)).length > 0) return null;
  const total = totalOf(config, state);
  if (!total) return null;
  const supporter: GiftIntent['supporter'] = {consent: state.consent};
  // The country goes where the giver chose it; a form of one country leaves it to the endpoint, which knows it.
  if (countriesOf(config).length > 1) supporter.country = state.country;
  for (const field of visibleSupporterFields(config, state.country)) {
    const value = state.values[field].trim();
    if (value === '') continue;
    const checked = checkField(field, value, {...checks, country: state.country}, messagesFor(config), config.locale);
    supporter[field] = checked?.ok ? checked.value : value;
  }
  const intent: GiftIntent = {
    campaign: config.campaign,
    amount: total.amount,
    fee: total.fee,
    currency: config.currency,
    frequency: state.frequency,
    ...(state.frequency === 'daily' ? {days: config.dailyDays} : {}),
    method: activeMethod(config, state),
    ...(offersSaveCard(config, state) && state.saveCard ? {savePaymentMethod: true} : {}),
    supporter,
    utm: state.utm,
  };
  if (config.sourceCode) intent.sourceCode = config.sourceCode;
  if (state.upsell.status === 'accepted' || state.upsell.status === 'declined') {
    intent.upgrade = {from: {amount: state.upsell.oneOff, frequency: 'one-off'}, accepted: state.upsell.status === 'accepted'};
  }
  return intent;
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
    // Stryker disable next-line OptionalChaining: a handle selected is always one of the block's handles.
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

// ——— the view's decisions ———

/** The steps on screen: the wizard's current one; all three once the form is open; only the amount while a small form is folded. */
export const visibleSteps = (config: DonateFormConfig, state: DonateState): readonly Step[] =>
  config.layout === 'wizard' ? [state.step] : state.expanded ? STEPS : ['amount'];

/** What the form's primary button does now: open a folded form, move to the next wizard step, or send the gift. */
export function primaryAction(config: DonateFormConfig, state: DonateState): 'expand' | 'next' | 'submit' {
  if (!state.expanded) return 'expand';
  const steps = stepsFor(config);
  return state.step === steps.at(-1) ? 'submit' : 'next';
}

/** The monthly gift the give button asks for instead of a one-off gift, before sending anything; null when it sends at once. */
export function upsellAsk(config: DonateFormConfig, state: DonateState): Cents | null {
  const amount = amountOf(config, state);
  return config.rgUpgrade.enabled && state.frequency === 'one-off' && state.upsell.status === 'none' && amount.ok
    ? rgUpgradeSuggestion(amount.value, config.rgUpgrade, limitsFor(config, 'monthly'))
    : null;
}

/** The wizard offers a way back from every step but the first (the one-page form has only the one). */
export const canGoBack = (config: DonateFormConfig, state: DonateState): boolean => state.step !== stepsFor(config)[0];

/** The message keys of the labels of the controls that are not supporter fields (those are in the field table). */
const LABELS = {
  otherAmount: 'otherAmountLabel',
  paymentFields: 'paymentLegend',
  cardNumber: 'cardNumberLabel',
  expiry: 'expiryLabel',
  cvc: 'cvcLabel',
  bsb: 'bsbLabel',
  account: 'accountNumberLabel',
  accountName: 'accountNameLabel',
  ddAgreement: 'directDebitAgreementLabel',
} as const satisfies Record<Exclude<FieldName, SupporterField>, keyof DonateFormMessages>;

/** The label a control has. */
export const labelOf = (field: FieldName, messages: DonateFormMessages): string =>
  messages[field in LABELS ? LABELS[field as keyof typeof LABELS] : FIELD_TABLE[field as SupporterField].label];

/**
 * The error summary's lines: the problems that show, on the steps that are on
 * screen, in the form's order. Each is the field's own message, which names
 * what to fix, as GOV.UK's error summary does.
 */
export function summaryOf(
  config: DonateFormConfig,
  state: DonateState,
  shown: Partial<Record<FieldName, string>>,
): {field: FieldName; message: string}[] {
  const steps = visibleSteps(config, state);
  // The summary belongs to a failed submit or step: a field left on blur says so under itself, and nothing above it moves.
  const attempted = (field: FieldName) => state.attempted[stepOf(field)] || (config.layout === 'single' && state.attempted.payment);
  // A decline is told in its own alert, not listed again as a problem.
  const declined = declinedField(config, state);
  return (Object.entries(shown) as [FieldName, string][])
    .filter(
      ([field, message]) =>
        steps.includes(stepOf(field)) && attempted(field) && !(declined?.field === field && declined.message === message),
    )
    .map(([field, message]) => ({field, message}));
}

/** The step a link asks for, or the first step before it that still has something to fill in. */
export function reachableStep(config: DonateFormConfig, state: DonateState, asked: Step, checks: Checks): Step {
  const steps = stepsFor(config);
  const target = steps.indexOf(asked);
  if (target < 0) return state.step;
  return steps.slice(0, target).find((step) => problemsOn(config, state, checks, [step]).length > 0) ?? asked;
}

/** A wizard step's heading: "Step 2 of 3: Your details". */
export function stepTitle(config: DonateFormConfig, step: Step): string {
  const messages = messagesFor(config);
  const steps = stepsFor(config);
  return fill(messages.stepIndicator, {step: steps.indexOf(step) + 1, steps: steps.length, name: messages[`step.${step}`]});
}

/**
 * The page's title while the form shows, with `{title}` standing for the
 * page's own: a wizard names its step, and an error summary on screen puts
 * "Error: " first. Null leaves the page's title alone.
 */
export function pageTitleOf(config: DonateFormConfig, state: DonateState, errors: boolean): string | null {
  const status = state.submission.status;
  if (!config.updateTitle || status === 'done' || status === 'leaving') return null;
  const messages = messagesFor(config);
  const steps = stepsFor(config);
  const wizard = config.layout === 'wizard';
  const title = wizard
    ? fill(messages.pageTitleStep, {name: messages[`step.${state.step}`], step: steps.indexOf(state.step) + 1, steps: steps.length})
    : '{title}';
  if (errors) return fill(messages.pageTitleError, {title});
  return wizard ? title : null;
}
