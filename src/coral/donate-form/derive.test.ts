/** What the donate form reads off its state: amounts and totals, problems and which show, the gift sent, and the view's decisions. */
import {describe, expect, it} from 'vitest';
import {
  activeMethod,
  buildIntent,
  buttonAmountOf,
  canGoBack,
  declinedField,
  frequencyFor,
  impactOf,
  initialState,
  labelOf,
  messagesFor,
  methodsFor,
  offersSaveCard,
  pageTitleOf,
  primaryAction,
  problems,
  reachableStep,
  refusedAmount,
  shownProblems,
  stepTitle,
  summaryOf,
  testPaymentOf,
  totalOf,
  totalSentence,
  upsellAsk,
  visibleSteps,
  visibleSupporterFields,
  type Action,
  type DonateState,
} from './machine';
import {card, checks, config, details, run, submit} from './machine.testing';
import {giftTotal} from './rules';

const DATE = '2026-11-22';
const STRIPE = {type: 'stripe', publishableKey: 'pk_test_coralexample', endpoint: 'https://pay.example.org'} as const;
const bank: Action[] = [
  {type: 'field', field: 'bsb', value: '062 000'},
  {type: 'field', field: 'account', value: '12345678'},
  {type: 'field', field: 'accountName', value: 'Mere Tane'},
];
const declined = (code?: string): Action => ({
  type: 'charged',
  key: 'key-1',
  date: DATE,
  result: {status: 'declined', reason: 'declined', ...(code ? {code} : {})} as Extract<Action, {type: 'charged'}>['result'],
});

describe('amounts from the page', () => {
  const cfg = config({frequencies: ['one-off', 'monthly']});

  it('go to the frequency asked for when the form offers it, else to the current one', () => {
    expect(frequencyFor(cfg, 'one-off', 'monthly')).toBe('monthly');
    expect(frequencyFor(cfg, 'one-off', 'weekly')).toBe('one-off');
    expect(frequencyFor(cfg, 'monthly', undefined)).toBe('monthly');
  });

  it('are taken within the limits, the limits themselves included, and refused outside them with the limit named', () => {
    // Monthly: $5 to $2,000.
    expect(refusedAmount(cfg, 500, 'monthly')).toBeNull();
    expect(refusedAmount(cfg, 200_000, 'monthly')).toBeNull();
    expect(refusedAmount(cfg, 499, 'monthly')).toBe('The smallest monthly gift we can take is $5.');
    expect(refusedAmount(cfg, 200_001, 'monthly')).toBe('The largest monthly gift we can take online is $2,000. For more, please call us.');
  });

  it('name the largest gift when an other amount is above it, not the smallest', () => {
    const state = run(cfg, [
      {type: 'frequency', frequency: 'monthly'},
      {type: 'other-amount', text: '2500'},
    ]);
    expect(problems(cfg, state, checks).otherAmount).toBe(
      'The largest monthly gift we can take online is $2,000. For more, please call us.',
    );
    expect(totalOf(cfg, state)).toBeNull();
  });
});

describe('payment methods', () => {
  const cfg = config({frequencies: ['one-off', 'monthly'], directDebit: true});

  it('offers direct debit beside the card for a recurring gift only, and only when the form takes it', () => {
    expect(methodsFor(cfg, 'monthly')).toEqual(['card', 'direct-debit']);
    expect(methodsFor(cfg, 'one-off')).toEqual(['card']);
    expect(methodsFor(config({frequencies: ['one-off', 'monthly']}), 'monthly')).toEqual(['card']);
  });

  it('pays a one-off gift by card even after direct debit was chosen for a monthly one', () => {
    const chosen = run(cfg, [
      {type: 'frequency', frequency: 'monthly'},
      {type: 'method', method: 'direct-debit'},
    ]);
    expect(activeMethod(cfg, chosen)).toBe('direct-debit');
    expect(activeMethod(cfg, run(cfg, [{type: 'frequency', frequency: 'one-off'}], chosen))).toBe('card');
  });
});

