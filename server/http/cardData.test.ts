/** The card-data tripwire: what it catches, however written, the honest values it lets through, each value read as its writer calls for, and the bodies it will not read. */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {luhn} from '../../src/coral/contract/library';
import {BODY_LIMITS, findCardData, pathOf, type Reading, type ReadingOf} from './cardData';
import {AD_IDS} from '../testing/corpus/adIds';
import {CARD_NUMBERS, DISGUISES, SURROUNDINGS} from '../testing/corpus/cardNumbers';
import {formatAndIgnorableCodePoints, INVISIBLES} from '../testing/corpus/invisibles';
import {ADDRESSES, EMAILS, FIRST_NAMES, LAST_NAMES} from '../testing/corpus/people';
import {PHONES} from '../testing/corpus/phones';
import {PACIFIC_POSTCODES, POSTCODES} from '../testing/corpus/postcodes';
import {chars, DIGITS, readsAsCard, search} from '../testing/corpus/search';
import {CLICK_IDS} from '../testing/corpus/clickIds';
import {honestSupporter} from '../testing/corpus/supporters';
import {typedEveryWay} from '../testing/corpus/typing';

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
    // Read as typed (no reading given): a Facebook ad id of 17 digits that fails the Luhn check goes through; one that passes is a
    // machine's value, which the routes do not read (below, and screen.test.ts).
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
    // Read as typed, so ids too short to be a card: screen.test.ts reads utm values as a machine's, with ids of every length.
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

describe('findCardData, with each value read as its writer calls for', () => {
  const reading =
    (readings: Record<string, Reading>): ReadingOf =>
    (path) =>
      readings[path.join('.')] ?? 'typed';

  it('reads a machine’s value not at all, and its key as any other', () => {
    const machine = reading({'utm.utm_content': 'machine', 'utm.4242424242424242': 'machine', 'utm.cvc': 'machine'});
    expect(findCardData({utm: {utm_content: '4242 4242 4242 4242'}}, machine)).toBeNull();
    expect(findCardData({utm: {utm_content: '4242 4242 4242 4242'}})).toEqual(cardAt('utm.utm_content'));
    expect(findCardData({utm: {'4242424242424242': 'x'}}, machine)).toEqual(cardAt('utm.[key]'));
    expect(findCardData({utm: {cvc: 'x'}}, machine)).toEqual(cardAt('utm.cvc'));
    expect(findCardData({utm: {utm_term: '4242 4242 4242 4242'}}, machine)).toEqual(cardAt('utm.utm_term'));
  });

  it('ends a number written across fields at a machine’s value, as at any other value', () => {
    const between = reading({m: 'machine'});
    expect(findCardData({a: '4242 4242 4242', m: 'x', b: '4242'}, between)).toBeNull();
    expect(findCardData({a: '4242 4242 4242', m: '4242', b: '4242'}, between)).toBeNull();
    expect(findCardData({a: '4242 4242', m: '4242', b: '4242 4242'}, between)).toBeNull();
    expect(findCardData({a: '4242 4242', m: '4242', b: '4242 4242'})).toEqual(cardAt('a, m and b'));
  });

  it('compares a path key by key, so a key holding a dot is not the field it spells', () => {
    const machine: ReadingOf = (path) => (path.length === 2 && path[0] === 'utm' && path[1] === 'utm_content' ? 'machine' : 'typed');
    expect(findCardData({'utm.utm_content': '4242424242424242'}, machine)).toEqual(cardAt('utm.utm_content'));
    expect(findCardData({utm: {utm_content: '4242424242424242'}}, machine)).toBeNull();
  });

  it('hands the reading each value’s raw path: keys as sent, an item’s index as a string', () => {
    const asked: string[][] = [];
    findCardData({a: ['x', {'b\u200b': 'y'}], c: 1}, (path) => {
      asked.push([...path]);
      return 'typed';
    });
    expect(asked).toEqual([
      ['a', '0'],
      ['a', '1', 'b\u200b'],
    ]);
  });

  // Found by search: a mobile and a postcode whose digits, read on from one into the other, pass the Luhn check.
  const [[mobile, postcode]] = search(
    chars(DIGITS, 6).map((rest) => [`0491 ${rest.slice(0, 3)} ${rest.slice(3)}`, '2000'] as const),
    ([m, p]) => luhn(`${m}${p}`.replace(/\D/g, '')),
    1,
    7,
  ) as [readonly [string, string]];

  it('lets a phone number stand alone: it never joins the digits of the fields beside it', () => {
    const phone = reading({'supporter.phone': 'phone'});
    const body = {supporter: {phone: mobile, postcode}};
    expect(findCardData(body)).toEqual(cardAt('supporter.phone and supporter.postcode'));
    expect(findCardData(body, phone)).toBeNull();
    expect(findCardData({supporter: {address: '4242 4242 4242', phone: '4242'}}, phone)).toBeNull();
    expect(findCardData({supporter: {phone: '4242 4242', postcode: '4242 4242'}}, phone)).toBeNull();
  });

  it('reads a number dialled abroad in a phone field as a phone number, however it passes the Luhn check', () => {
    const phone = reading({phone: 'phone'});
    const [dialled] = search(
      chars(DIGITS, 7).map((rest) => `0011 64 21 ${rest}`),
      (n) => luhn(n.replace(/\D/g, '')),
      1,
      9,
    );
    const [fromNz] = search(
      chars(DIGITS, 6).map((rest) => `00 61 491 ${rest}`),
      (n) => luhn(n.replace(/\D/g, '')),
      1,
      10,
    );
    for (const number of [dialled!, fromNz!]) {
      expect(findCardData({phone: number})).toEqual(cardAt('phone'));
      expect(findCardData({phone: number}, phone)).toBeNull();
      // Elsewhere, a run of digits after 00 is read as any other.
      expect(findCardData({address: number}, phone)).toEqual(cardAt('address'));
    }
  });

  it('still finds a card number in a phone field, or after an international prefix longer than any phone number', () => {
    const phone = reading({phone: 'phone'});
    for (const number of [
      '4242 4242 4242 4242',
      '00 4242 4242 4242 4242',
      '0011 4242424242424242',
      '+4242424242424242',
      '４２４２４２４２４２４２４２４２',
    ]) {
      expect(findCardData({phone: number}, phone)).toEqual(cardAt('phone'));
    }
    // Fifteen digits after the prefix are a phone number's length, and no more: the prefix is 00 or 0011, nothing shorter.
    expect(findCardData({phone: '00 378282246310005'}, phone)).toBeNull();
    expect(findCardData({phone: '0011 378282246310005'}, phone)).toBeNull();
    expect(findCardData({phone: '0 378282246310005'}, phone)).toEqual(cardAt('phone'));
  });
});

