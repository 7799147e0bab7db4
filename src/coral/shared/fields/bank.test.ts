import {describe, expect, it} from 'vitest';
import {checkDebit, validateAccountName, validateAccountNumber, validateBsb} from './bank';

describe('direct debit details', () => {
  it('reads a BSB with or without its dash', () => {
    expect(validateBsb('062-000')).toEqual({ok: true, value: '062-000'});
    expect(validateBsb(' 062000 ')).toEqual({ok: true, value: '062-000'});
  });

  it.each(['06200', '0620001', '06a-000'])('refuses the BSB %j, saying what a BSB looks like', (input) => {
    expect(validateBsb(input)).toEqual({ok: false, reason: 'Enter a BSB of 6 digits, like 062-000.'});
  });

  it('asks for each of the details left empty by name', () => {
    expect(validateBsb(' ')).toEqual({ok: false, reason: 'Enter the BSB.'});
    expect(validateAccountNumber('')).toEqual({ok: false, reason: 'Enter the account number.'});
    expect(validateAccountName('')).toEqual({ok: false, reason: 'Enter the name on the account.'});
  });

  it('takes account numbers of 5 to 9 digits', () => {
    expect(validateAccountNumber('12345').ok).toBe(true);
    expect(validateAccountNumber('1234 5678 9').ok).toBe(true);
    expect(validateAccountNumber('1234').ok).toBe(false);
    expect(validateAccountNumber('1234567890').ok).toBe(false);
  });

  it('tidies the account name and holds it to 32 characters', () => {
    expect(validateAccountName('  Jo   Citizen ')).toEqual({ok: true, value: 'Jo Citizen'});
    expect(validateAccountName('').ok).toBe(false);
    expect(validateAccountName('x'.repeat(33)).ok).toBe(false);
  });
});

describe('the test direct debit fields together', () => {
  it('give the account once every field passes, and each field’s problem otherwise', () => {
    expect(checkDebit({bsb: '062 000', account: '12345678', accountName: ' Jo  Citizen'})).toEqual({
      found: {},
      value: {bsb: '062-000', account: '12345678', name: 'Jo Citizen'},
    });
    const checked = checkDebit({bsb: '06', account: '', accountName: ''});
    expect(checked.value).toBeNull();
    expect(Object.keys(checked.found)).toEqual(['bsb', 'account', 'accountName']);
  });
});
