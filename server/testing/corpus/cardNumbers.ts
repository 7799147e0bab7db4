/**
 * Card numbers, and the ways people and scripts write them so that a search for a run of digits misses them. The
 * numbers are processors' published test numbers and numbers drawn in each network's ranges that pass the Luhn
 * check: none is anyone's card. Every one must be found in every disguise, in every field a person types into.
 */
import {luhn} from '../../../src/coral/contract/library';
import {INVISIBLES} from './invisibles';
import {chars, DIGITS, search} from './search';
import {fullWidth} from './typing';

export type CardNumber = {brand: string; digits: string};

/** Stripe's test card numbers (docs.stripe.com/testing), 13 to 19 digits. */
const TEST_NUMBERS: readonly CardNumber[] = [
  {brand: 'Visa', digits: '4242424242424242'},
  {brand: 'Visa debit', digits: '4000056655665556'},
  {brand: 'Visa (Australia)', digits: '4000000360000006'},
  {brand: 'Visa, 13 digits', digits: '4222222222222'},
  {brand: 'Mastercard', digits: '5555555555554444'},
  {brand: 'Mastercard 2-series', digits: '2223003122003222'},
  {brand: 'American Express', digits: '378282246310005'},
  {brand: 'American Express', digits: '371449635398431'},
  {brand: 'Discover', digits: '6011111111111117'},
  {brand: 'Diners Club', digits: '3056930009020004'},
  {brand: 'Diners Club, 14 digits', digits: '36227206271667'},
  {brand: 'JCB', digits: '3566002020360505'},
  {brand: 'UnionPay', digits: '6200000000000005'},
  {brand: 'UnionPay, 19 digits', digits: '6205500000000000004'},
];

/** Each network's leading digits and length, for numbers drawn in its range. */
const RANGES: ReadonlyArray<{brand: string; prefix: string; length: number}> = [
  {brand: 'Visa', prefix: '4', length: 16},
  {brand: 'Visa, 19 digits', prefix: '4', length: 19},
  {brand: 'Mastercard', prefix: '53', length: 16},
  {brand: 'Mastercard 2-series', prefix: '2720', length: 16},
  {brand: 'American Express', prefix: '34', length: 15},
  {brand: 'Discover', prefix: '65', length: 16},
  {brand: 'JCB', prefix: '3589', length: 16},
  {brand: 'Diners Club', prefix: '36', length: 14},
  {brand: 'UnionPay', prefix: '62', length: 17},
  {brand: 'Maestro', prefix: '6759', length: 18},
  {brand: 'eftpos Australia (co-badged)', prefix: '5019', length: 16},
];

export const CARD_NUMBERS: readonly CardNumber[] = [
  ...TEST_NUMBERS,
  ...RANGES.flatMap(({brand, prefix, length}, i) =>
    search(
      chars(DIGITS, length - prefix.length).map((rest) => `${prefix}${rest}`),
      luhn,
      2,
      i,
    ).map((digits) => ({brand, digits})),
  ),
];

/** The digits in another script whose zero is `zero`: Unicode's decimal digits run from 0 to 9. */
const inScript = (digits: string, zero: number) => digits.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));

/** The digits in groups of four (an American Express number as 4-6-5), joined by `between`. */
function grouped(digits: string, between: string): string {
  const sizes = digits.length === 15 ? [4, 6, 5] : [];
  const groups: string[] = [];
  for (let at = 0, i = 0; at < digits.length; i += 1) {
    const size = sizes[i] ?? 4;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(between);
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

export type Disguise = {name: string; write: (digits: string) => string};

export const DISGUISES: readonly Disguise[] = [
  {name: 'as one run', write: (digits) => digits},
  {name: 'spaces', write: (digits) => grouped(digits, ' ')},
  {name: 'dashes', write: (digits) => grouped(digits, '-')},
  {name: 'dots', write: (digits) => grouped(digits, '.')},
  {name: 'commas', write: (digits) => grouped(digits, ',')},
  {name: 'commas and spaces', write: (digits) => grouped(digits, ', ')},
  {name: 'slashes', write: (digits) => grouped(digits, '/')},
  {name: 'underscores', write: (digits) => grouped(digits, '_')},
  {name: 'middle dots', write: (digits) => grouped(digits, '·')},
  {name: 'bullets', write: (digits) => grouped(digits, ' • ')},
  {name: 'colons and semicolons', write: (digits) => grouped(digits, ':;')},
  {name: 'brackets and quotes', write: (digits) => grouped(digits, ')("')},
  {name: 'en dashes and a minus sign', write: (digits) => grouped(digits, '–\u2212')},
  {name: 'a comma after every digit', write: (digits) => [...digits].join(',')},
  ...INVISIBLES.map(({name, char}) => ({name: `${name} between groups`, write: (digits: string) => grouped(digits, char)})),
  {name: 'a zero-width space after every digit', write: (digits) => [...digits].join('\u200b')},
  {name: 'a soft hyphen and a zero-width joiner between groups', write: (digits) => grouped(digits, '\u00ad\u200d')},
  {name: 'full-width digits', write: fullWidth},
  {name: 'full-width digits and ideographic spaces', write: (digits) => fullWidth(grouped(digits, ' '))},
  {name: 'full-width digits and full-width commas', write: (digits) => fullWidth(grouped(digits, ','))},
  {name: 'full-width digits and zero-width spaces', write: (digits) => fullWidth(grouped(digits, '\u200b'))},
  {name: 'Arabic-Indic digits', write: (digits) => inScript(digits, 0x0660)},
  {name: 'Devanagari digits with commas', write: (digits) => grouped(inScript(digits, 0x0966), ',')},
  {name: 'mathematical bold digits', write: (digits) => inScript(digits, 0x1d7ce)},
  {name: 'superscript digits', write: (digits) => digits.replace(/\d/g, (digit) => SUPERSCRIPTS[Number(digit)]!)},
  {
    name: 'circled digits',
    write: (digits) => digits.replace(/\d/g, (digit) => (digit === '0' ? '⓪' : String.fromCodePoint(0x245f + Number(digit)))),
  },
  {name: 'keycap emoji', write: (digits) => digits.replace(/\d/g, (digit) => `${digit}\ufe0f\u20e3`)},
  {name: 'a strike-through mark on every digit', write: (digits) => digits.replace(/\d/g, (digit) => `${digit}\u0336`)},
  {
    name: 'mixed scripts and invisible characters',
    write: (digits) => grouped(digits, '\u200b').replace(/^\d{4}/, (first) => fullWidth(first)),
  },
];

/** What a supporter or a script writes around a number in a free text field. */
export const SURROUNDINGS: ReadonlyArray<(number: string) => string> = [
  (number) => number,
  (number) => `my card is ${number} thanks`,
  (number) => `card: ${number}`,
  (number) => `${number} exp 12/28 cvc 123`,
  (number) => `(${number})`,
  (number) => ` ${number} `,
];
