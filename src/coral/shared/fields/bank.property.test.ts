import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {validateAccountName, validateAccountNumber, validateBsb} from './bank';
import {hostileString, PROPERTY_TIMEOUT_MS} from '../testing';

describe('direct debit checks, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('reads a BSB only from six digits, spaces and a dash, and gives a reason for every refusal', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        const result = validateBsb(input);
        if (result.ok) {
          expect(input).toMatch(/^[\s\d-]+$/);
          expect(result.value).toMatch(/^\d{3}-\d{3}$/);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });

  it('reads an account number only from five to nine digits, spaces and dashes', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        const result = validateAccountNumber(input);
        if (result.ok) {
          expect(input).toMatch(/^[\s\d-]+$/);
          expect(result.value).toMatch(/^\d{5,9}$/);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });

  it('tidies an account name to at most 32 characters with single spaces, or says why not', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        const result = validateAccountName(input);
        if (result.ok) {
          expect(result.value.length).toBeGreaterThan(0);
          expect(result.value.length).toBeLessThanOrEqual(32);
          expect(result.value.trim()).toBe(result.value);
          expect(result.value).not.toMatch(/\s\s|[^\S ]/);
          expect(validateAccountName(result.value)).toEqual(result);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });
});
