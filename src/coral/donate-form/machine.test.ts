import {describe, expect, it} from 'vitest';
import {normaliseMobile} from '../shared/phone';
import {signer} from '../shared/testing/handoffs';
import {
  amountOf,
  buildIntent,
  canGoBack,
  primaryAction,
  summaryOf,
  visibleSteps,
  impactOf,
  initialState,
  problems,
  reduce,
  shownProblems,
  totalOf,
  totalSentence,
  type Action,
  type Checks,
  type DonateState,
} from './machine';
import {parseDonateFormConfig, type DonateFormConfig, type DonateFormConfigInput} from './schema';

function config(input: Partial<DonateFormConfigInput> = {}): DonateFormConfig {
  const result = parseDonateFormConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

const checks: Checks = {now: new Date('2026-11-22T10:00:00+11:00'), mobile: (v) => normaliseMobile(v)};

const run = (cfg: DonateFormConfig, actions: Action[], state = initialState(cfg)): DonateState =>
  actions.reduce((s, a) => reduce(cfg, s, a), state);

const details: Action[] = [
  {type: 'field', field: 'firstName', value: 'Mere'},
  {type: 'field', field: 'lastName', value: 'Tane'},
  {type: 'field', field: 'email', value: 'mere@example.org'},
  {type: 'field', field: 'postcode', value: '2000'},
];
const card = (number = '4242 4242 4242 4242'): Action[] => [
  {type: 'field', field: 'cardNumber', value: number},
  {type: 'field', field: 'expiry', value: '12/29'},
  {type: 'field', field: 'cvc', value: '123'},
];
const submit = (key = 'key-1'): Action => ({type: 'submit', checks, key, date: '2026-11-22'});
const notices = (state: DonateState) => state.outbox.map((o) => o.notice.type);

describe('the starting state', () => {
  it('selects the default frequency and the middle handle', () => {
    const cfg = config({frequencies: ['monthly', 'one-off']});
    const state = initialState(cfg);
    expect(state.frequency).toBe('monthly');
    expect(amountOf(cfg, state)).toEqual({ok: true, value: 2500});
    expect(state.step).toBe('payment');
    expect(state.expanded).toBe(true);
  });

  it('starts the wizard on the amount step and the small form folded', () => {
    expect(initialState(config({layout: 'wizard'})).step).toBe('amount');
    expect(initialState(config({size: 'small'})).expanded).toBe(false);
  });
});

describe('amounts', () => {
  it('keeps each frequency’s choice when switching back and forth', () => {
    const cfg = config();
    const state = run(cfg, [
      {type: 'other-amount', text: '$1,000'},
      {type: 'frequency', frequency: 'monthly'},
      {type: 'handle', amount: 4000},
      {type: 'frequency', frequency: 'one-off'},
    ]);
    expect(amountOf(cfg, state)).toEqual({ok: true, value: 100000});
    expect(amountOf(cfg, state, 'monthly')).toEqual({ok: true, value: 4000});
  });

  it('names the limit when an other amount is out of range, and keeps what was typed', () => {
    const cfg = config();
    const state = run(cfg, [{type: 'other-amount', text: '3'}]);
    expect(amountOf(cfg, state)).toEqual({ok: false, reason: 'The smallest one-off gift we can take is $5.'});
    expect(state.selection['one-off']).toEqual({kind: 'other', text: '3'});
    const high = run(cfg, [
      {type: 'frequency', frequency: 'monthly'},
      {type: 'other-amount', text: '2500'},
    ]);
    expect(amountOf(cfg, high)).toMatchObject({ok: false, reason: expect.stringContaining('$2,000')});
  });

  it('puts an amount set from outside into the other field unless it is a handle', () => {
    const cfg = config({frequencies: ['one-off', 'monthly']});
    let state = run(cfg, [{type: 'set-amount', amount: 12000, source: 'external', asked: 'data-coral-amount'}]);
    expect(state.selection['one-off']).toEqual({kind: 'handle', amount: 12000});
    state = run(cfg, [{type: 'set-amount', amount: 5000, frequency: 'monthly', source: 'api', asked: 'setAmount()'}], state);
    expect(state.frequency).toBe('monthly');
    expect(state.selection.monthly).toEqual({kind: 'other', text: '50'});
    expect(state.outbox.at(-1)?.notice).toEqual({type: 'amount-change', amount: 5000, frequency: 'monthly', source: 'api'});
  });

  it('ignores a frequency the form does not offer', () => {
    const cfg = config({frequencies: ['one-off']});
    expect(run(cfg, [{type: 'set-amount', amount: 5000, frequency: 'weekly', source: 'api', asked: 'setAmount()'}]).frequency).toBe(
      'one-off',
    );
  });
});

describe('totals and impact', () => {
  it('shows the daily term total', () => {
    const cfg = config({frequencies: ['daily'], dailyDays: 7});
    const state = initialState(cfg);
    const total = totalOf(cfg, state)!;
    expect(total.total).toBe(3500);
    expect(totalSentence(cfg, 'daily', total)).toBe('$5 a day for 7 days = $35');
  });

  it('adds cover fees only when ticked', () => {
    const cfg = config({coverFees: {enabled: true, percent: 3}});
    expect(totalOf(cfg, initialState(cfg))!.fee).toBe(0);
    const state = run(cfg, [{type: 'toggle', field: 'coverFees', value: true}]);
    expect(totalOf(cfg, state)).toMatchObject({amount: 6000, fee: 180, total: 6180});
  });

  it('describes an other amount with the impact template', () => {
    const cfg = config({amounts: {'one-off': {impactTemplate: '{amount} plants {count} mangroves', impactUnit: 5}}});
    const state = run(cfg, [{type: 'other-amount', text: '1,000'}]);
    expect(impactOf(cfg, state)).toBe('$1,000 plants 200 mangroves');
  });
});

describe('the wizard', () => {
  const cfg = config({layout: 'wizard'});

  it('will not leave a step with problems, and shows them', () => {
    const state = run(cfg, [
      {type: 'other-amount', text: 'abc'},
      {type: 'next', checks},
    ]);
    expect(state.step).toBe('amount');
    expect(state.attempted.amount).toBe(true);
    expect(state.summaryFocus).toBe(1);
    expect(shownProblems(cfg, state, checks).otherAmount).toMatch(/not an amount/);
  });

  it('moves forward and back, keeping everything typed', () => {
    let state = run(cfg, [{type: 'next', checks}, ...details, {type: 'next', checks}]);
    expect(state.step).toBe('payment');
    state = run(cfg, [{type: 'back'}, {type: 'back'}], state);
    expect(state.step).toBe('amount');
    expect(state.values.firstName).toBe('Mere');
    expect(notices(state).filter((n) => n === 'step')).toHaveLength(4);
  });

  it('marks the start of a checkout once, when the supporter moves on from the amount', () => {
    const state = run(cfg, [{type: 'next', checks}, {type: 'back'}, {type: 'next', checks}]);
    expect(notices(state).filter((n) => n === 'begin')).toHaveLength(1);
  });

  it('jumps forward only over complete steps', () => {
    const state = run(cfg, [{type: 'go', step: 'payment', checks}]);
    expect(state.step).toBe('details');
    expect(state.attempted.details).toBe(true);
  });

  it('sends a submit with problems to the first step that has them', () => {
    const state = run(cfg, [{type: 'next', checks}, {type: 'field', field: 'email', value: 'nope'}, submit()]);
    expect(state.step).toBe('details');
    expect(state.submission.status).toBe('idle');
  });
});

describe('fields', () => {
  it('checks only visible fields, and optional ones only when filled', () => {
    const cfg = config({fields: {lastName: 'hidden', phone: 'optional'}});
    const state = run(cfg, [{type: 'field', field: 'phone', value: '02 9876 5432'}]);
    const found = problems(cfg, state, checks);
    expect(found.lastName).toBeUndefined();
    expect(found.phone).toMatch(/mobile/);
    expect(found.firstName).toBe('Enter your first name.');
  });

  it('shows a problem after the field is left, not while typing', () => {
    const cfg = config();
    let state = run(cfg, [{type: 'field', field: 'email', value: 'mere@'}]);
    expect(shownProblems(cfg, state, checks).email).toBeUndefined();
    state = run(cfg, [{type: 'blur', field: 'email'}], state);
    expect(shownProblems(cfg, state, checks).email).toMatch(/name@example.com/);
  });

  it('asks for direct debit details only for recurring gifts with direct debit on', () => {
    const cfg = config({directDebit: true});
    const oneOff = run(cfg, [{type: 'method', method: 'direct-debit'}]);
    expect(problems(cfg, oneOff, checks).bsb).toBeUndefined();
    const monthly = run(cfg, [{type: 'frequency', frequency: 'monthly'}], oneOff);
    expect(problems(cfg, monthly, checks)).toMatchObject({
      bsb: expect.any(String),
      ddAgreement: 'Tick the box to accept the service agreement, or pay by card.',
    });
  });

  it('says every check in the config’s own words when its messages override them', () => {
    const cfg = config({
      fields: {phone: 'optional'},
      amounts: {'one-off': {min: 5}},
      messages: {
        postcodeInvalid: 'Code postal : 4 chiffres.',
        firstNameTooLong: 'Prénom : {max} caractères au plus.',
        emailInvalid: 'Adresse invalide.',
        cardInvalid: 'Numéro de carte invalide.',
        expiryFormat: 'Date MM/AA.',
        cvcBack: 'Les {digits} chiffres au dos.',
        amountUnreadable: '« {input} » n’est pas un montant.',
      },
    });
    const state = run(cfg, [
      {type: 'other-amount', text: 'abc'},
      {type: 'field', field: 'postcode', value: '20a0'},
      {type: 'field', field: 'firstName', value: 'M'.repeat(51)},
      {type: 'field', field: 'email', value: 'mere@'},
      {type: 'field', field: 'cardNumber', value: '4242 4242 4242 4241'},
      {type: 'field', field: 'expiry', value: '12-29-1'},
      {type: 'field', field: 'cvc', value: '1'},
    ]);
    expect(problems(cfg, state, checks)).toMatchObject({
      otherAmount: '« abc » n’est pas un montant.',
      postcode: 'Code postal : 4 chiffres.',
      firstName: 'Prénom : 50 caractères au plus.',
      email: 'Adresse invalide.',
      cardNumber: 'Numéro de carte invalide.',
      expiry: 'Date MM/AA.',
      cvc: 'Les 3 chiffres au dos.',
    });
  });

  it('normalises the mobile number in the gift', () => {
    const cfg = config();
    const state = run(cfg, [...details, ...card(), {type: 'field', field: 'phone', value: '0412 345 678'}]);
    expect(buildIntent(cfg, state, checks)?.supporter.phone).toBe('+61412345678');
  });
});

describe('paying', () => {
  const cfg = config({sourceCode: 'WEB26'});
  const ready = run(cfg, [...details, ...card()]);

  it('builds the intent the gateway receives', () => {
    const state = run(cfg, [submit()], ready);
    expect(state.submission).toMatchObject({
      status: 'sending',
      key: 'key-1',
      intent: {
        campaign: 'reef',
        sourceCode: 'WEB26',
        amount: 6000,
        fee: 0,
        currency: 'AUD',
        frequency: 'one-off',
        method: 'card',
        supporter: {firstName: 'Mere', email: 'mere@example.org', consent: false},
      },
      // The sandbox's test card travels beside the gift, for the sandbox alone; the gift itself never holds it.
      test: {method: 'card', number: '4242424242424242', expiry: {month: 12, year: 2029}, cvc: '123'},
    });
    expect(JSON.stringify(state.submission.status === 'sending' && state.submission.intent)).not.toMatch(/4242|cvc|number/);
    expect(notices(state)).toContain('submit');
  });

  it('ignores a second submit while the first is in flight', () => {
    const once = run(cfg, [submit('key-1')], ready);
    expect(run(cfg, [submit('key-2'), {type: 'field', field: 'firstName', value: 'X'}], once)).toBe(once);
  });

  it('keeps every value after a decline, and sends the same intent under the same key', () => {
    let state = run(cfg, [...card('4000 0000 0000 0002'), submit('key-1')], ready);
    state = run(cfg, [{type: 'charged', key: 'key-1', result: {status: 'declined', reason: 'card declined'}, date: '2026-11-22'}], state);
    expect(state.submission.status).toBe('failed');
    expect(state.values).toMatchObject({firstName: 'Mere', cardNumber: '4000 0000 0000 0002', cvc: '123'});
    expect(run(cfg, [submit('key-2')], state).submission).toMatchObject({key: 'key-1'});
    const changed = run(cfg, [...card('4242 4242 4242 4242'), submit('key-3')], state);
    expect(changed.submission).toMatchObject({status: 'sending', key: 'key-3'});
  });

  it('ignores an answer for another attempt', () => {
    const state = run(cfg, [submit('key-1')], ready);
    const result = {status: 'approved', reference: 'CRL-1'} as const;
    expect(run(cfg, [{type: 'charged', key: 'stale', result, date: '2026-11-22'}], state)).toBe(state);
    expect(run(cfg, [{type: 'charged', key: 'key-1', result, date: '2026-11-22'}], state).submission).toMatchObject({
      status: 'done',
      reference: 'CRL-1',
    });
  });
});

describe('paying through a processor’s own fields', () => {
  const cfg = config({
    frequencies: ['one-off', 'monthly'],
    directDebit: true,
    gateway: {type: 'stripe', publishableKey: 'pk_test_coralexample', endpoint: 'https://pay.example.org'},
  });
  const withDetails = run(cfg, details);
  const fields = (complete: boolean, method: 'card' | 'direct-debit' = 'card'): Action => ({
    type: 'payment-fields',
    status: {status: 'ready', method, complete},
  });

  it('waits for the fields to load and be complete, naming them in the error summary', () => {
    const loading = run(cfg, [submit()], withDetails);
    expect(loading.submission.status).toBe('idle');
    expect(summaryOf(cfg, loading, shownProblems(cfg, loading, checks))).toEqual([
      {field: 'paymentFields', message: 'The secure payment fields are still loading.'},
    ]);
    const incomplete = run(cfg, [fields(false), submit()], withDetails);
    expect(shownProblems(cfg, incomplete, checks)).toEqual({paymentFields: 'Enter your card or bank details.'});
    expect(run(cfg, [fields(true), submit()], withDetails).submission.status).toBe('sending');
  });

  it('sends the gift with the method the fields chose and nothing typed in them', () => {
    const monthly = run(cfg, [{type: 'frequency', frequency: 'monthly'}, fields(true, 'direct-debit'), submit()], withDetails);
    expect(monthly.submission).toMatchObject({status: 'sending', intent: {frequency: 'monthly', method: 'direct-debit'}});
    expect(monthly.submission).not.toHaveProperty('test');
  });

  it('starts afresh when the supporter changes the fields after a decline, under the same key', () => {
    let state = run(cfg, [fields(true), submit('key-1')], withDetails);
    state = run(cfg, [{type: 'charged', key: 'key-1', result: {status: 'declined', reason: 'card declined'}, date: '2026-11-22'}], state);
    expect(state.submission).toMatchObject({status: 'failed', method: 'card'});
    state = run(cfg, [fields(true)], state);
    expect(state.submission.status).toBe('idle');
    // The same gift meets the same payment at the processor, which takes the new card; it never charges twice.
    expect(run(cfg, [submit('key-2')], state).submission).toMatchObject({status: 'sending', key: 'key-1'});
  });
});

describe('paying on a hosted checkout page', () => {
  const cfg = config({gateway: {type: 'http', endpoint: 'https://pay.example.org/checkout'}});

  it('asks for no payment details, and leaves for the page the gateway names', () => {
    let state = run(cfg, [...details, submit('key-1')]);
    expect(state.submission).toMatchObject({status: 'sending', intent: {method: 'card'}});
    const result = {status: 'redirect', url: 'https://pay.example.org/c/1', reference: 'cs_1'} as const;
    state = run(cfg, [{type: 'charged', key: 'key-1', result, date: '2026-11-22'}], state);
    expect(state.submission).toMatchObject({status: 'leaving', url: 'https://pay.example.org/c/1', reference: 'cs_1'});
    expect(notices(state)).toContain('redirect');
    // On its way, the form takes no more edits or submits.
    expect(run(cfg, [{type: 'field', field: 'firstName', value: 'X'}, submit('key-2')], state)).toBe(state);
  });
});

describe('the primary button', () => {
  const primary = (key = 'key-1'): Action => ({type: 'primary', checks, key, date: '2026-11-22'});

  it('opens a folded small form, and in the wizard also leaves the amount step', () => {
    const small = config({size: 'small'});
    expect(primaryAction(small, initialState(small))).toBe('expand');
    const opened = run(small, [primary()]);
    expect(opened.expanded).toBe(true);
    expect(opened.submission.status).toBe('idle');
    const wizard = config({size: 'small', layout: 'wizard'});
    expect(run(wizard, [primary()]).step).toBe('details');
  });

  it('moves the wizard on until the last step, where it sends the gift', () => {
    const cfg = config({layout: 'wizard'});
    expect(primaryAction(cfg, initialState(cfg))).toBe('next');
    const atPayment = run(cfg, [primary(), ...details, primary()]);
    expect(atPayment.step).toBe('payment');
    expect(primaryAction(cfg, atPayment)).toBe('submit');
    expect(run(cfg, [...card(), primary('k')], atPayment).submission).toMatchObject({status: 'sending', key: 'k'});
  });

  it('shows only the steps on screen, and lists only their problems in the summary', () => {
    const cfg = config({layout: 'wizard'});
    const state = run(cfg, [{type: 'other-amount', text: '1'}, primary()]);
    expect(visibleSteps(cfg, state)).toEqual(['amount']);
    const shown = shownProblems(cfg, state, checks);
    expect(summaryOf(cfg, state, shown).map((line) => line.field)).toEqual(['otherAmount']);
    expect(canGoBack(cfg, state)).toBe(false);
  });
});

describe('the monthly upgrade ask', () => {
  const cfg = config({rgUpgrade: {enabled: true}});
  const ready = run(cfg, [...details, ...card(), {type: 'other-amount', text: '100'}]);

  it('asks once before a one-off gift is sent', () => {
    const state = run(cfg, [submit()], ready);
    expect(state.upsell).toEqual({status: 'shown', oneOff: 10000, monthly: 3500});
    expect(state.submission.status).toBe('idle');
    expect(run(cfg, [submit('again')], state)).toBe(state);
  });

  it('never asks for more than the monthly maximum: a gift too large for it is sent as it is', () => {
    // $9,000 once would suggest $3,000 a month, above the $2,000 monthly maximum.
    const large = run(cfg, [{type: 'other-amount', text: '9000'}, submit('big')], ready);
    expect(large.upsell).toEqual({status: 'none'});
    expect(large.submission).toMatchObject({status: 'sending', key: 'big', intent: {amount: 900_000, frequency: 'one-off'}});
  });

  it('switches to monthly at the suggestion when accepted, recording both gifts', () => {
    const state = run(cfg, [submit(), {type: 'upsell', answer: 'accept', checks, key: 'k', date: '2026-11-22'}], ready);
    expect(state.frequency).toBe('monthly');
    expect(state.submission).toMatchObject({
      status: 'sending',
      intent: {amount: 3500, frequency: 'monthly', upgrade: {from: {amount: 10000, frequency: 'one-off'}, accepted: true}},
    });
    expect(notices(state)).toEqual(expect.arrayContaining(['upsell', 'amount-change', 'submit']));
  });

  it('sends the one-off gift when declined, and does not ask again', () => {
    let state = run(cfg, [submit(), {type: 'upsell', answer: 'decline', checks, key: 'k', date: '2026-11-22'}], ready);
    expect(state.submission).toMatchObject({intent: {amount: 10000, frequency: 'one-off', upgrade: {accepted: false}}});
    state = run(cfg, [{type: 'charged', key: 'k', result: {status: 'declined', reason: 'x'}, date: ''}, submit('k2')], state);
    expect(state.upsell.status).toBe('declined');
    expect(state.submission.status).toBe('sending');
  });
});

describe('prefill', () => {
  it('fills visible fields and the amount, and opens a complete wizard step', () => {
    const cfg = config({layout: 'wizard', fields: {lastName: 'hidden'}});
    const state = reduce(cfg, initialState(cfg), {
      type: 'prefill',
      checks,
      values: {amount: 2500, frequency: 'monthly', firstName: 'Mere', lastName: 'Tane', step: 'details', utm: {utm_source: 'email'}},
    });
    expect(state.frequency).toBe('monthly');
    expect(amountOf(cfg, state)).toEqual({ok: true, value: 2500});
    expect(state.values.firstName).toBe('Mere');
    expect(state.values.lastName).toBe('');
    expect(state.step).toBe('details');
    expect(state.utm).toEqual({utm_source: 'email'});
  });
});

describe('the daisychain hand-off', () => {
  it('greets the signer and fills the fields the form shows, but never a hidden one', () => {
    const cfg = config({handoff: true, fields: {phone: 'hidden'}});
    const state = run(cfg, [{type: 'handoff', result: {ok: true, data: signer}}]);
    expect(state.greeting).toBe('Mere');
    expect(state.values).toMatchObject({firstName: 'Mere', lastName: 'Tane', email: 'mere@example.org', postcode: '2000', phone: ''});
    expect(state.consent).toBe(false);
    expect(state.outbox.at(-1)?.notice).toEqual({type: 'handoff', status: 'greeted'});
  });

  it('keeps what the supporter has already typed', () => {
    const cfg = config({handoff: true});
    const state = run(cfg, [
      {type: 'field', field: 'email', value: 'other@example.org'},
      {type: 'handoff', result: {ok: true, data: signer}},
    ]);
    expect(state.values.email).toBe('other@example.org');
    expect(state.values.firstName).toBe('Mere');
  });

  it('shows the ordinary ask, and says why, when nothing usable was handed over', () => {
    const cfg = config({handoff: true});
    for (const reason of ['none', 'expired', 'corrupt', 'unavailable'] as const) {
      const state = run(cfg, [{type: 'handoff', result: {ok: false, reason}}]);
      expect(state.greeting).toBeNull();
      expect(state.values.firstName).toBe('');
      expect(state.outbox.at(-1)?.notice).toEqual({type: 'handoff', status: reason});
    }
  });
});
