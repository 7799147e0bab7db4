/**
 * Finds anything in a request body that looks like card data. Card numbers
 * are never ours: Stripe.js sends them from the supporter's browser straight to
 * Stripe, so a body that carries one is refused whole, and the value is never
 * echoed or logged, only where it was. What it reads, and why a machine's
 * values are not read for numbers: server/README.md, "What the card-data
 * guard reads".
 */
import {luhn} from '../../src/coral/contract/library';

/**
 * How much of a body the search reads: an honest gift or signature is two or three levels deep and holds a
 * few dozen values. What lies beyond is not read, so the body is refused rather than let through unread.
 */
export const BODY_LIMITS = {depth: 32, values: 1000} as const;

/** Card data and where it was; or a body too deep or too big to be read through, refused as well. */
export type CardDataFinding = {kind: 'card-data'; at: string} | {kind: 'too-deep'} | {kind: 'too-many-values'};

// Keys a form or a script would use for card fields, in any case, with or without separators.
const CARD_KEY = /^(?:number|card|cards|cardnumber|ccnumber|cc|pan|cvc|cvv|cvc2|cvv2|csc|securitycode|expiry|exp|expmonth|expyear)$/;

/**
 * What people and scripts put between a card number's digits, all read past: any spacing, punctuation of every
 * kind (commas, dots, dashes, slashes, brackets, quotes), the minus sign, and what shows nothing: controls, format
 * characters (zero-width spaces and joiners, direction marks, the soft hyphen), combining marks and variation
 * selectors, every other default-ignorable code point, and the blank braille pattern. Tested one character at a time.
 */
const SEPARATOR = /[\s\p{P}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2212\u2800]/u;
const DECIMAL_DIGIT = /\p{Nd}/u;

// E.164 allows 15 digits after the +; a card number is never written after one.
const PHONE_DIGITS = 15;

/**
 * How many digits a number dialled abroad has after its international prefix (0011 from Australia, 00 from most
 * other places), as a phone field holds one; none when it has no such prefix.
 */
function afterInternationalPrefix(digits: string): number | null {
  if (digits.startsWith('0011')) return digits.length - 4;
  return digits.startsWith('00') ? digits.length - 2 : null;
}

/**
 * How a value is read: `typed`, as a person types it (every disguise undone, and a value of digits alone read on
 * into the next such value); `phone`, typed, but standing alone, with a number dialled abroad read as a phone
 * number; `machine`, written by a machine (an ad platform, the page's address, the campaign's config, Stripe), and
 * not read for card numbers at all. Its keys are read whatever the reading.
 */
export type Reading = 'typed' | 'phone' | 'machine';

/** The reading of the value at a path (its keys, and an array item's index as a string). */
export type ReadingOf = (path: readonly string[]) => Reading;

const everyValueTyped: ReadingOf = () => 'typed';

const isDecimalDigit = (codePoint: number): boolean => DECIMAL_DIGIT.test(String.fromCodePoint(codePoint));

/**
 * The ASCII digit a character stands for, or null. Unicode's decimal digits come in runs of ten from 0 to 9
 * (a stability policy), so a digit's value is its distance from the start of its run, modulo ten.
 */
function digitOf(char: string): string | null {
  if (!DECIMAL_DIGIT.test(char)) return null;
  const codePoint = char.codePointAt(0)!;
  let start = codePoint;
  while (isDecimalDigit(start - 1)) start -= 1;
  return String((codePoint - start) % 10);
}

/** A run of digits being read: its groups so far, whether a separator ended the last, and whether a + stood before it. */
type Run = {groups: string[]; separated: boolean; afterPlus: boolean};

/**
 * The runs of digits in a text, each as its groups were typed (digits between separators), read as a card
 * number would be: compatibility forms folded (full-width digits and punctuation), every decimal digit as its
 * ASCII one. A run after a + no longer than a phone number is a phone number, never a card, and is left out; in a
 * phone field, so is a number dialled abroad (00 or 0011, then no more than a phone number's digits).
 * `whole`: the text is one run and nothing else, so it may be a piece of a number written across fields.
 */
function digitsOf(text: string, phoneField = false): {runs: string[][]; whole: boolean} {
  const runs: string[][] = [];
  let run: Run | null = null;
  let afterPlus = false;
  let onlyDigits = true;
  const close = (ended: Run | null) => {
    if (ended === null) return;
    const digits = ended.groups.join('');
    const dialled = phoneField ? afterInternationalPrefix(digits) : null;
    const phone = (ended.afterPlus && digits.length <= PHONE_DIGITS) || (dialled !== null && dialled <= PHONE_DIGITS);
    if (!phone) runs.push(ended.groups);
  };
  for (const char of text.normalize('NFKC')) {
    const digit = digitOf(char);
    if (digit === null) {
      if (SEPARATOR.test(char)) {
        if (run !== null) run.separated = true;
        continue;
      }
      close(run);
      run = null;
      onlyDigits = false;
      afterPlus = char === '+';
    } else if (run === null) {
      run = {groups: [digit], separated: false, afterPlus};
    } else if (run.separated) {
      run.groups.push(digit);
      run.separated = false;
    } else {
      run.groups[run.groups.length - 1] += digit;
    }
  }
  close(run);
  return {runs, whole: onlyDigits && runs.length === 1};
}

