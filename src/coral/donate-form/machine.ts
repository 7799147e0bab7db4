/**
 * The donate form's transitions: every action a supporter, the page or the
 * gateway takes moves the state here and nowhere else. The view renders a
 * state and dispatches actions; the events it must announce collect in the
 * outbox.
 */
import {edited, keyFor, locked, notifier, touch} from '../shared/reducer';
import type {Cents} from '../shared/money';
import type {DonateFormConfig, Frequency} from './schema';
import {
  amountOf,
  buildIntent,
  entryOf,
  frequencyFor,
  primaryAction,
  problemsOn,
  reachableStep,
  refusedAmount,
  testPaymentOf,
  totalOf,
  upsellAsk,
  visibleSupporterFields,
} from './derive';
import {
  stepsFor,
  STEPS,
  type Action,
  type AmountSource,
  type Checks,
  type DonateState,
  type Notice,
  type Selection,
  type Step,
  type SupporterField,
} from './state';

const notify = notifier<DonateState>();

export * from './state';
export * from './derive';

const amountNotice = (config: DonateFormConfig, state: DonateState, source: AmountSource): Notice => {
  const amount = amountOf(config, state);
  return {type: 'amount-change', amount: amount.ok ? amount.value : null, frequency: state.frequency, source};
};

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

/**
 * Sends the gift, reusing the idempotency key when the same gift was sent
 * before (with the sandbox, the same test card too): a processor then meets
 * the same payment again, and never charges twice.
 */
function send(config: DonateFormConfig, state: DonateState, checks: Checks, freshKey: string): DonateState {
  const intent = buildIntent(config, state, checks);
  const total = totalOf(config, state);
  if (!intent || !total) return focusErrors(state, 'payment');
  const test = testPaymentOf(config, state, checks);
  const {key, sent} = keyFor(state.sent, {intent, test}, freshKey);
  const submission = {status: 'sending', intent, key, ...(test ? {test} : {})} as const;
  return notify({...state, submission, sent}, {type: 'submit', intent, total});
}

/** Moves the state by one action, and keeps the amount last valid for each frequency for the give button. */
export function reduce(config: DonateFormConfig, state: DonateState, action: Action): DonateState {
  const next = step(config, state, action);
  const amount = amountOf(config, next);
  if (!amount.ok || next.lastAmount[next.frequency] === amount.value) return next;
  return {...next, lastAmount: {...next.lastAmount, [next.frequency]: amount.value}};
}

