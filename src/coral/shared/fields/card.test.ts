import {describe, expect, it} from 'vitest';
import {cardBrand, checkCard, formatCardNumber, formatExpiry, luhn, validateCardNumber, validateCvc, validateExpiry} from './card';

const now = new Date(2026, 10, 22); // 22 November 2026

describe('card number', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000-0000-0000-0002', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
  ])('accepts %s as %s', (input, brand) => {
    expect(validateCardNumber(input)).toEqual({ok: true, value: {number: input.replace(/\D/g, ''), brand}});
  });

  it.each([
    ['', /Enter your card number/],
    ['4242 4242 4242 4241', /^Enter the card number exactly as it is on your card\.$/],
    ['4242 4242 4242', /^Enter the card number exactly/],
    ['6011 1111 1111 1117', /^Enter a Visa, Mastercard or American Express card number\.$/],
    ['4242-abcd', /digits only/],
  ])('refuses %j', (input, reason) => {
    const result = validateCardNumber(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('keeps digits beyond the longest card number, and says the number is too long for its brand', () => {
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242 424 2');
    expect(formatCardNumber('3782822463100051')).toBe('3782 822463 10005 1');
    expect(validateCardNumber('4242 4242 4242 4242 424 2')).toEqual({ok: false, reason: 'Card number must be 19 digits or fewer.'});
    expect(validateCardNumber('5555 5555 5555 4444 1')).toEqual({ok: false, reason: 'Card number must be 16 digits or fewer.'});
    expect(validateCardNumber('3782 822463 10005 1')).toEqual({ok: false, reason: 'Card number must be 15 digits or fewer.'});
  });

  it('groups the digits as they are printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('4242424242424242424')).toBe('4242 4242 4242 4242 424');
  });

  it('runs the Luhn check', () => {
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('79927398710')).toBe(false);
    expect(luhn('')).toBe(false);
  });

  it('tells brands apart from the first digits', () => {
    expect(cardBrand('4')).toBe('visa');
    expect(cardBrand('51')).toBe('mastercard');
    expect(cardBrand('34')).toBe('amex');
    expect(cardBrand('9')).toBe('unknown');
  });
});

describe('expiry', () => {
  it('accepts this month and later', () => {
    expect(validateExpiry('11/26', now)).toEqual({ok: true, value: {month: 11, year: 2026}});
    expect(validateExpiry('04 / 2029', now)).toEqual({ok: true, value: {month: 4, year: 2029}});
  });

  it.each([
    ['1234', {month: 12, year: 2034}],
    ['12 34', {month: 12, year: 2034}],
    ['0434', {month: 4, year: 2034}],
  ])('accepts %j, typed as digits on a keypad with no "/"', (input, value) => {
    expect(validateExpiry(input, now)).toEqual({ok: true, value});
  });

  it.each([
    ['12/2034', {month: 12, year: 2034}],
    ['12 / 2034', {month: 12, year: 2034}],
    ['122034', {month: 12, year: 2034}],
    ['4/2029', {month: 4, year: 2029}],
    ['12/34', {month: 12, year: 2034}],
  ])('accepts %j, with the year in two digits or four', (input, value) => {
    expect(validateExpiry(input, now)).toEqual({ok: true, value});
  });

  it.each(['12/2034', '12 / 2034', '122034', '12 / 34', '1234', '12/34'])('keeps a four-digit year whole while %j is typed', (keys) => {
    const typed = [...keys].reduce((shown, key) => formatExpiry(shown + key, shown), '');
    expect(typed).toBe(keys.replace(/\D/g, '').length === 6 ? '12 / 2034' : '12 / 34');
    expect(validateExpiry(typed, now)).toEqual({ok: true, value: {month: 12, year: 2034}});
  });

  it('keeps every digit of an expiry pasted in, and reads a month typed as one digit before "/"', () => {
    expect(formatExpiry('12/2034', '')).toBe('12 / 2034');
    expect(formatExpiry('12/20345', '')).toBe('12 / 20345');
    expect(validateExpiry('12 / 20345', now)).toEqual({ok: false, reason: 'Enter the expiry date as MM/YY, like 04/29.'});
    expect(formatExpiry('1/', '1')).toBe('01 / ');
    expect(formatExpiry('4/29', '')).toBe('04 / 29');
  });

  it('formats the digits as they are typed, and takes the separator away with the month’s last digit', () => {
    const typed = (keys: string) => [...keys].reduce((shown, key) => formatExpiry(shown + key, shown), '');
    expect(typed('1234')).toBe('12 / 34');
    expect(typed('4')).toBe('04 / ');
    expect(typed('04')).toBe('04 / ');
    expect(typed('1')).toBe('1');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
    expect(formatExpiry('12 / 3', '12 / 34')).toBe('12 / 3');
    expect(formatExpiry('12/34', '')).toBe('12 / 34');
  });

  it.each([
    ['10/26', /expired/],
    ['13/27', /01 to 12/],
    ['00/27', /01 to 12/],
    ['11270', /MM\/YY/],
    ['11/60', /too far/],
  ])('refuses %j', (input, reason) => {
    const result = validateExpiry(input, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('CVC', () => {
  it('wants 3 digits, or 4 for American Express', () => {
    expect(validateCvc('123', 'visa').ok).toBe(true);
    expect(validateCvc('1234', 'visa').ok).toBe(false);
    expect(validateCvc('1234', 'amex').ok).toBe(true);
    const short = validateCvc('123', 'amex');
    expect(short.ok === false && short.reason).toMatch(/4-digit security code from the front/);
  });

  it('asks for an empty security code and expiry date by name', () => {
    expect(validateCvc(' ', 'visa')).toEqual({ok: false, reason: 'Enter the security code.'});
    expect(validateExpiry('', new Date(2026, 10, 24))).toEqual({ok: false, reason: 'Enter the expiry date.'});
  });
});

describe('the test card fields together', () => {
  const now = new Date(2026, 10, 24);

  it('give the card once every field passes', () => {
    expect(checkCard({cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123'}, now)).toEqual({
      found: {},
      value: {number: '4242424242424242', expiry: {month: 12, year: 2029}, cvc: '123'},
    });
  });

  it('name each field’s problem, in the fields’ order, and give nothing', () => {
    const checked = checkCard({cardNumber: '4242 4242 4242 4241', expiry: '', cvc: '12'}, now);
    expect(checked.value).toBeNull();
    expect(Object.keys(checked.found)).toEqual(['cardNumber', 'expiry', 'cvc']);
    expect(checked.found.expiry).toBe('Enter the expiry date.');
  });

  it('ask an American Express card for its 4-digit code', () => {
    const amex = {cardNumber: '3782 822463 10005', expiry: '12/29'};
    expect(checkCard({...amex, cvc: '123'}, now).found.cvc).toMatch(/4-digit security code from the front/);
    expect(checkCard({...amex, cvc: '1234'}, now).value?.cvc).toBe('1234');
  });
});
