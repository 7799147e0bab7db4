import {describe, expect, it} from 'vitest';
import type {ChargeResult} from '../shared/gateways';
import {initialState, reduce, type Action, type Checks, type DonateState} from './machine';
import {parseDonateFormConfig} from './parse';

const parsed = parseDonateFormConfig({campaign: 'reef', gateway: {type: 'http', endpoint: 'https://give.example.org'}});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const cfg = parsed.config;
const checks: Checks = {now: new Date('2026-11-25T10:00:00+11:00'), mobile: null, payment: null};
const run = (actions: Action[], state: DonateState = initialState(cfg)) => actions.reduce((s, a) => reduce(cfg, s, a), state);

const ready = run(
  Object.entries({firstName: 'Mere', lastName: 'Tane', email: 'mere@example.org', postcode: '2000'}).map(
    ([field, value]) => ({type: 'field', field, value}) as Action,
  ),
);
const submit = (key: string): Action => ({type: 'submit', checks, key, date: '2026-11-25'});
const answered = (result: ChargeResult): Action => ({type: 'charged', key: 'key-1', result, date: '2026-11-25'});

describe("after the card-testing guard's refusal", () => {
  it.each<ChargeResult>([
    {status: 'guarded', reason: 'rate-limited', retryAfter: 120},
    {status: 'guarded', reason: 'bot-check'},
  ])('keeps every value and sends the same gift again under a fresh key, since nothing was made under the first (%o)', (result) => {
    const state = run([submit('key-1'), answered(result)], ready);
    expect(state.submission).toMatchObject({status: 'failed', result});
    expect(state.values).toMatchObject({firstName: 'Mere', email: 'mere@example.org'});
    expect(run([submit('key-2')], state).submission).toMatchObject({status: 'sending', key: 'key-2'});
  });

  it('still sends the same gift under the same key after any other failure', () => {
    const state = run([submit('key-1'), answered({status: 'error', outcome: 'not-charged', retryable: true, detail: 'x'})], ready);
    expect(run([submit('key-2')], state).submission).toMatchObject({status: 'sending', key: 'key-1'});
  });
});
