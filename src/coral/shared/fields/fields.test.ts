import {describe, expect, it} from 'vitest';
import {asksFor, checkField, FIELD_MESSAGES, FIELD_TABLE, fieldProblems, inputOf, SUPPORTER_FIELDS, type FieldChecks} from './fields';

const checks: FieldChecks = {country: 'AU', mobile: null};

describe('a value longer than its field takes', () => {
  it.each([
    ['postcode', '20000', 'Postcode must be 4 digits.'],
    ['postcode', '2000 1', 'Postcode must be 4 digits.'],
    ['firstName', 'M'.repeat(51), 'First name must be 50 characters or fewer.'],
    ['lastName', 'T'.repeat(51), 'Last name must be 50 characters or fewer.'],
    ['address', 'a'.repeat(201), 'Street address must be 200 characters or fewer.'],
  ] as const)('%s: %j is told so in its own words', (field, value, reason) => {
    expect(checkField(field, value, checks, FIELD_MESSAGES)).toEqual({ok: false, reason});
  });

  it('takes a value of exactly the longest length, and keeps the postcode’s own check for the rest', () => {
    expect(checkField('firstName', 'M'.repeat(50), checks, FIELD_MESSAGES)).toEqual({ok: true, value: 'M'.repeat(50)});
    expect(checkField('postcode', '2000', checks, FIELD_MESSAGES)).toEqual({ok: true, value: '2000'});
    expect(checkField('postcode', '200', checks, FIELD_MESSAGES)).toEqual({ok: false, reason: 'Enter a postcode of 4 digits, like 2000.'});
    expect(checkField('postcode', '20a0', checks, FIELD_MESSAGES)).toEqual({ok: false, reason: 'Enter a postcode of 4 digits, like 2000.'});
  });

  it('says it with the form’s own message when the config overrides it', () => {
    const messages = {...FIELD_MESSAGES, postcodeTooLong: 'Your postcode has {max} digits, no more.'};
    expect(checkField('postcode', '20000', checks, messages)).toEqual({ok: false, reason: 'Your postcode has 4 digits, no more.'});
  });

  it('has a message for every field whose own check does not say it (the email, mobile and postcode checks do)', () => {
    for (const field of SUPPORTER_FIELDS) {
      const {tooLong} = FIELD_TABLE[field];
      if (field === 'email' || field === 'phone' || field === 'postcode') expect(tooLong).toBeUndefined();
      else expect(FIELD_MESSAGES[tooLong!]).toMatch(/^\S.* must be \{max\} /);
    }
  });

  it('gives the inputs no maxlength, which would cut what is typed without a word', () => {
    for (const field of SUPPORTER_FIELDS) expect(inputOf(field)).not.toHaveProperty('maxLength');
  });
});

describe('a postcode, by the supporter’s country', () => {
  const postcode = (country: string, value: string) => checkField('postcode', value, {country, mobile: null}, FIELD_MESSAGES);

  it('takes each country’s own format, with an example of its own when it refuses one', () => {
    expect(postcode('NZ', '6011')).toEqual({ok: true, value: '6011'});
    expect(postcode('PG', '111')).toEqual({ok: true, value: '111'});
    expect(postcode('PG', '1111')).toEqual({ok: false, reason: 'Postcode must be 3 digits.'});
    expect(postcode('PG', '11')).toEqual({ok: false, reason: 'Enter a postcode of 3 digits, like 111.'});
    expect(postcode('NC', '98800')).toEqual({ok: true, value: '98800'});
    expect(postcode('NC', '98700')).toEqual({ok: false, reason: 'Enter a postcode of 5 digits, like 98800.'});
    expect(postcode('PF', '98714')).toEqual({ok: true, value: '98714'});
    expect(postcode('AU', '98800')).toEqual({ok: false, reason: 'Postcode must be 4 digits.'});
  });

  it('asks none where addresses carry none, and refuses one given there by name', () => {
    for (const country of ['FJ', 'SB', 'VU', 'WS', 'TO', 'KI', 'TV', 'CK', 'NU']) {
      expect(asksFor('postcode', country), country).toBe(false);
      expect(asksFor('phone', country)).toBe(true);
    }
    expect(postcode('FJ', '2000')).toEqual({ok: false, reason: 'There are no postcodes in Fiji: leave it out.'});
    for (const country of ['AU', 'NZ', 'PG', 'NC', 'PF']) expect(asksFor('postcode', country), country).toBe(true);
  });

  it('never requires a postcode of a country without them', () => {
    const fields = ['firstName', 'postcode'] as const;
    const modes = {firstName: 'required', postcode: 'required'} as const;
    const of = (country: string, postcodeValue: string) =>
      fieldProblems(fields, {firstName: 'Mere', postcode: postcodeValue}, modes, {country, mobile: null}, FIELD_MESSAGES);
    expect(of('FJ', '')).toEqual({});
    expect(of('PG', '')).toEqual({postcode: FIELD_MESSAGES.postcodeMissing});
    expect(of('FJ', '2000')).toEqual({postcode: 'There are no postcodes in Fiji: leave it out.'});
  });
});
