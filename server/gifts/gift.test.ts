/**
 * The gift checks (checkGift, checkGiftRequest and their parts) on their own: every refusal in its words, every
 * value the server computes itself, and the supporters' values as people type them, from the corpus.
 */
import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {normaliseMobile, refuse} from '../../src/coral/contract/library';
import {DONATE_FORM_MESSAGES} from '../../src/coral/donate-form/core';
import {consentShown, checkSupporterFields, typedValue} from '../records';
import {checkAmount, checkGift, checkGiftRequest, consentOf, coverFeeFor, parseCampaigns, type GiftRequest} from './gift';
import {ADDRESSES, EMAILS, FIRST_NAMES, LAST_NAMES} from '../testing/corpus/people';
import {CAMPAIGN_CONFIGS, giftBody} from '../testing/fixtures';
import {PHONES} from '../testing/corpus/phones';
import {FOUR_DIGIT_POSTCODES, PACIFIC_POSTCODES, POSTCODES} from '../testing/corpus/postcodes';
import {fullWidth, typedEveryWay} from '../testing/corpus/typing';

const CAMPAIGNS = parseCampaigns([
  {
    ...CAMPAIGN_CONFIGS[0],
    amounts: {'one-off': {min: 5, max: 10_000}, monthly: {min: 10, max: 2_000}},
    fields: {phone: 'optional', postcode: 'optional', address: 'required'},
    messages: {consentLabel: 'Yes, keep me posted about the reef.'},
  },
  {campaign: 'kiwi-forest', currency: 'NZD', locale: 'en-NZ', frequencies: ['one-off', 'monthly']},
]);
const REEF = CAMPAIGNS.get('save-the-reef')!;
const KIWI = CAMPAIGNS.get('kiwi-forest')!;

const SUPPORTER = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', address: '1 Main St', consent: true};
/** SUPPORTER as the endpoint keeps it: with their country, the form's own (the campaign takes Australia alone). */
const KEPT = {...SUPPORTER, country: 'AU'};
/** The supporter as a form that hides the street address (kiwi-forest's, by default) sends it. */
const {address: _address, ...NO_ADDRESS} = SUPPORTER;

