import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {parsePowerformConfig} from '../powerform/parse';
import {describeError} from '../shared/configErrors';
import {donateFormReference} from './reference';
import {parseDonateFormConfig} from './parse';

const errorsOf = (input: unknown): string[] => {
  const result = parseDonateFormConfig(input);
  return result.ok ? [] : result.errors.map(describeError);
};

describe('donate form config', () => {
  it('fills every default from a campaign id alone', () => {
    const result = parseDonateFormConfig({campaign: 'save-the-reef'});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      currency: 'AUD',
      locale: 'en-AU',
      size: 'medium',
      layout: 'single',
      frequencies: ['one-off', 'monthly'],
      dailyDays: 7,
      fields: {firstName: 'required', phone: 'optional', address: 'hidden'},
      coverFees: {enabled: false, percent: 3},
      rgUpgrade: {enabled: false, divisor: 3, roundTo: 5},
      gateway: {type: 'sandbox', delayMs: 900},
      urlParams: false,
    });
    expect(result.config.amounts.monthly.handles.map((h) => h.amount)).toEqual([15, 25, 40]);
  });

  it('requires the campaign', () => {
    expect(errorsOf({})).toEqual(['campaign: got (missing); expected a string']);
  });

  it('names every bad key, the value given and what is allowed', () => {
    expect(
      errorsOf({
        campaign: 'reef',
        size: 'huge',
        frequencies: ['daily', 'daily'],
        amounts: {monthly: {min: 0, colour: 'red'}},
        thankYouUrl: 'javascript:alert(1)',
        layuot: 'wizard',
      }),
    ).toEqual([
      'size: got "huge"; expected one of small, medium, large',
      'frequencies: got ["daily","daily"]; expected each frequency once',
      'amounts.monthly.min: got 0; expected more than 0',
      'amounts.monthly.colour: got "red"; not an option here: check the spelling against the config reference',
      'thankYouUrl: got "javascript:alert(1)"; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
      'layuot: got "wizard"; not an option here: check the spelling against the config reference',
    ]);
  });

  it('tells a secret key from a publishable key cut short, for the Stripe gateway', () => {
    const gateway = (publishableKey: string) =>
      errorsOf({campaign: 'reef', gateway: {type: 'stripe', publishableKey, endpoint: 'https://give.example.org'}});
    expect(gateway('pk_test_abc123')).toEqual([
      'gateway.publishableKey: got "pk_test_abc123"; expected a whole publishable key, pk_test_… or pk_live_…',
    ]);
    for (const secret of ['sk_test_forTheSchemaTestOnly', 'rk_live_forTheSchemaTestOnly']) {
      expect(gateway(secret)).toEqual([
        expect.stringMatching(/^gateway\.publishableKey: got "[sr]k_[a-z]+_forTheSchemaTestOnly"; a secret key never goes in a page$/),
      ]);
    }
    expect(gateway('pk_test_forTheSchemaTestOnly')).toEqual([]);
  });

  it('checks the rules that tie keys together', () => {
    expect(
      errorsOf({
        campaign: 'reef',
        frequencies: ['one-off'],
        defaultFrequency: 'monthly',
        directDebit: true,
        rgUpgrade: {enabled: true},
        amounts: {'one-off': {min: 50, max: 20, handles: [{amount: 10}], defaultAmount: 15}},
      }),
    ).toEqual([
      'defaultFrequency: got "monthly"; expected one of the frequencies offered: one-off',
      'directDebit: got true; direct debit needs a recurring frequency (weekly, monthly or daily)',
      'rgUpgrade.enabled: got true; the upgrade ask needs both one-off and monthly in frequencies',
      'amounts.one-off.min: got 50; expected min to be no more than max (20)',
      'amounts.one-off.defaultAmount: got 15; expected one of the handles: 10',
    ]);
  });

  it('offers direct debit in Australian dollars only, as Stripe and the endpoint take it', () => {
    expect(errorsOf({campaign: 'reef', frequencies: ['monthly'], directDebit: true})).toEqual([]);
    expect(errorsOf({campaign: 'reef', frequencies: ['monthly'], currency: 'NZD', directDebit: true})).toEqual([
      'directDebit: got true; direct debit takes Australian dollars only: set currency to AUD, or leave directDebit off',
    ]);
  });

  it('accepts only https addresses (http only on localhost) or site paths for links and images', () => {
    expect(errorsOf({campaign: 'reef', thankYouUrl: '/thanks'})).toEqual([]);
    expect(errorsOf({campaign: 'reef', thankYouUrl: 'https://example.org/thanks'})).toEqual([]);
    expect(errorsOf({campaign: 'reef', gateway: {type: 'http', endpoint: 'http://localhost:8787'}})).toEqual([]);
    expect(
      errorsOf({campaign: 'reef', amounts: {'one-off': {handles: [{amount: 5, image: {src: 'http://example.org/a.jpg', alt: ''}}]}}}),
    ).toEqual([
      'amounts.one-off.handles.0.image.src: got "http://example.org/a.jpg"; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /',
    ]);
    for (const bad of ['data:text/html,hi', '//evil.example', 'JaVaScRiPt:alert(1)', ' javascript:x', 'http://example.org/thanks']) {
      expect(errorsOf({campaign: 'reef', thankYouUrl: bad})).toHaveLength(1);
    }
  });

  it.each(['/\\evil.example/privacy', '/\t/evil.example', ' //evil.example', '\\\\evil.example', 'https:/\\evil.example'])(
    'refuses %j, a path a browser would take to another host, in every link of the form',
    (offSite) => {
      const message = `got ${JSON.stringify(offSite)}; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /`;
      expect(
        errorsOf({
          campaign: 'reef',
          thankYouUrl: offSite,
          reassurance: {privacyUrl: offSite},
          manageGiftUrl: offSite,
          directDebitAgreementUrl: offSite,
          gateway: {type: 'http', endpoint: offSite},
          amounts: {'one-off': {handles: [{amount: 5, image: {src: offSite, alt: ''}}]}},
        }),
      ).toEqual(
        [
          'amounts.one-off.handles.0.image.src',
          'directDebitAgreementUrl',
          'gateway.endpoint',
          'manageGiftUrl',
          'thankYouUrl',
          'reassurance.privacyUrl',
        ].map((path) => `${path}: ${message}`),
      );
    },
  );

  it('reports min above max alone, not every handle measured against the limits', () => {
    expect(errorsOf({campaign: 'reef', amounts: {'one-off': {min: 500, max: 100}}})).toEqual([
      'amounts.one-off.min: got 500; expected min to be no more than max (100)',
    ]);
  });

  it('says how to fix a campaign id and a gateway type, naming what is allowed', () => {
    const messages = (input: unknown) => {
      const result = parseDonateFormConfig(input);
      return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
    };
    for (const campaign of ['r', 'reef_2026', 'save the reef']) {
      expect(messages({campaign})).toEqual([
        'campaign: expected 2 to 64 characters: letters, digits and dashes (no spaces or underscores), starting with a letter or digit, e.g. "save-the-reef"',
      ]);
    }
    expect(messages({campaign: 'reef', gateway: {type: 'paypal'}})).toEqual(['gateway.type: expected "sandbox", "stripe" or "http"']);
    expect(parsePowerformConfig({campaign: 'reef', gateway: {type: 'stripe'}})).toMatchObject({
      ok: false,
      errors: [{path: 'gateway.type', message: 'expected "sandbox" or "http"'}],
    });
  });

  it('points at odd keys too', () => {
    expect(errorsOf({campaign: 'reef', '': 1, 'a.b': 2})).toEqual([
      '[""]: got 1; not an option here: check the spelling against the config reference',
      '["a.b"]: got 2; not an option here: check the spelling against the config reference',
    ]);
  });

  it('lets messages be replaced, and only known ones', () => {
    const result = parseDonateFormConfig({campaign: 'reef', messages: {heading: 'Protect the reef'}});
    expect(result.ok && result.config.messages.heading).toBe('Protect the reef');
    expect(errorsOf({campaign: 'reef', messages: {headline: 'x'}})).toEqual([
      'messages.headline: got "x"; not an option here: check the spelling against the config reference',
    ]);
  });

  it('takes a dotted message key written nested too, and names a nested mistake as it was written', () => {
    const result = parseDonateFormConfig({
      campaign: 'reef',
      messages: {submit: {'one-off': 'Donate {amount}'}, 'frequency.monthly': 'Every month'},
    });
    expect(result.ok && result.config.messages['submit.one-off']).toBe('Donate {amount}');
    expect(result.ok && result.config.messages['frequency.monthly']).toBe('Every month');
    expect(errorsOf({campaign: 'reef', messages: {submit: {'one-of': 'x'}}})).toEqual([
      'messages.submit.one-of: got "x"; not an option here: check the spelling against the config reference',
    ]);
    expect(errorsOf({campaign: 'reef', messages: {submit: {'one-off': ''}}})).toEqual([
      'messages.submit.one-off: got ""; expected at least 1 character',
    ]);
  });

  it('never throws, and every error names a key, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({campaign: fc.string(), size: fc.jsonValue(), amounts: fc.jsonValue()})), (input) => {
        const result = parseDonateFormConfig(input);
        return (
          result.ok ||
          result.errors.every(
            (e) => e.message.length > 0 && (e.path !== '' || input === null || typeof input !== 'object' || Array.isArray(input)),
          )
        );
      }),
      {numRuns: 1000},
    );
  });
});