describe('the give button’s amount', () => {
  const cfg = config({coverFees: {enabled: true, percent: 3}});

  it('names the gift with the cover fee once ticked', () => {
    const state = run(cfg, [{type: 'other-amount', text: '100'}]);
    expect(buttonAmountOf(cfg, state)).toBe(10000);
    expect(buttonAmountOf(cfg, run(cfg, [{type: 'toggle', field: 'coverFees', value: true}], state))).toBe(10300);
  });

  it('keeps the last valid amount, with its cover fee, while the other amount is being corrected', () => {
    const state = run(cfg, [
      {type: 'other-amount', text: '100'},
      {type: 'toggle', field: 'coverFees', value: true},
      {type: 'other-amount', text: '100a'},
    ]);
    expect(totalOf(cfg, state)).toBeNull();
    expect(buttonAmountOf(cfg, state)).toBe(10300);
    expect(buttonAmountOf(cfg, run(cfg, [{type: 'toggle', field: 'coverFees', value: false}], state))).toBe(10000);
  });

  it('names no amount when the frequency never had a valid one', () => {
    const state: DonateState = {...run(cfg, [{type: 'other-amount', text: 'abc'}]), lastAmount: {}};
    expect(buttonAmountOf(cfg, state)).toBeNull();
  });
});

describe('what the gift comes to', () => {
  const cfg = config({frequencies: ['one-off', 'weekly', 'monthly', 'daily'], dailyDays: 7});
  const total = giftTotal(1500, 'weekly', {dailyDays: 7, coverFeesPercent: null});

  it.each([
    ['one-off', '$15 once'],
    ['weekly', '$15 every week'],
    ['monthly', '$15 every month'],
    ['daily', '$15 a day for 7 days = $105'],
  ] as const)('says a %s gift as “%s”', (frequency, sentence) => {
    expect(totalSentence(cfg, frequency, {...total, total: frequency === 'daily' ? 10500 : 1500})).toBe(sentence);
  });
});

describe('the impact line', () => {
  const cfg = config({
    amounts: {
      'one-off': {
        handles: [{amount: 30, impact: 'Plants 6 mangroves'}, {amount: 60}],
        impactTemplate: '{amount} plants {count} mangroves',
        impactUnit: 5,
      },
    },
  });

  it('is the chosen handle’s own, or none when the handle has none', () => {
    expect(impactOf(cfg, run(cfg, [{type: 'handle', amount: 3000}]))).toBe('Plants 6 mangroves');
    expect(impactOf(cfg, run(cfg, [{type: 'handle', amount: 6000}]))).toBeNull();
  });

  it('is none for an other amount that is not one, or without a template', () => {
    expect(impactOf(cfg, run(cfg, [{type: 'other-amount', text: 'abc'}]))).toBeNull();
    const plain = config();
    expect(impactOf(plain, run(plain, [{type: 'other-amount', text: '40'}]))).toBeNull();
  });
});

describe('supporter fields', () => {
  it('leaves a hidden field out of the form and out of the gift', () => {
    const cfg = config({fields: {lastName: 'hidden'}});
    expect(visibleSupporterFields(cfg)).not.toContain('lastName');
    expect(visibleSupporterFields(cfg)).toContain('firstName');
    const state = run(cfg, [...details, ...card()]);
    expect(buildIntent(cfg, state, checks)?.supporter).not.toHaveProperty('lastName');
  });

  it('sends what was typed without the spaces around it, and leaves out an optional field left empty', () => {
    const cfg = config({fields: {phone: 'optional'}});
    const state = run(cfg, [...details, {type: 'field', field: 'firstName', value: '  Mere '}, ...card()]);
    const supporter = buildIntent(cfg, state, checks)?.supporter;
    expect(supporter?.firstName).toBe('Mere');
    expect(supporter).not.toHaveProperty('phone');
  });

  it('sends a mobile number as typed while its check has not loaded', () => {
    const cfg = config({fields: {phone: 'optional'}});
    const state = run(cfg, [...details, {type: 'field', field: 'phone', value: ' 0412 345 678 '}, ...card()]);
    expect(buildIntent(cfg, state, {...checks, mobile: null})?.supporter.phone).toBe('0412 345 678');
  });
});

