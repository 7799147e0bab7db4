import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {MOBILE_MESSAGES} from '../basics';
import {countryOf} from './country';
import {loadMobiles, mobileCountries, normaliseMobile} from './phone';

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

describe('countryOf', () => {
  it('reads numbers without a country code as New Zealand ones on an en-NZ form, else as Australian', () => {
    expect(countryOf('en-NZ')).toBe('NZ');
    expect(countryOf('mi-NZ')).toBe('NZ');
    expect(countryOf('en-AU')).toBe('AU');
    expect(countryOf('en')).toBe('AU');
    expect(normaliseMobile('021 123 4567', countryOf('en-NZ'))).toEqual({ok: true, value: '+64211234567'});
    expect(normaliseMobile('+64 21 123 4567', countryOf('en-AU'))).toEqual({ok: true, value: '+64211234567'});
  });

  it('gives an example from the form’s own country when a number is refused', () => {
    const refused = (country: string) => {
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

describe('the countries’ data', () => {
  it('is the current cut of the libraries’ postcodes and mobile metadata', async () => {
    const {everyCountryModule, EVERY_COUNTRY_FILE, generate} = await import('../../../../scripts/countries.mjs');
    const {countries, mobiles} = generate();
    const why = 'run `node scripts/countries.mjs` after updating libphonenumber-js, postcode-validator or @fragaria/address-formatter';
    expect((await import('./countries.json')).default, why).toEqual(countries);
    expect(readFileSync(EVERY_COUNTRY_FILE, 'utf8'), why).toBe(everyCountryModule());
    for (const [country, data] of Object.entries(mobiles)) {
      expect((await import(`./mobiles/${country}.json`)).default, `${country}: ${why}`).toEqual(data);
    }
  });
});

describe('the Pacific’s mobiles', () => {
  it('takes each country’s own mobile, once its metadata is loaded, on a form that takes it', async () => {
    const taken = mobileCountries(['AU', 'FJ', 'PG', 'SB', 'NC']);
    await loadMobiles(taken);
    expect(normaliseMobile('+679 701 2345', 'AU', undefined, taken)).toEqual({ok: true, value: '+6797012345'});
    expect(normaliseMobile('+675 7012 3456', 'AU', undefined, taken)).toEqual({ok: true, value: '+67570123456'});
    expect(normaliseMobile('742 1234', 'SB', undefined, taken)).toEqual({ok: true, value: '+6777421234'});
    expect(normaliseMobile('75.12.34', 'NC', undefined, taken)).toEqual({ok: true, value: '+687751234'});
    // A form that takes Australia alone takes no Fijian mobile, and says what it takes.
    expect(normaliseMobile('+679 701 2345', 'AU')).toEqual({
      ok: false,
      reason: 'That is not a mobile number we can text. Enter an Australian or New Zealand mobile number, like 0412 345 678.',
    });
  });

  it('refuses a Fijian landline, and a number too short for the country chosen', async () => {
    const taken = mobileCountries(['FJ']);
    await loadMobiles(taken);
    expect(normaliseMobile('331 2345', 'FJ', undefined, taken).ok).toBe(false);
    expect(normaliseMobile('701 234', 'FJ', undefined, taken).ok).toBe(false);
  });
});
