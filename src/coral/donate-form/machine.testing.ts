/** What the donate form's machine tests share: a config, the checks a submit runs with, and the actions a supporter takes. */
import {loadMobileChecks, loadPaymentChecks} from '../shared/fields';
import {initialState, reduce, type Action, type Checks, type DonateState} from './machine';
import {type DonateFormConfig, type DonateFormConfigInput} from './schema';
import {parseDonateFormConfig} from './parse';

const {normaliseMobile} = await loadMobileChecks();
const payment = await loadPaymentChecks();

export function config(input: Partial<DonateFormConfigInput> = {}): DonateFormConfig {
  const result = parseDonateFormConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

/** The checks once everything loaded on demand is here: the mobile check and the sandbox's card and bank checks. */
export const checks: Checks = {now: new Date('2026-11-22T10:00:00+11:00'), mobile: (v) => normaliseMobile(v), payment};

export const run = (cfg: DonateFormConfig, actions: Action[], state = initialState(cfg)): DonateState =>
  actions.reduce((s, a) => reduce(cfg, s, a), state);

export const details: Action[] = [
  {type: 'field', field: 'firstName', value: 'Mere'},
  {type: 'field', field: 'lastName', value: 'Tane'},
  {type: 'field', field: 'email', value: 'mere@example.org'},
  {type: 'field', field: 'postcode', value: '2000'},
];
export const card = (number = '4242 4242 4242 4242'): Action[] => [
  {type: 'field', field: 'cardNumber', value: number},
  {type: 'field', field: 'expiry', value: '12/29'},
  {type: 'field', field: 'cvc', value: '123'},
];
export const submit = (key = 'key-1'): Action => ({type: 'submit', checks, key, date: '2026-11-22'});
export const notices = (state: DonateState) => state.outbox.map((o) => o.notice.type);