describe('the payment fields', () => {
  it('hold the sandbox’s gift back as still loading until its card checks have loaded, so nothing is sent unchecked', () => {
    const cfg = config();
    const typed = run(cfg, [...details, ...card()]);
    const waiting = {...checks, payment: null};
    expect(problems(cfg, typed, waiting)).toEqual({paymentFields: 'The secure payment fields are still loading.'});
    expect(buildIntent(cfg, typed, waiting)).toBeNull();
    expect(testPaymentOf(cfg, typed, waiting)).toBeUndefined();
    expect(run(cfg, [{type: 'submit', checks: waiting, key: 'key-1', date: DATE}], typed).submission.status).toBe('idle');
    expect(run(cfg, [submit()], typed).submission.status).toBe('sending');
  });

  it('say so when a processor’s fields could not load', () => {
    const cfg = config({gateway: STRIPE});
    const state = run(cfg, [...details, {type: 'payment-fields', status: {status: 'failed', detail: 'offline'}}]);
    expect(problems(cfg, state, checks)).toEqual({
      paymentFields: 'The secure payment fields could not load. Check your connection and try again.',
    });
  });

  it('give the sandbox the bank account typed for a direct debit, and nothing to a processor', () => {
    const cfg = config({frequencies: ['monthly'], directDebit: true});
    const state = run(cfg, [
      ...details,
      {type: 'method', method: 'direct-debit'},
      ...bank,
      {type: 'toggle', field: 'ddAgreement', value: true},
    ]);
    expect(testPaymentOf(cfg, state, checks)).toEqual({method: 'direct-debit', bsb: '062-000', account: '12345678', name: 'Mere Tane'});
    const stripe = config({frequencies: ['monthly'], directDebit: true, gateway: STRIPE});
    expect(testPaymentOf(stripe, run(stripe, [...details, ...bank]), checks)).toBeUndefined();
  });
});

describe('keeping the card for a one-tap monthly gift', () => {
  const cfg = config({frequencies: ['one-off', 'monthly'], gateway: {...STRIPE, saveCardForUpgrade: true}});
  const ready = run(cfg, [...details, {type: 'payment-fields', status: {status: 'ready', method: 'card', complete: true}}]);

  it('is offered on a one-off card gift through Stripe set to offer it, and sent only when ticked', () => {
    expect(offersSaveCard(cfg, ready)).toBe(true);
    expect(buildIntent(cfg, ready, checks)).not.toHaveProperty('savePaymentMethod');
    expect(buildIntent(cfg, run(cfg, [{type: 'toggle', field: 'saveCard', value: true}], ready), checks)?.savePaymentMethod).toBe(true);
  });

  it('is not offered on a monthly gift, nor by a gateway not set to offer it', () => {
    const monthly = run(
      cfg,
      [
        {type: 'toggle', field: 'saveCard', value: true},
        {type: 'frequency', frequency: 'monthly'},
      ],
      ready,
    );
    expect(offersSaveCard(cfg, monthly)).toBe(false);
    expect(buildIntent(cfg, monthly, checks)).not.toHaveProperty('savePaymentMethod');
    const unset = config({frequencies: ['one-off', 'monthly'], gateway: STRIPE});
    expect(offersSaveCard(unset, run(unset, [{type: 'toggle', field: 'saveCard', value: true}]))).toBe(false);
    expect(offersSaveCard(config(), initialState(config()))).toBe(false);
  });

  it('is offered, and kept, whatever the amount, as the endpoint keeps it; not where the campaign offers no monthly gift', () => {
    const large = run(
      cfg,
      [
        {type: 'other-amount', text: '7000'},
        {type: 'toggle', field: 'saveCard', value: true},
      ],
      ready,
    );
    expect(offersSaveCard(cfg, large)).toBe(true);
    expect(buildIntent(cfg, large, checks)).toMatchObject({amount: 700_000, savePaymentMethod: true});
    const oneOffOnly = config({frequencies: ['one-off'], gateway: {...STRIPE, saveCardForUpgrade: true}});
    expect(offersSaveCard(oneOffOnly, run(oneOffOnly, [{type: 'toggle', field: 'saveCard', value: true}]))).toBe(false);
  });
});

