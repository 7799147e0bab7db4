import {describe, expect, it} from 'vitest';
import {checkField, FIELD_MESSAGES, FIELD_TABLE, inputOf, SUPPORTER_FIELDS, type FieldChecks} from './fields';

const checks: FieldChecks = {mobile: null};

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

  it('has a message for every field whose own check does not say it (the email and mobile checks do)', () => {
    for (const field of SUPPORTER_FIELDS) {
      const {tooLong} = FIELD_TABLE[field];
      if (field === 'email' || field === 'phone') expect(tooLong).toBeUndefined();
      else expect(FIELD_MESSAGES[tooLong!]).toMatch(/^\S.* must be \{max\} /);
    }
  });

  it('gives the inputs no maxlength, which would cut what is typed without a word', () => {
    for (const field of SUPPORTER_FIELDS) expect(inputOf(field)).not.toHaveProperty('maxLength');
  });
});