/** A good gift of $60 to save-the-reef, as the form sends it, with SUPPORTER; `change` replaces fields. */
const gift = (change: Record<string, unknown> = {}) => giftBody({supporter: SUPPORTER, ...change});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('checkGift', () => {
  it('answers a good gift as checked: the campaign’s config and source code, the server’s own sums, the supporter as read', () => {
    expect(checkGift(gift(), CAMPAIGNS)).toEqual({
      ok: true,
      value: {
        config: REEF,
        campaign: 'save-the-reef',
        sourceCode: 'REEF-2026',
        currency: 'AUD',
        frequency: 'one-off',
        method: 'card',
        amount: 6000,
        fee: 0,
        perPayment: 6000,
        payments: null,
        savePaymentMethod: false,
        supporter: KEPT,
        upgrade: undefined,
        utm: {utm_source: 'newsletter'},
        form: null,
      },
    });
  });

  it('takes the request’s source code, the upgrade ask’s answer, the utm values and the bot check’s token as sent', () => {
    const upgrade = {from: {amount: 6000, frequency: 'one-off'}, accepted: true};
    const checked = checkGift(
      gift({sourceCode: 'REEF-EMAIL', upgrade, utm: {utm_content: '120208512345678901'}, botCheck: 'token'}),
      CAMPAIGNS,
    );
    expect(checked.ok && checked.value).toMatchObject({
      sourceCode: 'REEF-EMAIL',
      upgrade,
      utm: {utm_content: '120208512345678901'},
      botCheck: 'token',
    });
    // A person's details in the address (a mobile, an email) are no source: dropped, as the form's events drop them.
    const personal = checkGift(
      gift({utm: {utm_source: 'newsletter', utm_content: '+61 412 345 678', utm_term: 'mere@example.org'}}),
      CAMPAIGNS,
    );
    expect(personal.ok && personal.value.utm).toEqual({utm_source: 'newsletter'});
    const without = checkGift({...gift(), utm: undefined}, CAMPAIGNS);
    expect(without.ok && without.value.utm).toEqual({});
    expect(without.ok && 'botCheck' in without.value).toBe(false);
  });

  it('adds exactly the campaign’s cover fee, and counts a daily gift’s payments', () => {
    const covered = checkGift(gift({fee: 180}), CAMPAIGNS);
    expect(covered.ok && covered.value).toMatchObject({amount: 6000, fee: 180, perPayment: 6180, payments: null});
    const daily = checkGift(gift({frequency: 'daily', days: 7, amount: 500, fee: 15}), CAMPAIGNS);
    expect(daily.ok && daily.value).toMatchObject({frequency: 'daily', amount: 500, fee: 15, perPayment: 515, payments: 7});
  });

  it('keeps the card for later only for a one-off gift whose supporter agreed', () => {
    const oneOffOnly = parseCampaigns([{campaign: 'one-off-only', frequencies: ['one-off']}]);
    const keep = (change: Record<string, unknown>) => {
      const checked = checkGift(gift(change), change.campaign === 'one-off-only' ? oneOffOnly : CAMPAIGNS);
      return checked.ok && checked.value.savePaymentMethod;
    };
    expect(keep({savePaymentMethod: true})).toBe(true);
    expect(keep({savePaymentMethod: false})).toBe(false);
    expect(keep({})).toBe(false);
    expect(keep({savePaymentMethod: true, frequency: 'monthly'})).toBe(false);
    // No monthly gift to offer after it, so nothing to keep the card for.
    expect(keep({savePaymentMethod: true, campaign: 'one-off-only'})).toBe(false);
  });

  it('takes direct debit for a recurring gift in Australian dollars where the campaign offers it', () => {
    const checked = checkGift(gift({method: 'direct-debit', frequency: 'monthly'}), CAMPAIGNS);
    expect(checked.ok && checked.value.method).toBe('direct-debit');
    for (const frequency of ['weekly', 'daily']) {
      expect(
        checkGift(gift({method: 'direct-debit', frequency, ...(frequency === 'daily' ? {days: 7, amount: 500} : {})}), CAMPAIGNS).ok,
      ).toBe(true);
    }
  });

  it.each([
    ['a malformed body', {amount: 'sixty'}, 'amount: got "sixty"; expected a number'],
    ['two malformed fields', {amount: 'sixty', fee: -1}, 'amount: got "sixty"; expected a number; fee: got -1; expected at least 0'],
    ['an unknown campaign', {campaign: 'save-the-whales'}, 'campaign: "save-the-whales" is not a campaign this endpoint takes gifts for'],
    ['another currency', {currency: 'NZD'}, 'currency: expected AUD for this campaign'],
    [
      'a frequency not offered',
      {campaign: 'kiwi-forest', currency: 'NZD', frequency: 'weekly'},
      'frequency: expected one of the frequencies offered: one-off, monthly',
    ],
    ['a daily gift of other days', {frequency: 'daily', days: 8, amount: 500}, 'days: a daily gift for this campaign runs for 7 days'],
    ['a daily gift without its days', {frequency: 'daily', amount: 500}, 'days: a daily gift for this campaign runs for 7 days'],
    ['days on a gift that is not daily', {days: 7}, 'days: only a daily gift has a number of days'],
    ['an amount below the minimum', {amount: 499}, 'amount: expected at least $5 for a one-off gift'],
    ['an amount above the maximum', {amount: 1_000_001}, 'amount: expected at most $10,000 for a one-off gift'],
    ['a monthly amount below its own minimum', {frequency: 'monthly', amount: 999}, 'amount: expected at least $10 for a monthly gift'],
    ['a fee other than the cover fee', {fee: 179}, 'fee: expected 0 or 180 cents'],
    [
      'a fee where there is no cover fee',
      {campaign: 'kiwi-forest', currency: 'NZD', fee: 180},
      'fee: this campaign does not offer to cover fees',
    ],
    [
      'direct debit where it is not offered',
      {campaign: 'kiwi-forest', currency: 'NZD', frequency: 'monthly', method: 'direct-debit'},
      'method: this campaign does not offer direct debit',
    ],
    ['direct debit for a one-off gift', {method: 'direct-debit'}, 'method: direct debit is for recurring gifts'],
    [
      'a required field left out',
      {supporter: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', consent: true}},
      'supporter.address: required by this campaign',
    ],
    ['a required field left blank', {supporter: {...SUPPORTER, firstName: ' \u3000'}}, 'supporter.firstName: required by this campaign'],
    ['a postcode the form refuses', {supporter: {...SUPPORTER, postcode: '20000'}}, 'supporter.postcode: Postcode must be 4 digits.'],
    [
      'a postcode of letters',
      {supporter: {...SUPPORTER, postcode: 'abcd'}},
      'supporter.postcode: Enter a postcode of 4 digits, like 2000.',
    ],
    [
      'a name longer than the form takes',
      {supporter: {...SUPPORTER, lastName: 'L'.repeat(51)}},
      'supporter.lastName: got "LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL"; expected at most 50 characters',
    ],
    ['an email the form refuses', {supporter: {...SUPPORTER, email: 'ada@'}}, `supporter.email: ${DONATE_FORM_MESSAGES.emailInvalid}`],
  ])('refuses %s', (_, change, reason) => {
    expect(checkGift(gift(change), CAMPAIGNS)).toEqual({ok: false, reason});
  });

  it('refuses direct debit in another currency than Australian dollars', () => {
    const nzd = new Map([['nz-reef', {...REEF, campaign: 'nz-reef', currency: 'NZD'}]]);
    const request = {...(gift({campaign: 'nz-reef', currency: 'NZD', frequency: 'monthly', method: 'direct-debit'}) as GiftRequest)};
    expect(checkGiftRequest(request, nzd)).toEqual({ok: false, reason: 'method: direct debit takes Australian dollars only'});
  });

  it('answers in the campaign’s own currency and locale', () => {
    expect(
      checkGift(gift({campaign: 'kiwi-forest', currency: 'NZD', amount: 500, supporter: {...NO_ADDRESS, postcode: '6011'}}), CAMPAIGNS),
    ).toEqual({
      ok: true,
      value: expect.objectContaining({currency: 'NZD'}),
    });
    expect(checkAmount(KIWI, 499, 'one-off')).toEqual({ok: false, reason: 'amount: expected at least $5 for a one-off gift'});
  });
});

describe('checkAmount', () => {
  it('takes the limits themselves and refuses a cent beyond either', () => {
    expect(checkAmount(REEF, 500, 'one-off')).toEqual({ok: true, value: 500});
    expect(checkAmount(REEF, 1_000_000, 'one-off')).toEqual({ok: true, value: 1_000_000});
    expect(checkAmount(REEF, 499, 'one-off')).toEqual(refuse('amount: expected at least $5 for a one-off gift'));
    expect(checkAmount(REEF, 1_000_001, 'one-off')).toEqual(refuse('amount: expected at most $10,000 for a one-off gift'));
    expect(checkAmount(REEF, 200_001, 'monthly')).toEqual(refuse('amount: expected at most $2,000 for a monthly gift'));
  });
});

describe('coverFeeFor', () => {
  it('is the campaign’s percent of the amount, and null where the campaign covers no fees', () => {
    expect(coverFeeFor(REEF, 6000, 'one-off')).toBe(180);
    expect(coverFeeFor(REEF, 500, 'daily')).toBe(15);
    expect(coverFeeFor(KIWI, 6000, 'one-off')).toBeNull();
  });
});

describe('typedValue and checkSupporterFields', () => {
  it('trims every field, and folds a number pad’s full-width digits, signs and spaces in the postcode and the phone', () => {
    expect(typedValue('postcode', ' ２０００\u3000')).toBe('2000');
    expect(typedValue('phone', '＋６１　４９１　５７０　００６')).toBe('+61 491 570 006');
    expect(typedValue('firstName', '\u00a0Ａｄａ ')).toBe('Ａｄａ');
    expect(typedValue('address', ' 1 Main St ')).toBe('1 Main St');
    expect(typedValue('email', ' ada@example.org\t')).toBe('ada@example.org');
  });

  it('says what the form would say of a value, the mobile’s too, and nothing of a good one', () => {
    const problem = <F extends 'postcode' | 'firstName' | 'phone'>(field: F, value: string) => {
      const checked = checkSupporterFields({[field]: 'optional'} as Record<F, 'optional'>, {[field]: value} as never, 'supporter', {
        locale: 'en-AU',
      });
      return checked.ok ? null : checked.reason;
    };
    expect(problem('postcode', '200')).toBe('supporter.postcode: Enter a postcode of 4 digits, like 2000.');
    expect(problem('postcode', '2000')).toBeNull();
    expect(problem('firstName', 'A'.repeat(51))).toBe('supporter.firstName: First name must be 50 characters or fewer.');
    expect(problem('phone', 'not a phone')).toBe(
      'supporter.phone: Use digits only. Enter an Australian or New Zealand mobile number, like 0412 345 678.',
    );
    expect(problem('phone', '+679 701 2345')).toBe(
      'supporter.phone: That is not a mobile number we can text. Enter an Australian or New Zealand mobile number, like 0412 345 678.',
    );
    expect(problem('phone', '0412 345 678')).toBeNull();
  });
});

describe('the supporter’s fields, as people type them', () => {
  const checkedSupporter = (change: Record<string, string>) => {
    const checked = checkGift(gift({supporter: {...SUPPORTER, ...change}}), CAMPAIGNS);
    return checked.ok ? checked.value.supporter : checked.reason;
  };

  it('takes every name, email and address of the corpus, typed every way, and keeps it trimmed (the email lower-cased)', () => {
    const fields: Array<[string, readonly string[]]> = [
      ['firstName', typedEveryWay(FIRST_NAMES)],
      ['lastName', typedEveryWay(LAST_NAMES)],
      ['email', EMAILS.flatMap((email) => [email, ` ${email} `])],
      ['address', typedEveryWay(ADDRESSES)],
    ];
    for (const [field, values] of fields) {
      for (const value of values) {
        const kept = field === 'email' ? value.trim().toLowerCase() : value.trim();
        expect(checkedSupporter({[field]: value})).toEqual({...KEPT, [field]: kept});
      }
    }
  });

  it('takes every Australian and New Zealand postcode typed every way, and keeps its four plain digits', () => {
    const plain = new Set(FOUR_DIGIT_POSTCODES.map(({written}) => written));
    for (const postcode of POSTCODES) {
      const kept = checkedSupporter({postcode});
      expect(typeof kept === 'object' && plain.has(kept.postcode!)).toBe(true);
    }
    expect(checkedSupporter({postcode: fullWidth(' 0800 ')})).toEqual({...KEPT, postcode: '0800'});
  });

  it('checks every phone number of the corpus as the form does, and keeps a mobile as E.164 with its country', () => {
    let kept = 0;
    for (const phone of PHONES.filter((value) => value.length <= 20)) {
      const form = normaliseMobile(phone.normalize('NFKC').trim());
      if (form.ok) kept += 1;
      const country = form.ok && form.value.startsWith('+64') ? 'NZ' : 'AU';
      expect(checkedSupporter({phone}), phone).toEqual(form.ok ? {...KEPT, phone: form.value, country} : `supporter.phone: ${form.reason}`);
    }
    expect(kept).toBeGreaterThan(100);
  });

  it('refuses a Pacific postcode that is not four digits in the form’s own words: the field is for Australia and New Zealand', () => {
    for (const {written} of PACIFIC_POSTCODES.filter((postcode) => !/^\d{4}$/.test(postcode.written))) {
      expect(checkedSupporter({postcode: written})).toMatch(
        /^supporter\.postcode: (Postcode must be 4 digits\.|Enter a postcode of 4 digits, like 2000\.)$/,
      );
    }
  });

  it('leaves out an optional field left blank, and keeps the consent as given', () => {
    expect(checkedSupporter({phone: '  ', postcode: ''})).toEqual(KEPT);
    const declined = checkGift(gift({supporter: {...SUPPORTER, consent: false}}), CAMPAIGNS);
    expect(declined.ok && declined.value.supporter.consent).toBe(false);
  });
});

describe('consentShown and consentOf', () => {
  it('names the words a supporter read by the first 16 hex digits of their SHA-256', async () => {
    const wording = 'Yes, keep me posted about the reef.';
    expect(await consentOf(REEF)).toEqual({wording, version: sha256(wording).slice(0, 16)});
    expect(await consentShown('Māori kupu')).toEqual({wording: 'Māori kupu', version: sha256('Māori kupu').slice(0, 16)});
    expect((await consentOf(KIWI)).wording).toBe(DONATE_FORM_MESSAGES.consentLabel);
    for (const wording of LAST_NAMES) expect((await consentShown(wording)).version).toBe(sha256(wording).slice(0, 16));
  });
});