describe('the gift sent', () => {
  const cfg = config({frequencies: ['one-off', 'daily'], dailyDays: 7});
  const ready = run(cfg, [...details, ...card()]);

  it('is none while anything has a problem', () => {
    expect(buildIntent(cfg, run(cfg, card()), checks)).toBeNull();
  });

  it('carries the source code only when the form has one', () => {
    expect(buildIntent(cfg, ready, checks)).not.toHaveProperty('sourceCode');
    const coded = config({sourceCode: 'WEB26'});
    expect(buildIntent(coded, run(coded, [...details, ...card()]), checks)?.sourceCode).toBe('WEB26');
  });

  it('counts a daily gift’s days, and no days for any other', () => {
    expect(buildIntent(cfg, run(cfg, [{type: 'frequency', frequency: 'daily'}], ready), checks)).toMatchObject({
      frequency: 'daily',
      days: 7,
    });
    expect(buildIntent(cfg, ready, checks)).not.toHaveProperty('days');
  });

  it('says whether the monthly ask was taken, and nothing when there was none', () => {
    const ask = config({rgUpgrade: {enabled: true}});
    const asked = run(ask, [...details, ...card(), submit()]);
    const answer = (reply: 'accept' | 'decline') => run(ask, [{type: 'upsell', answer: reply, checks, key: 'k', date: DATE}], asked);
    expect(buildIntent(ask, answer('accept'), checks)?.upgrade).toEqual({from: {amount: 6000, frequency: 'one-off'}, accepted: true});
    expect(buildIntent(ask, answer('decline'), checks)?.upgrade).toEqual({from: {amount: 6000, frequency: 'one-off'}, accepted: false});
    expect(buildIntent(ask, asked, checks)).not.toHaveProperty('upgrade');
    expect(buildIntent(cfg, ready, checks)).not.toHaveProperty('upgrade');
  });
});

describe('the monthly ask', () => {
  const cfg = config({rgUpgrade: {enabled: true}});

  it('suggests a monthly gift instead of a valid one-off one, before anything is sent', () => {
    expect(upsellAsk(cfg, run(cfg, [{type: 'handle', amount: 12000}]))).toBe(4000);
  });

  it('asks nothing of a monthly gift, of an amount that is not one, after an answer, or when the form does not ask', () => {
    expect(upsellAsk(cfg, run(cfg, [{type: 'frequency', frequency: 'monthly'}]))).toBeNull();
    expect(upsellAsk(cfg, run(cfg, [{type: 'other-amount', text: 'abc'}]))).toBeNull();
    const answered = run(cfg, [...details, ...card(), submit(), {type: 'upsell', answer: 'decline', checks, key: 'k', date: DATE}]);
    expect(upsellAsk(cfg, answered)).toBeNull();
    expect(upsellAsk(config(), initialState(config()))).toBeNull();
  });
});

