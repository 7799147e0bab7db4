import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {validateEmail} from './email';
import {suggestEmail} from './emailSuggestion';
import {hostileString, MARKUP, PROPERTY_TIMEOUT_MS, XSS_PAYLOADS} from '../testing';

const typo = fc
  .tuple(
    fc.constantFrom('jo', 'mere.tane', 'a+reef', '<b>', ...XSS_PAYLOADS),
    fc.constantFrom('gmial.com', 'gmail.con', 'hotmial.com', 'bigpond.con', 'xtra.co.nx', 'GMAIL.CON'),
  )
  .map(([local, domain]) => `${local}@${domain}`);

/** Addresses with a payload at the start or end of the local part, or in the domain. */
const laced = fc
  .tuple(
    fc.constantFrom('jo', 'mere.tane'),
    fc.constantFrom(...XSS_PAYLOADS),
    fc.constantFrom('example.org', 'gmial.com'),
    fc.integer({min: 0, max: 2}),
  )
  .map(([local, payload, domain, where]) =>
    where === 0 ? `${payload}${local}@${domain}` : where === 1 ? `${local}${payload}@${domain}` : `${local}@${payload}${domain}`,
  );

describe('validateEmail, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('never throws, accepts only one address without markup or spaces, and gives a reason for every refusal', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, laced), (input) => {
        const result = validateEmail(input);
        if (result.ok) {
          expect(result.value).toBe(input.trim());
          expect(result.value).not.toMatch(MARKUP);
          expect(result.value).not.toMatch(/\s/);
          expect(result.value.split('@')).toHaveLength(2);
          expect(result.value.length).toBeLessThanOrEqual(254);
        } else {
          expect(result.reason.trim()).not.toBe('');
        }
      }),
      {numRuns: 1000},
    );
  });
});

describe('suggestEmail, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('never throws, and suggests only a known domain after the same local part, once', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, typo, laced), (input) => {
        const suggestion = suggestEmail(input);
        if (suggestion === null) return;
        const email = input.trim();
        const at = email.lastIndexOf('@');
        expect(suggestion).not.toBe(email);
        expect(suggestion.slice(0, at + 1)).toBe(email.slice(0, at + 1));
        expect(suggestion.slice(at + 1)).toMatch(/^[a-z]+(\.[a-z]+)+$/);
        // A suggested domain is a known one, so there is nothing more to suggest.
        expect(suggestEmail(suggestion)).toBeNull();
        if (validateEmail(input).ok) expect(validateEmail(suggestion).ok).toBe(true);
        if (!MARKUP.test(input)) expect(suggestion).not.toMatch(MARKUP);
      }),
      {numRuns: 1000},
    );
  });
});
