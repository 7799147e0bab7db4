/** The donate form's rules before a gift is sent: the starting state, amounts, totals, the wizard, fields and prefill. */
import {describe, expect, it} from 'vitest';
import {amountOf, buildIntent, impactOf, initialState, problems, reduce, shownProblems, totalOf, totalSentence} from './machine';
import {card, checks, config, details, notices, run, submit} from './machine.testing';

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
