import {describe, expect, it} from 'vitest';
import {loadEmailSuggestion, loadMobileChecks} from '../shared/fields';
import {buildSignup, emailSuggestion, problems, shownProblems, visibleFields} from './derive';
import {reduce} from './machine';
import {type PowerformConfig, type PowerformConfigInput} from './schema';
import {parsePowerformConfig} from './parse';
import {initialState, type Action, type Checks, type PowerformState} from './state';

const {normaliseMobile} = await loadMobileChecks();
const {suggestEmail} = await loadEmailSuggestion();

function config(input: Partial<PowerformConfigInput> = {}): PowerformConfig {
  const result = parsePowerformConfig({campaign: 'reef', ...input});
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config;
}

const checks: Checks = {mobile: (v) => normaliseMobile(v)};
const run = (cfg: PowerformConfig, actions: Action[], state = initialState(cfg)): PowerformState =>
  actions.reduce((s, a) => reduce(cfg, s, a), state);
const notices = (state: PowerformState) => state.outbox.map((o) => o.notice.type);

const details: Action[] = [
  {type: 'field', field: 'firstName', value: 'Mere'},
  {type: 'field', field: 'email', value: 'mere@example.org'},
  {type: 'field', field: 'postcode', value: '2000'},
];
const submit = (key = 'key-1'): Action => ({type: 'submit', checks, key});

describe('fields', () => {
  it('shows the petition fields in order and the leads fields email first', () => {
    expect(visibleFields(config())).toEqual(['firstName', 'lastName', 'email', 'phone', 'postcode']);
    expect(visibleFields(config({fields: {phone: 'hidden'}}))).toEqual(['firstName', 'lastName', 'email', 'postcode']);
    expect(visibleFields(config({variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}}))).toEqual([
      'email',
      'firstName',
      'postcode',
    ]);
  });

  it('requires required fields, checks optional ones only when filled, and ignores hidden ones', () => {
    const cfg = config({fields: {lastName: 'optional', phone: 'optional', postcode: 'hidden'}});
    expect(problems(cfg, initialState(cfg), checks)).toEqual({firstName: 'Enter your first name.', email: 'Enter your email address.'});
    const typed = run(cfg, [
      ...details,
      {type: 'field', field: 'phone', value: '12'},
      {type: 'field', field: 'lastName', value: 'x'.repeat(51)},
    ]);
    expect(problems(cfg, typed, checks)).toEqual({
      phone: expect.stringContaining('not a mobile number'),
      lastName: 'Last name must be 50 characters or fewer.',
    });
    expect(buildSignup(cfg, run(cfg, details), checks)?.supporter).toEqual({firstName: 'Mere', email: 'mere@example.org', consent: false});
  });

  it('checks the email and the postcode like typed input', () => {
    const cfg = config();
    const state = run(cfg, [
      {type: 'field', field: 'email', value: 'mere@'},
      {type: 'field', field: 'postcode', value: '200'},
    ]);
    expect(problems(cfg, state, checks)).toMatchObject({
      email: 'Enter an email address like name@example.com.',
      postcode: 'Enter a postcode of 4 digits, like 2000.',
    });
  });

  it('shows a problem once its field is left, and all of them after a submit', () => {
    const cfg = config();
    let state = run(cfg, [{type: 'blur', field: 'email'}]);
    expect(shownProblems(cfg, state, checks)).toEqual({email: 'Enter your email address.'});
    state = run(cfg, [submit()], state);
    expect(Object.keys(shownProblems(cfg, state, checks))).toEqual(['firstName', 'email', 'postcode']);
    expect(state.summaryFocus).toBe(1);
    expect(state.submission.status).toBe('idle');
    expect(state.outbox.at(-1)?.notice).toEqual({type: 'invalid', fields: ['firstName', 'email', 'postcode']});
  });

  it('normalises a mobile number to E.164 in the signup', () => {
    const cfg = config();
    const state = run(cfg, [...details, {type: 'field', field: 'phone', value: '0412 345 678'}]);
    expect(buildSignup(cfg, state, checks)?.supporter.phone).toBe('+61412345678');
  });

  it('waits for the mobile check rather than sending an unchecked number', () => {
    const cfg = config();
    const state = run(cfg, [...details, {type: 'field', field: 'phone', value: '0412 345 678'}]);
    expect(reduce(cfg, state, {type: 'submit', checks: {mobile: null}, key: 'k'})).toBe(state);
  });
});