describe('a decline', () => {
  const cfg = config();
  const sent = run(cfg, [...details, ...card(), submit()]);

  it.each([
    ['security-code', 'cvc', 'The security code does not match your card. Check it and try again.'],
    ['number', 'cardNumber', 'The card number does not match a card. Check it and try again.'],
    ['expired', 'expiry', 'Your card has expired. Try another card.'],
    ['bank', 'bsb', 'Your bank did not accept the direct debit. Check the BSB and account number, or pay by card.'],
  ])('with the code %s marks the sandbox’s %s field with what to do', (code, field, message) => {
    const state = run(cfg, [declined(code)], sent);
    expect(declinedField(cfg, state)).toEqual({field, message});
    expect(shownProblems(cfg, state, checks)).toEqual({[field]: message});
  });

  it('marks no field when its code blames none, or it has no code, or it was not a decline', () => {
    expect(declinedField(cfg, run(cfg, [declined('funds')], sent))).toBeNull();
    expect(declinedField(cfg, run(cfg, [declined()], sent))).toBeNull();
    const failed = run(
      cfg,
      [{type: 'charged', key: 'key-1', date: DATE, result: {status: 'error', outcome: 'not-charged', retryable: true, detail: 'offline'}}],
      sent,
    );
    expect(declinedField(cfg, failed)).toBeNull();
    expect(declinedField(cfg, sent)).toBeNull();
  });

  it('leaves a processor’s fields to mark themselves', () => {
    const stripe = config({gateway: STRIPE});
    const ready = run(stripe, [...details, {type: 'payment-fields', status: {status: 'ready', method: 'card', complete: true}}, submit()]);
    expect(declinedField(stripe, run(stripe, [declined('security-code')], ready))).toBeNull();
  });

  // A first submit without the security code shows the summary; the second is sent, and declined.
  const retried = (code: string, expiry = '12/29') =>
    run(cfg, [
      ...details,
      ...card(),
      {type: 'field', field: 'expiry', value: expiry},
      {type: 'field', field: 'cvc', value: ''},
      submit('key-0'),
      {type: 'field', field: 'cvc', value: '123'},
      submit(),
      declined(code),
    ]);

  it('is not listed again in the error summary: its own alert tells it', () => {
    const state = retried('security-code');
    expect(state.attempted.payment).toBe(true);
    expect(shownProblems(cfg, state, checks)).toEqual({cvc: 'The security code does not match your card. Check it and try again.'});
    expect(summaryOf(cfg, state, shownProblems(cfg, state, checks))).toEqual([]);
  });

  it('gives way to a problem the field has itself, which the summary lists', () => {
    // The card passed on the 22nd and was declined as expired; by the time the form shows it, the month is over.
    const state = retried('expired', '11/26');
    const midDecember = {...checks, now: new Date('2026-12-15T10:00:00+11:00')};
    const shown = shownProblems(cfg, state, midDecember);
    expect(shown).toEqual({expiry: 'This card has expired. Use another card.'});
    expect(summaryOf(cfg, state, shown)).toEqual([{field: 'expiry', message: 'This card has expired. Use another card.'}]);
  });
});

describe('problems shown', () => {
  it('after a submit of the one-page form: every problem on the form, in the summary in the form’s order', () => {
    const cfg = config();
    const state = run(cfg, [{type: 'other-amount', text: 'abc'}, ...card(), submit()]);
    const shown = shownProblems(cfg, state, checks);
    expect(Object.keys(shown)).toEqual(['otherAmount', 'firstName', 'lastName', 'email', 'postcode']);
    expect(summaryOf(cfg, state, shown).map((line) => line.field)).toEqual(['otherAmount', 'firstName', 'lastName', 'email', 'postcode']);
  });

  it('under a field left, but in the summary only once its step was tried', () => {
    const cfg = config();
    const state = run(cfg, [
      {type: 'field', field: 'email', value: 'mere@'},
      {type: 'blur', field: 'email'},
    ]);
    const shown = shownProblems(cfg, state, checks);
    expect(Object.keys(shown)).toEqual(['email']);
    expect(summaryOf(cfg, state, shown)).toEqual([]);
  });

  it('in the wizard, after a failed payment, under a field of an earlier step only once it is left, and never in the summary', () => {
    const cfg = config({layout: 'wizard'});
    const tried = run(cfg, [{type: 'next', checks}, ...details, {type: 'next', checks}, submit()]);
    expect(tried.attempted.payment).toBe(true);
    const typing = run(cfg, [{type: 'back'}, {type: 'field', field: 'email', value: 'mere@'}], tried);
    expect(shownProblems(cfg, typing, checks).email).toBeUndefined();
    const left = run(cfg, [{type: 'blur', field: 'email'}], typing);
    expect(shownProblems(cfg, left, checks).email).toBe('Enter an email address like name@example.com.');
    expect(summaryOf(cfg, left, shownProblems(cfg, left, checks))).toEqual([]);
  });

  it('in the wizard, in the summary only for the step on screen', () => {
    const cfg = config({layout: 'wizard'});
    const onDetails = run(cfg, [
      {type: 'next', checks},
      {type: 'next', checks},
    ]);
    const shown = {...shownProblems(cfg, onDetails, checks), otherAmount: 'not shown here'};
    expect(summaryOf(cfg, onDetails, shown).map((line) => line.field)).toEqual(['firstName', 'lastName', 'email', 'postcode']);
  });
});

