/** The card-data tripwire: what it catches, however written, the honest long numbers it lets through, and the bodies it will not read. */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {BODY_LIMITS, findCardData} from './cardData';

const cardAt = (at: string) => ({kind: 'card-data', at});

describe('findCardData', () => {
  it.each([
    [{payment: {number: '1'}}, 'payment.number'],
    [{card: {}}, 'card'],
    [{supporter: {card_number: ''}}, 'supporter.card_number'],
    [{cvv: ''}, 'cvv'],
    [{details: {'exp-month': 12}}, 'details.exp-month'],
    [{ｃｖｖ: ''}, 'ｃｖｖ'],
    [{note: '4242424242424242'}, 'note'],
    [{note: 'my card is 4242 4242 4242 4242 thanks'}, 'note'],
    [{note: '3782-822463-10005'}, 'note'],
    [{list: ['a', '5555555555554444']}, 'list.1'],
    [{n: 4242424242424242}, 'n'],
    ['4242424242424242', '(body)'],
  ])('finds card data in %j at %s', (body, where) => {
    expect(findCardData(body)).toEqual(cardAt(where));
  });

  it.each([
    ['dots', '4242.4242.4242.4242'],
    ['slashes', '4242/4242/4242/4242'],
    ['backslashes', '4242\\4242\\4242\\4242'],
    ['underscores', '4242_4242_4242_4242'],
    ['several spaces', '4242   4242 4242     4242'],
    ['mixed separators', '4242 -. 4242/_4242 4242'],
    ['no-break and ideographic spaces', '4242\u00a04242\u30004242\u20074242'],
    ['a minus sign and dashes', '4242\u22124242\u20144242\u20104242'],
    ['full-width digits', '４２４２４２４２４２４２４２４２'],
    ['full-width digits and punctuation', '４２４２．４２４２／４２４２＿４２４２'],
    ['Devanagari digits', '४२४२४२४२४२४२४२४२'],
    ['Bengali digits', '৪২৪২৪২৪২৪২৪২৪২৪২'],
    ['Thai digits', '๔๒๔๒๔๒๔๒๔๒๔๒๔๒๔๒'],
    ['mathematical digits', '𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐𝟒𝟐'],
    ['mixed scripts', '4242 ४२४२ ４２４２ ٤٢٤٢'],
    ['the expiry and the CVC after it', '4242 4242 4242 4242 12/28 123'],
    ['a plus sign, longer than any phone number', '+4242424242424242'],
  ])('reads a card number written with %s', (_, number) => {
    expect(findCardData({supporter: {address: number}})).toEqual(cardAt('supporter.address'));
  });

  it.each([
    [{address: '4242 4242', postcode: '4242 4242'}, 'address and postcode'],
    [{address: '4242 4242 4242', postcode: '4242'}, 'address and postcode'],
    [{a: '4242', b: '4242', c: '4242', d: '4242'}, 'a, b, c and d'],
    [{a: '4242.4242.', b: {c: '_4242 4242'}}, 'a and b.c'],
    [{list: ['4242 4242', '4242 4242']}, 'list.0 and list.1'],
    [{a: '1 2', b: '4242 4242 4242', c: '4242'}, 'b and c'],
  ])('finds a card number written across adjacent fields: %j', (body, where) => {
    expect(findCardData(body)).toEqual(cardAt(where));
  });

  it.each([
    [{address: '4242 4242', consent: true, postcode: '4242 4242'}],
    [{address: 'Flat 4242 4242', postcode: '4242 4242'}],
    [{address: '4242 4242', postcode: '4242 4242 North'}],
  ])('reads fields as one number only when nothing but digits stands between them: %j', (body) => {
    expect(findCardData(body)).toBeNull();
  });

  it('never names a key that holds a card number, even in part', () => {
    expect(findCardData({utm: {'4242424242424242': 'x'}})).toEqual(cardAt('utm.[key]'));
    expect(findCardData({'４２４２ ４２４２ ４２４２ ４２４２': 1})).toEqual(cardAt('[key]'));
    expect(findCardData({'4242 4242': {number: '1'}})).toEqual(cardAt('[key].number'));
    expect(findCardData({['k'.repeat(65)]: {cvc: ''}})).toEqual(cardAt('[key].cvc'));
    expect(findCardData({line2: {cvc: ''}})).toEqual(cardAt('line2.cvc'));
  });

  it.each([
    [{supporter: {phone: '+61 412 345 678', postcode: '2000'}}],
    // Read together, the mobile and the postcode would pass the Luhn check: a phone number never joins its neighbours.
    [{supporter: {phone: '+61412345678', postcode: '2000'}}],
    [{supporter: {phone: '+8613800138000'}}],
    [{amount: 6000, fee: 180, method: 'card'}],
    // A Facebook ad id in utm_content: 17 digits that fail the Luhn check, as nine in ten such numbers do.
    [{utm: {utm_content: '23851234567890124'}}],
    [{utm: {utm_campaign: 'eofy-2026', utm_term: '120208461234567'}}],
    [{reference: 'pi_3Mtw4242424242'}],
    [{note: '4242424242424242424242'}],
    [{returnUrl: 'https://www.example.org/thanks?amount=6000&date=2026-01-01T00:00:00.000Z'}],
  ])('lets %j through', (body) => {
    expect(findCardData(body)).toBeNull();
  });

  it('lets honest gifts through: a mobile, a postcode, an address, utm values', () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const name = fc.stringMatching(/^[A-Z][a-z]{1,12}(?:[ '-][A-Z][a-z]{1,12})?$/);
    const mobile = fc.oneof(
      digits(8, 8).map((rest) => `+614${rest}`),
      digits(7, 8).map((rest) => `+642${rest}`),
      digits(8, 8).map((rest) => `+61 4${rest.slice(0, 2)} ${rest.slice(2, 5)} ${rest.slice(5)}`),
    );
    const address = fc.oneof(
      fc.tuple(fc.nat({max: 9999}), name).map(([number, street]) => `${number} ${street} Street`),
      fc.tuple(fc.nat({max: 999}), fc.nat({max: 9999}), name).map(([unit, number, street]) => `${unit}/${number} ${street} Road`),
      fc.nat({max: 99999}).map((box) => `PO Box ${box}`),
    );
    const word = fc.stringMatching(/^[a-z]{2,12}(?:[-_][a-z0-9]{1,8})?$/);
    const supporter = fc.record(
      {
        firstName: name,
        lastName: name,
        email: fc.tuple(word, fc.nat({max: 9999})).map(([local, n]) => `${local}${n}@example.org`),
        phone: mobile,
        postcode: digits(4, 4),
        address,
        consent: fc.boolean(),
      },
      {requiredKeys: ['consent']},
    );
    // One numeric id, of up to 12 digits: one of 13 to 19 digits, or two side by side, fail the Luhn check only nine times in ten.
    const utm = fc.record(
      {utm_source: word, utm_medium: word, utm_campaign: word, utm_term: word, utm_content: digits(1, 12)},
      {requiredKeys: []},
    );
    const gift = fc.record({
      campaign: word,
      amount: fc.integer({min: 100, max: 100_000_000}),
      fee: fc.nat({max: 3_000_000}),
      currency: fc.constantFrom('AUD', 'NZD'),
      frequency: fc.constantFrom('one-off', 'weekly', 'monthly', 'daily'),
      method: fc.constantFrom('card', 'direct-debit'),
      supporter,
      utm,
    });
    fc.assert(
      fc.property(gift, (body) => {
        expect(findCardData(body)).toBeNull();
      }),
      {numRuns: 500},
    );
  });

  it('reads as deep as the limit and no deeper, without recursion however deep the value', () => {
    const nested = (depth: number, inner: unknown = '4242 4242 4242 4242'): unknown => {
      let value = inner;
      for (let i = 0; i < depth; i += 1) value = [value];
      return value;
    };
    expect(findCardData(nested(BODY_LIMITS.depth))).toEqual(cardAt(Array.from({length: BODY_LIMITS.depth}, () => '0').join('.')));
    expect(findCardData(nested(BODY_LIMITS.depth, 'x'))).toBeNull();
    expect(findCardData(nested(BODY_LIMITS.depth + 1))).toEqual({kind: 'too-deep'});
    expect(findCardData(nested(100_000))).toEqual({kind: 'too-deep'});
  });

  it('reads as many values as the limit, and answers a bigger body as such rather than as clean', () => {
    expect(findCardData({list: Array.from({length: BODY_LIMITS.values - 2}, () => 0)})).toBeNull();
    expect(findCardData({list: Array.from({length: BODY_LIMITS.values}, () => 0)})).toEqual({kind: 'too-many-values'});
    const wide = Object.fromEntries(Array.from({length: 100_000}, (_, i) => [`k${i}`, 'x']));
    expect(findCardData(wide)).toEqual({kind: 'too-many-values'});
  });
});
