import {describe, expect, it} from 'vitest';
import {loadMobileChecks} from '../shared/fields';
import {
  failureText,
  fieldError,
  handoffOf,
  pairsNames,
  readPrefill,
  requiredOf,
  shownProblems,
  summaryOf,
  uncertain,
  visibleFields,
} from './derive';
import {type PowerformConfigInput} from './schema';
import {parsePowerformConfig} from './parse';
import {initialState, messagesFor, type Failure, type PowerformState} from './state';

const {normaliseMobile} = await loadMobileChecks();

const parsed = (input: Partial<PowerformConfigInput> = {}) => {
  const result = parsePowerformConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
};
const checks = {mobile: (v: string) => normaliseMobile(v)};
const failed = (state: PowerformState, result: Failure): PowerformState => ({...state, submission: {status: 'failed', result, key: 'k'}});

describe('what the view shows', () => {
  it('says which controls are required, from the fields, the question and the consent settings', () => {
    const cfg = parsed({
      fields: {lastName: 'optional'},
      consentRequired: true,
      question: {type: 'text', id: 'why', label: 'Why?', required: true},
    });
    const fields = ['firstName', 'lastName', 'answer', 'consent'] as const;
    expect(fields.map((field) => requiredOf(cfg, field))).toEqual([true, false, true, true]);
    expect(requiredOf(parsed(), 'answer')).toBe(false);
    expect(requiredOf(parsed(), 'consent')).toBe(false);
  });

  it('pairs the names only when they open the form together', () => {
    expect(pairsNames(visibleFields(parsed()))).toBe(true);
    expect(pairsNames(visibleFields(parsed({fields: {lastName: 'hidden'}})))).toBe(false);
    expect(pairsNames(visibleFields(parsed({variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}})))).toBe(false);
  });

  it('lists nothing in the summary before a submit, then every problem, naming the consent box', () => {
    const cfg = parsed({consentRequired: true});
    const touched: PowerformState = {...initialState(cfg), touched: {email: true}};
    expect(summaryOf(cfg, touched, shownProblems(cfg, touched, checks))).toEqual([]);
    const attempted = {...touched, attempted: true};
    const lines = summaryOf(cfg, attempted, shownProblems(cfg, attempted, checks));
    expect(lines.map((line) => line.field)).toEqual(['firstName', 'email', 'postcode', 'consent']);
    expect(lines[0]).toEqual({field: 'firstName', message: 'Enter your first name.'});
    expect(lines[3]).toEqual({field: 'consent', message: 'Tick the box to agree before you sign.', context: 'Keeping in touch'});
  });

  it('puts a refused address under the email field, unless the field has its own problem', () => {
    const cfg = parsed();
    const messages = messagesFor(cfg);
    const refused = failed(initialState(cfg), {status: 'rejected', reason: 'the address cannot receive mail'});
    expect(fieldError('email', refused, {}, messages)).toBe('Check your email address: the address cannot receive mail.');
    expect(fieldError('email', refused, {email: 'Enter your email address.'}, messages)).toBe('Enter your email address.');
    expect(fieldError('firstName', refused, {}, messages)).toBeUndefined();
  });

  it('offers to send again only when the outcome is unknown, and says which failure happened', () => {
    const cfg = parsed();
    const messages = messagesFor(cfg);
    const unknown: Failure = {status: 'error', outcome: 'unknown', retryable: true, detail: 'timeout'};
    const notSent: Failure = {status: 'error', outcome: 'not-sent', retryable: true, detail: 'offline'};
    expect(uncertain(failed(initialState(cfg), unknown))).toBe(true);
    expect(uncertain(failed(initialState(cfg), notSent))).toBe(false);
    expect(uncertain(initialState(cfg))).toBe(false);
    expect(failureText(unknown, messages)).toBe(messages.unknownOutcome);
    expect(failureText(notSent, messages)).toBe(messages.notSent);
    expect(failureText({status: 'rejected', reason: 'closed'}, messages)).toMatch(/^We could not add your name: closed\./);
  });
});

describe('the daisychain hand-off', () => {
  const cfg = parsed();
  it('carries the signer’s given details and consent, and nothing without a first name to greet', () => {
    const supporter = {firstName: 'Mere', email: 'mere@example.org', postcode: '2000', consent: true};
    expect(handoffOf(cfg, {campaign: 'reef', variant: 'petition', supporter, utm: {utm_source: 'email'}})).toEqual({
      campaign: 'reef',
      ...supporter,
    });
    expect(
      handoffOf(cfg, {campaign: 'reef', variant: 'petition', supporter: {email: 'mere@example.org', consent: true}, utm: {}}),
    ).toBeNull();
  });
});

describe('reading the URL', () => {
  it('keeps valid details and utm values, and drops bad ones with a warning', () => {
    const {values, warnings} = readPrefill(
      '?first_name=Mere&last_name=%3Cb%3ETane%3C%2Fb%3E&email=mere%40example.org&phone=0412345678&postcode=20&utm_source=email',
      (v) => normaliseMobile(v),
      'AU',
    );
    expect(values).toEqual({firstName: 'Mere', email: 'mere@example.org', phone: '+61412345678', utm: {utm_source: 'email'}});
    expect(warnings).toEqual([expect.stringContaining('"last_name"'), expect.stringContaining('"postcode"')]);
  });

  it("leaves a donate form's parameters alone", () => {
    const {values, warnings} = readPrefill('?amount=abc&frequency=yearly&step=payment', (v) => normaliseMobile(v), 'AU');
    expect(values).toEqual({utm: {}});
    expect(warnings).toEqual([]);
  });
});