describe('the steps', () => {
  const wizard = config({layout: 'wizard'});

  it('on screen: the wizard’s current one, all three on an open form, the amount alone on a folded one', () => {
    expect(visibleSteps(wizard, run(wizard, [{type: 'next', checks}]))).toEqual(['details']);
    expect(visibleSteps(config(), initialState(config()))).toEqual(['amount', 'details', 'payment']);
    const small = config({size: 'small'});
    expect(visibleSteps(small, initialState(small))).toEqual(['amount']);
  });

  it('the primary button opens a folded form, moves the wizard on, and sends from the last step', () => {
    const small = config({size: 'small'});
    expect(primaryAction(small, initialState(small))).toBe('expand');
    expect(primaryAction(small, run(small, [{type: 'expand'}]))).toBe('submit');
    expect(primaryAction(wizard, initialState(wizard))).toBe('next');
    expect(primaryAction(wizard, run(wizard, [{type: 'next', checks}, ...details, {type: 'next', checks}]))).toBe('submit');
  });

  it('the wizard goes back from every step but the first; the one-page form has no back', () => {
    expect(canGoBack(wizard, initialState(wizard))).toBe(false);
    expect(canGoBack(wizard, run(wizard, [{type: 'next', checks}]))).toBe(true);
    expect(canGoBack(config(), initialState(config()))).toBe(false);
  });

  it('a link opens the step it asks for, or the first one before it left incomplete', () => {
    const start = initialState(wizard);
    expect(reachableStep(wizard, start, 'amount', checks)).toBe('amount');
    expect(reachableStep(wizard, run(wizard, [{type: 'next', checks}]), 'amount', checks)).toBe('amount');
    expect(reachableStep(wizard, start, 'details', checks)).toBe('details');
    expect(reachableStep(wizard, start, 'payment', checks)).toBe('details');
    expect(reachableStep(wizard, run(wizard, details), 'payment', checks)).toBe('payment');
    const single = config();
    expect(reachableStep(single, initialState(single), 'details', checks)).toBe('payment');
  });

  it('are named with their number', () => {
    expect(stepTitle(wizard, 'details')).toBe('Step 2 of 3: Your details');
  });
});

describe('the page’s title', () => {
  it('names the wizard’s step, and puts “Error:” first while the error summary shows', () => {
    const wizard = config({layout: 'wizard'});
    const state = run(wizard, [{type: 'next', checks}]);
    expect(pageTitleOf(wizard, state, false)).toBe('Your details – Step 2 of 3 – {title}');
    expect(pageTitleOf(wizard, state, true)).toBe('Error: Your details – Step 2 of 3 – {title}');
  });

  it('is the page’s own on the one-page form but for errors, and once the gift is made or the supporter is leaving', () => {
    const cfg = config();
    const start = initialState(cfg);
    expect(pageTitleOf(cfg, start, false)).toBeNull();
    expect(pageTitleOf(cfg, start, true)).toBe('Error: {title}');
    const done = run(cfg, [
      ...details,
      ...card(),
      submit(),
      {type: 'charged', key: 'key-1', date: DATE, result: {status: 'approved', reference: 'CRL-1'}},
    ]);
    expect(done.submission.status).toBe('done');
    expect(pageTitleOf(cfg, done, true)).toBeNull();
    const hosted = config({gateway: {type: 'http', endpoint: 'https://pay.example.org'}});
    const leaving = run(hosted, [
      ...details,
      submit(),
      {type: 'charged', key: 'key-1', date: DATE, result: {status: 'redirect', url: 'https://pay.example.org/c/1', reference: 'cs_1'}},
    ]);
    expect(leaving.submission.status).toBe('leaving');
    expect(pageTitleOf(hosted, leaving, true)).toBeNull();
  });

  it('is left alone when the config says so', () => {
    const cfg = config({layout: 'wizard', updateTitle: false});
    expect(pageTitleOf(cfg, initialState(cfg), true)).toBeNull();
  });
});

describe('labels', () => {
  it('names each control as its label does', () => {
    const messages = messagesFor(config({messages: {otherAmountLabel: 'Autre montant'}}));
    expect(labelOf('otherAmount', messages)).toBe('Autre montant');
    expect(labelOf('firstName', messages)).toBe('First name');
    expect(labelOf('bsb', messages)).toBe('BSB');
  });
});