/** A number written across runs: its digit groups, each with the path of the value it came from. */
type Piece = {digits: string; at: string};

/**
 * The first stretch of whole groups, 13 to 19 digits long, that passes the Luhn check, as every card number
 * does; null when there is none. The check spares the long numbers a person honestly types (a phone number and a
 * postcode, a unit and a street number) nine times in ten without letting a card through; the ids ad platforms
 * write, which pass it one time in ten as well, are machine values and never come here.
 */
function cardIn(pieces: readonly Piece[]): Piece[] | null {
  for (const start of pieces.keys()) {
    const stretch: Piece[] = [];
    for (const piece of pieces.slice(start)) {
      stretch.push(piece);
      const digits = stretch.map((one) => one.digits).join('');
      if (digits.length > 19) break;
      if (digits.length >= 13 && luhn(digits)) return stretch;
    }
  }
  return null;
}

/** A card number is at most 19 digits, so no more than 18 pieces before the next value's first digit can begin one. */
const CARRIED_PIECES = 18;

const normalisedKey = (key: string): string =>
  key
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * A key as an answer may name it: one that could hold part of a card number, or holds a control or format character
 * (a line break, a direction override) or a lone surrogate that would garble the answer or a log, is named `[key]`,
 * never echoed.
 */
function shownKey(key: string): string {
  let digits = 0;
  for (const char of key.normalize('NFKC')) if (digitOf(char) !== null) digits += 1;
  return key.length <= 64 && digits <= 4 && !/[\p{Cc}\p{Cf}\p{Cs}]/u.test(key) ? key : '[key]';
}

/** Where a value is, as an answer names it: its keys as `shownKey` shows them, joined by dots; `(body)` for the body itself. */
export const pathOf = (path: readonly string[]): string => (path.length === 0 ? '(body)' : path.map(shownKey).join('.'));

const cardAt = (found: readonly Piece[]): CardDataFinding => {
  const places = [...new Set(found.map((piece) => piece.at))];
  return {kind: 'card-data', at: places.length === 1 ? places[0]! : `${places.slice(0, -1).join(', ')} and ${places.at(-1)!}`};
};

const piecesOf = (groups: readonly string[], at: string): Piece[] => groups.map((digits) => ({digits, at}));

const firstCard = (runs: readonly string[][], at: string): CardDataFinding | null => {
  for (const groups of runs) {
    const found = cardIn(piecesOf(groups, at));
    if (found) return cardAt(found);
  }
  return null;
};

/** What is left to read: a value, where it is, how many containers hold it, and the key it sits under. */
type Pending = {value: unknown; path: string[]; depth: number; key?: string};

/**
 * The first card data in a body, in body order: a key named for a card field, a card number in a key or a
 * value, or one written across adjacent typed values that hold nothing but digits (an address line, then a
 * postcode). `readingOf` says how each value is read (`Reading`); every value is read as typed without it. Read
 * without recursion, as deep as `BODY_LIMITS.depth` and as many values as `BODY_LIMITS.values`; a body beyond
 * either is answered as such, never as clean.
 */
export function findCardData(body: unknown, readingOf: ReadingOf = everyValueTyped): CardDataFinding | null {
  const pending: Pending[] = [{value: body, path: [], depth: 0}];
  let read = 0;
  // The digits that close the last typed value read, when it held nothing else: the next such value may go on with them.
  let carried: Piece[] = [];
  while (pending.length > 0) {
    const {value, path, depth, key} = pending.pop()!;
    read += 1;
    if (key !== undefined) {
      if (CARD_KEY.test(normalisedKey(key))) return {kind: 'card-data', at: pathOf(path)};
      const found = firstCard(digitsOf(key).runs, pathOf(path));
      if (found) return found;
    }
    if (typeof value === 'string') {
      const reading = readingOf(path);
      if (reading === 'machine') {
        carried = [];
        continue;
      }
      const {runs, whole} = digitsOf(value, reading === 'phone');
      // A phone number stands alone: read on into a postcode, a mobile's ten digits would make a card's length.
      const joins = whole && reading === 'typed';
      const pieces = runs.map((groups) => piecesOf(groups, pathOf(path)));
      if (joins) pieces[0] = [...carried, ...pieces[0]!];
      for (const run of pieces) {
        const found = cardIn(run);
        if (found) return cardAt(found);
      }
      carried = joins ? pieces[0]!.slice(-CARRIED_PIECES) : [];
      continue;
    }
    if (value === null || typeof value !== 'object') {
      // Any other value between two strings ends what the first could carry into the second.
      carried = [];
      if (Number.isInteger(value)) {
        const found = firstCard(digitsOf(String(value)).runs, pathOf(path));
        if (found) return found;
      }
      continue;
    }
    if (depth + 1 > BODY_LIMITS.depth) return {kind: 'too-deep'};
    const entries: Array<[string | null, unknown]> = Array.isArray(value)
      ? value.map((item) => [null, item])
      : Object.entries(value as Record<string, unknown>);
    if (read + pending.length + entries.length > BODY_LIMITS.values) return {kind: 'too-many-values'};
    // Pushed last to first, so they are read in the body's order.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [name, item] = entries[i]!;
      pending.push(
        name === null
          ? {value: item, path: [...path, String(i)], depth: depth + 1}
          : {value: item, path: [...path, name], depth: depth + 1, key: name},
      );
    }
  }
  return null;
}