describe('consent', () => {
  it('starts unticked and is sent as given', () => {
    const cfg = config();
    expect(initialState(cfg).consent).toBe(false);
    expect(buildSignup(cfg, run(cfg, details), checks)?.supporter.consent).toBe(false);
    expect(buildSignup(cfg, run(cfg, [...details, {type: 'consent', value: true}]), checks)?.supporter.consent).toBe(true);
  });

  it('blocks signing when the config requires it', () => {
    const cfg = config({consentRequired: true});
    const state = run(cfg, [...details, submit()]);
    expect(problems(cfg, state, checks)).toEqual({consent: 'Tick the box to agree before you sign.'});
    expect(state.submission.status).toBe('idle');
    expect(run(cfg, [{type: 'consent', value: true}, submit()], state).submission.status).toBe('sending');
  });
});

describe('the extra question', () => {
  const choice = config({question: {type: 'choice', id: 'beach', label: 'Your beach?', options: ['Bondi', 'Manly'], required: true}});
  const text = config({question: {type: 'text', id: 'why', label: 'Why does this matter to you?'}});

  it('requires a choice from the options when the question is required', () => {
    expect(problems(choice, run(choice, details), checks)).toEqual({answer: 'Choose an answer.'});
    expect(problems(choice, run(choice, [...details, {type: 'answer', value: 'Cronulla'}]), checks)).toEqual({answer: 'Choose an answer.'});
    const signup = buildSignup(choice, run(choice, [...details, {type: 'answer', value: 'Manly'}]), checks);
    expect(signup?.answer).toEqual({id: 'beach', value: 'Manly'});
  });

  it('lets an optional text answer be left blank, and sends it trimmed when given', () => {
    expect(buildSignup(text, run(text, details), checks)?.answer).toBeUndefined();
    expect(buildSignup(text, run(text, [...details, {type: 'answer', value: '  My kids swim here '}]), checks)?.answer).toEqual({
      id: 'why',
      value: 'My kids swim here',
    });
    expect(problems(text, run(text, [...details, {type: 'answer', value: 'x'.repeat(501)}]), checks)).toEqual({
      answer: 'Your answer must be 500 characters or fewer.',
    });
  });
});

describe('email suggestion', () => {
  it('offers a corrected domain once the field is left, and accepting fixes the field', () => {
    const cfg = config();
    let state = run(cfg, [{type: 'field', field: 'email', value: 'mere@gmial.com'}]);
    expect(emailSuggestion(state, suggestEmail)).toBeNull();
    state = run(cfg, [{type: 'blur', field: 'email'}], state);
    expect(emailSuggestion(state, suggestEmail)).toBe('mere@gmail.com');
    state = run(cfg, [{type: 'accept-suggestion', email: emailSuggestion(state, suggestEmail)!}], state);
    expect(state.values.email).toBe('mere@gmail.com');
    expect(emailSuggestion(state, suggestEmail)).toBeNull();
    expect(run(cfg, [{type: 'accept-suggestion', email: state.values.email}], state)).toBe(state);
  });
});

