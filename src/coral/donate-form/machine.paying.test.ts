/**
 * The donate form's rules from the submit on: paying (by card, through a
 * processor's fields or on a hosted page), the primary button, the upgrade ask
 * and the daisychain hand-off.
 */
import {describe, expect, it} from 'vitest';
import {signer} from '../shared/testing';
import {canGoBack, primaryAction, summaryOf, visibleSteps, initialState, shownProblems, type Action} from './machine';
import {card, checks, config, details, notices, run, submit} from './machine.testing';

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

  it('takes a fresh key after a payment the endpoint cancelled: the first key would only meet that payment again', () => {
    const cancelled = {status: 'error', outcome: 'not-charged', retryable: true, detail: 'payment canceled', ended: true} as const;
    let state = run(cfg, [fields(true), submit('key-1')], withDetails);
    state = run(cfg, [{type: 'charged', key: 'key-1', result: cancelled, date: '2026-11-22'}], state);
    expect(state.submission).toMatchObject({status: 'failed', result: cancelled});
    expect(run(cfg, [submit('key-2')], state).submission).toMatchObject({status: 'sending', key: 'key-2'});
  });

  it('turns the gift monthly when the upgrade ask is accepted, and sends it with the give button, once the fields hold it', () => {
    const asking = config({...cfg, rgUpgrade: {enabled: true}});
    const shown = run(asking, [fields(true), {type: 'other-amount', text: '100'}, submit('key-1')], withDetails);
    expect(shown.upsell.status).toBe('shown');
    // The click that answers cannot check fields that still hold the one-off gift: a wallet's sheet would show that one.
    const accepted = run(asking, [{type: 'upsell', answer: 'accept', checks, key: 'key-2', date: '2026-11-22'}], shown);
    expect(accepted).toMatchObject({frequency: 'monthly', upsell: {status: 'accepted'}, submission: {status: 'idle'}});
    expect(notices(accepted).slice(-2)).toEqual(['upsell', 'amount-change']);
    expect(primaryAction(asking, accepted)).toBe('submit');
    expect(run(asking, [submit('key-3')], accepted).submission).toMatchObject({
      status: 'sending',
      key: 'key-3',
      intent: {amount: 3500, frequency: 'monthly', upgrade: {from: {amount: 10000, frequency: 'one-off'}, accepted: true}},
    });
    // Declined, the one-off gift the fields hold is sent at once.
    const declined = run(asking, [{type: 'upsell', answer: 'decline', checks, key: 'key-4', date: '2026-11-22'}], shown);
    expect(declined.submission).toMatchObject({status: 'sending', key: 'key-4', intent: {amount: 10000, frequency: 'one-off'}});
  });
});

describe('paying on a hosted checkout page', () => {
  const cfg = config({gateway: {type: 'http', endpoint: 'https://pay.example.org'}});

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