function step(config: DonateFormConfig, state: DonateState, action: Action): DonateState {
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
      // An amount the form would refuse is not set: the caller says why in the console.
      const frequency = frequencyFor(config, state.frequency, action.frequency);
      const refused = refusedAmount(config, action.amount, frequency);
      if (refused) return notify(state, {type: 'warning', text: `Coral: ignored ${action.asked}: ${refused}`});
      return selectAmount(config, state, action.amount, frequency, action.source);
    }
    case 'field':
      return edited({...state, values: {...state.values, [action.field]: action.value}});
    case 'country':
      return edited({...state, country: action.value});
    case 'toggle':
      return edited({...state, [action.field]: action.value});
    case 'method':
      return edited({...state, method: action.method});
    case 'payment-fields': {
      // A change in the processor's fields is an edit like any other; its method is the gift's.
      const {status} = action;
      const next = {...state, fields: status};
      return status.status === 'ready' ? edited({...next, method: status.method}) : next;
    }
    case 'blur':
      return touch(state, action.field);
    case 'unfold-details':
      return state.detailsFolded ? {...state, detailsFolded: false} : state;
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
    case 'primary': {
      // The primary button does what primaryAction says: open the form (and leave the wizard's first step), go on, or send.
      switch (primaryAction(config, state)) {
        case 'expand': {
          const open = reduce(config, state, {type: 'expand'});
          return config.layout === 'wizard' ? reduce(config, open, {type: 'next', checks: action.checks}) : open;
        }
        case 'next':
          return reduce(config, state, {type: 'next', checks: action.checks});
        case 'submit':
          return reduce(config, state, {type: 'submit', checks: action.checks, key: action.key, date: action.date});
      }
      break;
    }
    case 'submit': {
      // While the upgrade ask is open only its answer sends the gift: a second click must not skip it.
      if (state.upsell.status === 'shown') return state;
      const steps = stepsFor(config);
      const blocking = steps.find((s) => problemsOn(config, state, action.checks, s === 'payment' ? STEPS : [s]).length > 0);
      if (blocking) return focusErrors(moveTo(state, blocking), blocking);
      const amount = amountOf(config, state);
      const monthly = upsellAsk(config, state);
      if (monthly !== null && amount.ok) {
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
      // A processor's fields check the gift they hold within the click that sends it (a wallet's sheet shows that one),
      // and they take a change only after the click: yes changes the gift, and the give button sends it.
      return entryOf(config) === 'processor-fields' ? next : send(config, next, action.checks, action.key);
    }
    case 'charged': {
      if (state.submission.status !== 'sending' || state.submission.key !== action.key) return state;
      const {intent} = state.submission;
      const result = action.result;
      if (result.status === 'approved') {
        const total = totalOf(config, state)!;
        return notify(
          {
            ...state,
            submission: {
              status: 'done',
              reference: result.reference,
              intent,
              total,
              date: action.date,
              ...(result.oneTap ? {oneTap: result.oneTap} : {}),
            },
          },
          {type: 'success', reference: result.reference, intent, total},
        );
      }
      if (result.status === 'redirect') {
        const total = totalOf(config, state)!;
        const {url, reference} = result;
        return notify(
          {...state, submission: {status: 'leaving', url, reference, intent, total, date: action.date}},
          {type: 'redirect', reference, intent, total},
        );
      }
      // The guard refused before anything was made under this key, or what was made under it was cancelled: the next try
      // takes a fresh key, whatever the endpoint kept.
      const sent = result.status === 'guarded' || 'ended' in result ? null : state.sent;
      return notify(
        {...state, sent, submission: {status: 'failed', result, key: action.key, method: intent.method}},
        {type: 'error', result},
      );
    }
    case 'prefill': {
      const {values} = action;
      let next: DonateState = fillSupporter(config, {...state, utm: {...state.utm, ...values.utm}}, values);
      if (values.frequency && config.frequencies.includes(values.frequency)) next = {...next, frequency: values.frequency};
      if (values.amount !== undefined) {
        const refused = refusedAmount(config, values.amount, next.frequency);
        next = refused
          ? notify(next, {type: 'warning', text: `Coral: ignored URL parameter "amount": ${refused}`})
          : selectAmount(config, next, values.amount, next.frequency, 'url');
      }
      // A link may open a later step only when the earlier ones are complete; otherwise the form opens at the first
      // incomplete one, quietly: nothing has been typed yet, so nothing is wrong yet.
      if (values.step && config.layout === 'wizard') {
        const opens = reachableStep(config, next, values.step, action.checks);
        if (opens !== values.step) {
          const text = `Coral: URL parameter "step" asked for ${values.step}, but the ${opens} step is not complete yet: the form opens there.`;
          next = notify(next, {type: 'warning', text});
        }
        next = moveTo(next, opens);
      }
      return next;
    }
    case 'handoff': {
      if (!action.result.ok) return notify({...state, reading: false}, {type: 'handoff', status: action.result.reason});
      const signer = action.result.data;
      // A field the supporter has already typed in is theirs; the hand-off only fills empty ones.
      const empty = Object.fromEntries(
        (['firstName', 'lastName', 'email', 'phone', 'postcode'] as const)
          .filter((field) => state.values[field] === '' && signer[field] !== undefined)
          .map((field) => [field, signer[field]]),
      );
      const filled = fillSupporter(config, state, empty);
      // Every required detail came with the signer: they show as one line until the supporter asks to change them.
      const complete = visibleSupporterFields(config).every(
        (field) => config.fields[field] !== 'required' || filled.values[field].trim() !== '',
      );
      return notify({...filled, reading: false, greeting: signer.firstName, detailsFolded: complete}, {type: 'handoff', status: 'greeted'});
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