describe('findCardData, against characters that show nothing', () => {
  const hidden = (between: string) => ({address: ['4242', '4242', '4242', '4242'].join(between)});

  it('reads past every format character and every default-ignorable code point Unicode has', () => {
    const missed = formatAndIgnorableCodePoints().filter((codePoint) => findCardData(hidden(String.fromCodePoint(codePoint))) === null);
    expect(missed.map((codePoint) => codePoint.toString(16))).toEqual([]);
  });

  it('reads past every punctuation mark, space, control and combining mark of the Basic Multilingual Plane', () => {
    const between = /^[\p{P}\p{Z}\p{Cc}\p{M}]$/u;
    const missed: string[] = [];
    for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (between.test(char) && findCardData(hidden(char)) === null) missed.push(codePoint.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it.each(INVISIBLES.map(({name, char}) => [name, char]))('reads past a %s', (_, char) => {
    expect(findCardData(hidden(char))).toEqual(cardAt('address'));
    expect(findCardData({address: `4242${char}${char}4242 4242${char}, 4242`})).toEqual(cardAt('address'));
  });

  it('does not read past letters, symbols other than the minus sign, or a plus sign between groups', () => {
    for (const between of ['a', 'O', '+', '=', '$', '×', '~', '|', '€', '🙂']) expect(findCardData(hidden(between))).toBeNull();
  });

  it('names a key that holds a control or format character, or a lone surrogate, as [key]', () => {
    for (const key of ['a\u202e', 'a\u0000', 'line\nbreak', 'a\u200b', 'a\ud800', 'a\u0085']) {
      expect(findCardData({[key]: {cvc: ''}})).toEqual(cardAt('[key].cvc'));
    }
    expect(findCardData({'Māori ʻokina': {cvc: ''}})).toEqual(cardAt('Māori ʻokina.cvc'));
  });
});

describe('pathOf', () => {
  it.each([
    [[], '(body)'],
    [['supporter', 'address'], 'supporter.address'],
    [['list', '12'], 'list.12'],
    [['utm', '4242 4242'], 'utm.[key]'],
    [['utm', '1234'], 'utm.1234'],
    [['utm', '12345'], 'utm.[key]'],
    [['k'.repeat(64)], 'k'.repeat(64)],
    [['k'.repeat(65)], '[key]'],
    [['a\tb', 'c'], '[key].c'],
  ])('shows %j as %s', (path, shown) => {
    expect(pathOf(path)).toBe(shown);
  });
});

describe('findCardData, against the corpus', () => {
  const TYPED_FIELDS = ['firstName', 'lastName', 'email', 'postcode', 'address', 'answer'];

  it('finds every card number in every disguise, with any words around it, in every field a person types into', () => {
    const missed: string[] = [];
    for (const {brand, digits} of CARD_NUMBERS) {
      for (const {name, write} of DISGUISES) {
        for (const [i, around] of SURROUNDINGS.entries()) {
          const field = TYPED_FIELDS[(i + name.length) % TYPED_FIELDS.length]!;
          if (findCardData({supporter: {[field]: around(write(digits))}}) === null) missed.push(`${brand} ${digits}, ${name}, in ${field}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('finds every card number written in a phone field, in any disguise', () => {
    const phone: ReadingOf = (path) => (path.join('.') === 'supporter.phone' ? 'phone' : 'typed');
    const missed = CARD_NUMBERS.flatMap(({digits}) =>
      DISGUISES.filter(({write}) => findCardData({supporter: {phone: write(digits)}}, phone) === null).map(
        ({name}) => `${digits}, ${name}`,
      ),
    );
    expect(missed).toEqual([]);
  });

  it('finds a card number split across typed fields however its pieces are disguised', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARD_NUMBERS),
        fc.constantFrom(...DISGUISES),
        fc.integer({min: 1, max: 3}),
        ({digits}, {write}, parts) => {
          const cut = Math.ceil(digits.length / (parts + 1));
          const pieces = Array.from({length: parts + 1}, (_, i) => write(digits.slice(i * cut, (i + 1) * cut))).filter(
            (piece) => piece !== '',
          );
          const supporter = Object.fromEntries(pieces.map((piece, i) => [['address', 'postcode', 'firstName', 'lastName'][i]!, piece]));
          expect(findCardData({supporter})).toMatchObject({kind: 'card-data'});
        },
      ),
      {numRuns: 300},
    );
  });

  it('lets every honest value through in the field it belongs to, however typed', () => {
    const phone: ReadingOf = (path) => (path.join('.') === 'supporter.phone' ? 'phone' : 'typed');
    const values: Array<[string, readonly string[]]> = [
      ['firstName', typedEveryWay(FIRST_NAMES)],
      ['lastName', typedEveryWay(LAST_NAMES)],
      ['email', EMAILS],
      ['phone', PHONES],
      ['postcode', [...POSTCODES, ...PACIFIC_POSTCODES.map(({written}) => written)]],
      ['address', typedEveryWay(ADDRESSES)],
    ];
    const refused = values.flatMap(([field, all]) => all.filter((value) => findCardData({supporter: {[field]: value}}, phone) !== null));
    expect(refused).toEqual([]);
  });

  it('lets honest supporters through whole: a phone beside a postcode, a postcode beside an address', () => {
    const phone: ReadingOf = (path) => (path.join('.') === 'supporter.phone' ? 'phone' : 'typed');
    fc.assert(
      fc.property(honestSupporter, (typed) => {
        expect(findCardData({supporter: typed}, phone)).toBeNull();
      }),
      {numRuns: 2000},
    );
  });

  it('would refuse the ad ids that pass the Luhn check, read as a person’s typing: which is why a machine’s values are not', () => {
    const passing = AD_IDS.filter((id) => id.passesLuhn);
    expect(new Set(passing.map((id) => id.platform))).toEqual(new Set(['Meta', 'Microsoft Ads', 'TikTok', 'X', 'Snapchat', 'Pinterest']));
    for (const id of passing) expect(findCardData({utm: {utm_content: id.value}})).toEqual(cardAt('utm.utm_content'));
    for (const id of AD_IDS.filter((one) => !one.passesLuhn)) expect(findCardData({utm: {utm_content: id.value}})).toBeNull();
    for (const {name, value} of CLICK_IDS)
      expect({name, value, found: findCardData({x: value}) !== null}).toEqual({name, value, found: readsAsCard(value)});
    const machine: ReadingOf = () => 'machine';
    for (const id of AD_IDS) expect(findCardData({utm: {utm_content: id.value}}, machine)).toBeNull();
  });
});

describe('findCardData, reading digits', () => {
  it.each([
    ['Devanagari digits', '४२४२४२४२४२४२४२४३'],
    ['Thai digits', '๔๒๔๒๔๒๔๒๔๒๔๒๔๒๔๓'],
    ['Arabic-Indic digits', '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٣'],
  ])('reads %s as the digits they are: a number that fails the Luhn check goes through', (_, number) => {
    expect(findCardData({note: number})).toBeNull();
    expect(findCardData({note: number.replace(/.$/, (last) => String.fromCodePoint(last.codePointAt(0)! - 1))})).toEqual(cardAt('note'));
  });

  it('reads a card number as whole groups, from any group: a digit glued on makes another number', () => {
    expect(findCardData({note: 'Unit 7, 4242 4242 4242 4242'})).toEqual(cardAt('note'));
    expect(findCardData({note: '94242424242424242'})).toBeNull();
    expect(findCardData({note: '7 94242424242424242'})).toBeNull();
    expect(findCardData({note: '4222222222222'})).toEqual(cardAt('note'));
    expect(findCardData({note: '6205500000000000004'})).toEqual(cardAt('note'));
    expect(findCardData({note: '62055000000000000040'})).toBeNull();
  });

  it('takes a number after a + for a phone number up to 15 digits, and after a word or at the start for what it is', () => {
    expect(findCardData({note: '+378282246310005'})).toBeNull();
    expect(findCardData({note: 'call + 3782 822463 10005'})).toBeNull();
    expect(findCardData({note: '378282246310005'})).toEqual(cardAt('note'));
    expect(findCardData({note: 'amex 378282246310005'})).toEqual(cardAt('note'));
    expect(findCardData({note: '+61 412 345 678 or 378282246310005'})).toEqual(cardAt('note'));
  });

  it('reads a key as typed, never as a phone field', () => {
    expect(findCardData({'00378282246310005': 1})).toEqual(cardAt('[key]'));
  });

  it('reads whole numbers only, and any value but a string ends a number written across fields', () => {
    expect(findCardData({n: 4.242424242424242})).toBeNull();
    expect(findCardData({n: 1, note: '4242424242424242'})).toEqual(cardAt('note'));
    expect(findCardData({a: '4242 4242 4242', n: null, b: '4242'})).toBeNull();
    expect(findCardData({a: '4242 4242 4242', n: 7, b: '4242'})).toBeNull();
    expect(findCardData({a: '4242 4242 4242', n: false, b: '4242'})).toBeNull();
    expect(findCardData({n: null, note: '4242424242424242'})).toEqual(cardAt('note'));
  });

  it('carries a number across as many values as it has digits', () => {
    // A 19-digit number none of whose shorter stretches passes the Luhn check, so only all nineteen values make it.
    const windows = (digits: string) =>
      [...digits].flatMap((_, i) => [13, 14, 15, 16, 17, 18].map((length) => digits.slice(i, i + length)));
    const [longest] = search(
      chars(DIGITS, 18).map((rest) => `4${rest}`),
      (digits) => luhn(digits) && !windows(digits).some((window) => window.length >= 13 && luhn(window)),
      1,
      19,
    ) as [string];
    const oneEach = Object.fromEntries([...longest].map((digit, i) => [`d${i}`, digit]));
    expect(findCardData(oneEach)).toEqual(cardAt(`${Object.keys(oneEach).slice(0, -1).join(', ')} and d18`));
    expect(findCardData({x: '1', ...oneEach})?.kind).toBe('card-data');
  });

  it('names only card fields: a key that starts or ends like one is not', () => {
    expect(findCardData({phoneNumber: 'x', expected: 'x', panel: 'x', ccEmail: 'x', discard: 'x', cardigan: 'x'})).toBeNull();
  });
});

describe('findCardData, at the limits', () => {
  it('counts every value, those still waiting to be read among them', () => {
    expect(findCardData({a: Array.from({length: BODY_LIMITS.values - 3}, () => 0), b: 0})).toBeNull();
    expect(findCardData({a: Array.from({length: BODY_LIMITS.values - 2}, () => 0), b: 0})).toEqual({kind: 'too-many-values'});
  });

  it('counts nesting in objects as in arrays', () => {
    const nested = (depth: number, inner: unknown): unknown => {
      let value = inner;
      for (let i = 0; i < depth; i += 1) value = {a: value};
      return value;
    };
    expect(findCardData(nested(BODY_LIMITS.depth, '4242 4242 4242 4242'))).toEqual(
      cardAt(Array.from({length: BODY_LIMITS.depth}, () => 'a').join('.')),
    );
    expect(findCardData(nested(BODY_LIMITS.depth + 1, 'x'))).toEqual({kind: 'too-deep'});
  });
});
