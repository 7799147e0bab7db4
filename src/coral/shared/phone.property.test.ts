import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {allowedMobile, normaliseMobile, type MobileCountry} from './phone';
import {hostileString, PROPERTY_TIMEOUT_MS, XSS_PAYLOADS} from './testing/hostile';

const country = fc.constantFrom<MobileCountry>('AU', 'NZ');
const mobiles = fc.constantFrom('0412 345 678', '+61 412 345 678', '(04) 1234-5678', '+64 21 123 4567', '021 123 4567');
const visiblePayload = fc.constantFrom(...XSS_PAYLOADS.filter((payload) => payload.trim() !== ''));

describe('normaliseMobile, given hostile text', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('accepts only a number in E.164 from digits and phone punctuation, and otherwise says what it wants', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, mobiles), country, (input, home) => {
        const result = normaliseMobile(input, home);
        if (result.ok) {
          expect(input).toMatch(/^[\s+\d().-]+$/);
          expect(result.value).toMatch(/^\+6[14]\d{8,10}$/);
          expect(normaliseMobile(result.value, home)).toEqual(result);
        } else {
          // Nothing typed: the form asks for the number; anything else is told what a mobile number looks like.
          if (input.trim() === '') expect(result.reason).toBe('Enter your mobile number.');
          else expect(result.reason).toContain(allowedMobile(home));
        }
      }),
      {numRuns: 1000},
    );
  });

  it('refuses a good number with a payload before or after it', () => {
    fc.assert(
      fc.property(mobiles, visiblePayload, fc.boolean(), country, (mobile, payload, before, home) => {
        expect(normaliseMobile(before ? payload + mobile : mobile + payload, home).ok).toBe(false);
      }),
      {numRuns: 1000},
    );
  });
});
