import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {parseAmount} from './money';
import {hostileString, PROPERTY_TIMEOUT_MS, XSS_PAYLOADS} from '../testing';

// Payloads that are not all whitespace: trimming would rightly leave the amount alone.
const visiblePayload = fc.constantFrom(...XSS_PAYLOADS.filter((payload) => payload.trim() !== ''));

describe('parseAmount, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('never throws, accepts only digits, separators and a leading currency sign, and gives a reason for every refusal', () => {
    fc.assert(
      fc.property(hostileString, (input) => {
        const result = parseAmount(input);
        if (result.ok) {
          expect(Number.isSafeInteger(result.value) && result.value > 0).toBe(true);
          expect(input).toMatch(/^\s*(?:[A-Z]{0,3}\p{Sc})?[\s\d,.]+$/u);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });

  it('refuses a good amount with a payload before or after it', () => {
    fc.assert(
      fc.property(fc.integer({min: 1, max: 100_000_000}), visiblePayload, fc.boolean(), (cents, payload, before) => {
        const amount = (cents / 100).toFixed(2);
        const result = parseAmount(before ? payload + amount : amount + payload);
        expect(result.ok).toBe(false);
        expect(!result.ok && result.reason.trim()).not.toBe('');
      }),
      {numRuns: 1000},
    );
  });
});
