import {describe, expect, it} from 'vitest';
import {MOBILE_MESSAGES} from '../basics';
import {normaliseMobile, type MobileCountry} from './phone';
import {mobileCountryOf} from './useMobileCheck';

describe('normaliseMobile', () => {
  it.each([
    ['0412 345 678', 'AU', '+61412345678'],
    ['+61 412 345 678', 'AU', '+61412345678'],
    ['(04) 1234-5678', 'AU', '+61412345678'],
    ['+64 21 123 4567', 'AU', '+64211234567'],
    ['021 123 4567', 'NZ', '+64211234567'],
  ] as const)('normalises %s (%s) to %s', (input, country, e164) => {
    expect(normaliseMobile(input, country)).toEqual({ok: true, value: e164});
  });

  it.each([
    ['03 9261 1977', /not a mobile number we can text/],
    ['+1 415 555 2671', /not a mobile number we can text/],
    ['0412 345', /not a mobile number/],
    ['0412abc678', /^Use digits only\./],
  ])('refuses %j', (input, reason) => {
    const result = normaliseMobile(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
      expect(result.reason).toMatch(/Australian or New Zealand mobile/);
    }
  });

  it('asks for a number left empty', () => {
    expect(normaliseMobile(' ')).toEqual({ok: false, reason: 'Enter your mobile number.'});
  });
});

describe('mobileCountryOf', () => {
  it('reads numbers without a country code as New Zealand ones on an en-NZ form, else as Australian', () => {
    expect(mobileCountryOf('en-NZ')).toBe('NZ');
    expect(mobileCountryOf('mi-NZ')).toBe('NZ');
    expect(mobileCountryOf('en-AU')).toBe('AU');
    expect(mobileCountryOf('en')).toBe('AU');
    expect(normaliseMobile('021 123 4567', mobileCountryOf('en-NZ'))).toEqual({ok: true, value: '+64211234567'});
    expect(normaliseMobile('+64 21 123 4567', mobileCountryOf('en-AU'))).toEqual({ok: true, value: '+64211234567'});
  });

  it('gives an example from the form’s own country when a number is refused', () => {
    const refused = (country: MobileCountry) => {
      const result = normaliseMobile('12345', country);
      return result.ok ? '' : result.reason;
    };
    expect(refused('NZ')).toContain('like 021 123 4567');
    expect(refused('AU')).toContain('like 0412 345 678');
  });

  it('takes either country’s national form on either country’s form, its own country first', () => {
    // A New Zealander on an Australian form, and an Australian on a New Zealand one.
    expect(normaliseMobile('021 123 4567', 'AU')).toEqual({ok: true, value: '+64211234567'});
    expect(normaliseMobile('0412 345 678', 'NZ')).toEqual({ok: true, value: '+61412345678'});
    expect(normaliseMobile('0412 345 678', 'AU')).toEqual({ok: true, value: '+61412345678'});
    // A landline is no mobile in either country.
    expect(normaliseMobile('02 9876 5432', 'AU').ok).toBe(false);
    expect(normaliseMobile('09 123 4567', 'AU').ok).toBe(false);
  });
});

describe('a mobile of the other country that reads as one of the form’s own landlines', () => {
  const NEW_ZEALAND_MOBILE =
    'Enter a mobile number, not a landline. If this is a New Zealand mobile, start with +64, like +64 21 123 4567.';

  it.each(['027 123 4567', '022 123 4567', '028 123 4567', '029 123 4567', '02 9261 1977'])(
    'says how to type %j as a New Zealand mobile on an Australian form',
    (input) => {
      expect(normaliseMobile(input, 'AU')).toEqual({ok: false, reason: NEW_ZEALAND_MOBILE});
    },
  );

  it.each([
    ['+64 27 123 4567', '+64271234567'],
    ['+64 22 123 4567', '+64221234567'],
    ['0064 27 123 4567', '+64271234567'],
  ])('takes %j, typed with its country code, on an Australian form', (input, e164) => {
    expect(normaliseMobile(input, 'AU')).toEqual({ok: true, value: e164});
  });

  it('takes an Australian mobile written nationally on a New Zealand form, as no New Zealand landline looks like one', () => {
    expect(normaliseMobile('0412 345 678', 'NZ')).toEqual({ok: true, value: '+61412345678'});
    expect(normaliseMobile('+61 412 345 678', 'NZ')).toEqual({ok: true, value: '+61412345678'});
    expect(normaliseMobile('027 123 4567', 'NZ')).toEqual({ok: true, value: '+64271234567'});
  });

  it('says it in the form’s own words', () => {
    const messages = {
      ...MOBILE_MESSAGES,
      mobileLandline: 'Landlines cannot get texts. {otherCountry}',
      mobileNewZealandPrefix: 'Kiwi mobile? Type +64 first.',
    };
    expect(normaliseMobile('027 123 4567', 'AU', messages)).toEqual({
      ok: false,
      reason: 'Landlines cannot get texts. Kiwi mobile? Type +64 first.',
    });
  });
});

describe('the phone metadata', () => {
  it('is the current cut of the library’s mobile metadata for +61 and +64', async () => {
    const {cutMetadata} = await import('../../../../scripts/phone-metadata.mjs');
    const full = (await import('libphonenumber-js/metadata.mobile.json')).default;
    const shipped = (await import('./phoneMetadata.json')).default;
    expect(shipped, 'run `node scripts/phone-metadata.mjs` after updating libphonenumber-js').toEqual(cutMetadata(full));
  });
});