describe('the ways to change or cancel a regular gift', () => {
  it('takes an https address or a site path, and an email address, a phone number or both', () => {
    const result = parseDonateFormConfig({
      campaign: 'reef',
      manageGiftUrl: ' https://billing.stripe.com/p/login/test_28o5lq ',
      contact: {email: 'supporter.care@example.org', phone: '+61 2 5550 1234'},
    });
    expect(result.ok && [result.config.manageGiftUrl, result.config.contact]).toEqual([
      'https://billing.stripe.com/p/login/test_28o5lq',
      {email: 'supporter.care@example.org', phone: '+61 2 5550 1234'},
    ]);
    for (const manageGiftUrl of ['/manage-my-gift', 'https://www.example.org/manage-my-gift?from=form']) {
      expect(errorsOf({campaign: 'reef', manageGiftUrl})).toEqual([]);
    }
    for (const phone of ['1800 975 707', '(02) 5550 1234', '02-5550-1234', '13 14 50', '+64 9 555 0123']) {
      expect(errorsOf({campaign: 'reef', contact: {phone}})).toEqual([]);
    }
    expect(errorsOf({campaign: 'reef', contact: {email: 'Supporter.Care+gifts@mail.example.org.au'}})).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'http://www.example.org/manage',
    'data:text/html,hi',
    '//evil.example/',
    '/\\evil.example/manage',
    '/\t/evil.example',
    'billing.stripe.com/p/login/x',
    '',
  ])('refuses %j as manageGiftUrl', (manageGiftUrl) => {
    expect(errorsOf({campaign: 'reef', manageGiftUrl})).toEqual([
      `manageGiftUrl: got ${JSON.stringify(manageGiftUrl)}; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /`,
    ]);
  });

  it.each([
    'supporter.care',
    'supporter.care@example',
    '@example.org',
    'a b@example.org',
    'care@example.org?cc=someone@example.net',
    'care@example.org,other@example.net',
    'mailto:care@example.org',
    '<script>@example.org',
    '',
  ])('refuses %j as contact.email', (email) => {
    expect(errorsOf({campaign: 'reef', contact: {email}})).toEqual([
      `contact.email: got ${JSON.stringify(email)}; expected an email address such as supporter.care@example.org`,
    ]);
  });

  it.each(['call us', '12345', '+61 (0)2 5550 1234', '0412 345 678 ext 2', 'tel:1800975707', '++61 2 5550 1234', '1234567890123456', ''])(
    'refuses %j as contact.phone',
    (phone) => {
      expect(errorsOf({campaign: 'reef', contact: {phone}})).toEqual([
        `contact.phone: got ${JSON.stringify(phone)}; expected a phone number of 6 to 15 digits, such as +61 2 5550 1234 or 1800 975 707`,
      ]);
    },
  );

  it('refuses a contact key it does not know', () => {
    expect(errorsOf({campaign: 'reef', contact: {mail: 'care@example.org'}})[0]).toMatch(
      /^contact\.mail: got "care@example.org"; not an option/,
    );
  });
});

describe('the generated config reference', () => {
  const rows = donateFormReference();

  it('has a description for every option', () => {
    expect(rows.filter((row) => row.description.trim() === '').map((row) => row.key)).toEqual([]);
  });

  it('lists options with their types and defaults', () => {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('campaign')).toMatchObject({required: true, type: 'string'});
    expect(byKey.get('size')).toMatchObject({type: '"small" | "medium" | "large"', default: '"medium"', required: false});
    expect(byKey.get('amounts.monthly.min')).toMatchObject({default: '5'});
    expect(byKey.get('dailyDays')).toMatchObject({type: 'whole number', default: '7'});
    expect(byKey.get('messages.heading')?.description).toBe('Default: "Make a donation"');
    expect(byKey.get('gateway')?.type).toContain('{type: "http", endpoint, timeoutMs}');
  });
});