describe('signing', () => {
  const cfg = config({sourceCode: 'PF-REEF', counter: {count: 41, goal: 100}});

  it('sends campaign, source code, variant, fields, consent and utm', () => {
    const state = run(cfg, [{type: 'prefill', values: {utm: {utm_source: 'email'}}}, ...details, {type: 'consent', value: true}, submit()]);
    expect(state.submission).toEqual({
      status: 'sending',
      key: 'key-1',
      signup: {
        campaign: 'reef',
        sourceCode: 'PF-REEF',
        variant: 'petition',
        supporter: {firstName: 'Mere', email: 'mere@example.org', postcode: '2000', consent: true},
        utm: {utm_source: 'email'},
      },
    });
    expect(notices(state)).toEqual(['submit']);
  });

  it('ignores a second submit and any edit while sending', () => {
    const sending = run(cfg, [...details, submit('a')]);
    expect(reduce(cfg, sending, submit('b'))).toBe(sending);
    expect(reduce(cfg, sending, {type: 'field', field: 'email', value: 'x@example.org'})).toBe(sending);
  });

  it('counts the signature and finishes on acceptance', () => {
    const done = run(cfg, [...details, submit('a'), {type: 'answered', key: 'a', result: {status: 'accepted', reference: 'CRL-1'}}]);
    expect(done.count).toBe(42);
    expect(done.submission).toMatchObject({status: 'done', reference: 'CRL-1'});
    expect(done.outbox.at(-1)?.notice).toMatchObject({type: 'success', reference: 'CRL-1', count: 42});
    expect(reduce(cfg, done, submit('b'))).toBe(done);
  });

  it('drops an answer for another attempt', () => {
    const sending = run(cfg, [...details, submit('a')]);
    expect(reduce(cfg, sending, {type: 'answered', key: 'old', result: {status: 'accepted', reference: 'x'}})).toBe(sending);
  });

  it('keeps every value after an error, says what happened, and resends the same signup under the same key', () => {
    const failure = {status: 'error', outcome: 'not-sent', retryable: true, detail: 'down'} as const;
    const failed = run(cfg, [...details, {type: 'consent', value: true}, submit('a'), {type: 'answered', key: 'a', result: failure}]);
    expect(failed.submission).toEqual({status: 'failed', result: failure, key: 'a'});
    expect(failed.values).toMatchObject({firstName: 'Mere', email: 'mere@example.org', postcode: '2000'});
    expect(failed.consent).toBe(true);
    expect(failed.count).toBe(41);
    expect(failed.outbox.at(-1)?.notice).toEqual({type: 'error', result: failure});
    const again = reduce(cfg, failed, submit('b'));
    expect(again.submission).toMatchObject({status: 'sending', key: 'a'});
  });

  it('uses a new key once the signup changes, and clears the old failure on the first edit', () => {
    const failed = run(cfg, [...details, submit('a'), {type: 'answered', key: 'a', result: {status: 'rejected', reason: 'no'}}]);
    const edited = reduce(cfg, failed, {type: 'field', field: 'email', value: 'mere@example.com'});
    expect(edited.submission.status).toBe('idle');
    expect(reduce(cfg, edited, submit('b')).submission).toMatchObject({status: 'sending', key: 'b'});
  });
});

describe('the live count', () => {
  const cfg = config({counter: {count: 41, goal: 100, url: 'https://coral.example.org/campaigns/reef/count'}});
  const accepted = (key: string): Action => ({type: 'answered', key, result: {status: 'accepted', reference: 'CRL-1'}});

  it('replaces the configured count, up or down, before the signer signs', () => {
    expect(run(cfg, [{type: 'live-count', count: 57}]).count).toBe(57);
    expect(run(cfg, [{type: 'live-count', count: 12}]).count).toBe(12);
  });

  it('arrives while the signature is sent, and the signature still counts once', () => {
    const sending = run(cfg, [...details, submit('a'), {type: 'live-count', count: 57}]);
    expect(sending.count).toBe(57);
    const done = run(cfg, [accepted('a')], sending);
    expect(done.count).toBe(58);
    expect(done.outbox.at(-1)?.notice).toMatchObject({type: 'success', count: 58});
  });

  it('after the signature, is taken only if it is not below the count shown', () => {
    const done = run(cfg, [...details, submit('a'), accepted('a')]);
    expect(done.count).toBe(42);
    expect(run(cfg, [{type: 'live-count', count: 41}], done).count).toBe(42);
    expect(run(cfg, [{type: 'live-count', count: 42}], done)).toBe(done);
    expect(run(cfg, [{type: 'live-count', count: 60}], done).count).toBe(60);
  });
});

describe('prefill', () => {
  it('fills only the fields the form shows, and keeps the utm values', () => {
    const cfg = config({fields: {phone: 'hidden'}});
    const state = reduce(cfg, initialState(cfg), {
      type: 'prefill',
      values: {firstName: 'Mere', phone: '+61412345678', email: 'mere@example.org', utm: {utm_campaign: 'reef'}},
    });
    expect(state.values).toMatchObject({firstName: 'Mere', email: 'mere@example.org', phone: ''});
    expect(state.utm).toEqual({utm_campaign: 'reef'});
  });
});
