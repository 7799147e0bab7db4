import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {MOBILE_MESSAGES, fill} from '../basics';
import {allowedMobile, normaliseMobile} from './phone';

type MobileCountry = 'AU' | 'NZ';
import {hostileString, PROPERTY_TIMEOUT_MS, XSS_PAYLOADS} from '../testing';

const country = fc.constantFrom<MobileCountry>('AU', 'NZ');
const mobiles = fc.constantFrom('0412 345 678', '+61 412 345 678', '(04) 1234-5678', '+64 21 123 4567', '021 123 4567');
const digits = (length: number) => fc.string({unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length});
const landlineOrOther = (home: MobileCountry) =>
  fill(MOBILE_MESSAGES.mobileLandline, {otherCountry: MOBILE_MESSAGES[home === 'AU' ? 'mobileNewZealandPrefix' : 'mobileAustraliaPrefix']});
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
          // Nothing typed: the form asks for the number; the other country's mobile shaped like a landline here is
          // told how to type it; anything else is told what a mobile number looks like.
          if (input.trim() === '') expect(result.reason).toBe('Enter your mobile number.');
          else if (result.reason !== landlineOrOther(home)) expect(result.reason).toContain(allowedMobile(home));
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

  it('takes a New Zealand mobile as New Zealanders write it on an Australian form, or says to start it with +64, and takes it with +64', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '2', '7', '8', '9'), digits(7), (network, rest) => {
        const national = `02${network} ${rest.slice(0, 3)} ${rest.slice(3)}`;
        const inNewZealand = normaliseMobile(national, 'NZ');
        fc.pre(inNewZealand.ok);
        const onAustralianForm = normaliseMobile(national, 'AU');
        if (onAustralianForm.ok) expect(onAustralianForm).toEqual(inNewZealand);
        else expect(onAustralianForm.reason).toBe(landlineOrOther('AU'));
        expect(normaliseMobile(`+64 ${national.slice(1)}`, 'AU')).toEqual(inNewZealand);
      }),
      {numRuns: 500},
    );
  });

  it('takes an Australian mobile as Australians write it on a New Zealand form, as it does on an Australian one', () => {
    fc.assert(
      fc.property(fc.constantFrom('4', '5'), digits(8), (network, rest) => {
        const national = `0${network}${rest.slice(0, 2)} ${rest.slice(2, 5)} ${rest.slice(5)}`;
        const inAustralia = normaliseMobile(national, 'AU');
        fc.pre(inAustralia.ok);
        expect(normaliseMobile(national, 'NZ')).toEqual(inAustralia);
      }),
      {numRuns: 500},
    );
  });
});
