/**
 * What a published form's events may carry besides the form and the visitor: values a machine wrote (the form's
 * source code, the utm values of the page's address), never anything about a person that a mailing tool or a link
 * put where a utm value goes. The endpoint keeps only such values (`isMachineValue`); the page that sends events
 * leaves out what `MACHINE_VALUE` refuses, as the rest would not fit its budget. It imports nothing, so the page's
 * bundle carries the pattern alone.
 */

/** Letters, digits, spaces and `_ . , + - / |`, 1 to 100 of them: a utm value as a page reads one. */
export const MACHINE_VALUE = /^[\p{L}\p{N} _.,+\-/|]{1,100}$/u;

/**
 * What in a value says a person's details rather than a machine's: digits other than 0 to 9 (full-width, another
 * script's, superscript or circled, which no ad platform writes) or a character that shows nothing (a Hangul filler
 * is a letter); a phone after `+` or with its trunk 0 in one run
 * (`+61412345678`, `0412345678`); a card's number in one run, by a network's leading digits and length (ad platforms'
 * ids of 13 to 19 digits start with none of them at their lengths); a street number before a street's name and kind,
 * or a unit's, a level's, a lot's or a box's number (`12 Smith St`, `Unit 4`, `PO Box 1234`).
 */
const PERSONAL = [
  /[^\P{N}0-9]|\p{DI}/u,
  /\+ ?\d(?:[ .-]?\d){4}/,
  /(?<![\p{L}\d])0\d{8,10}(?!\d)/u,
  /(?<!\d)(?:4(?:\d{12}|\d{15}|\d{18})|[25]\d{15}|3[47]\d{13}|3[05689]\d{12,17}|6(?:011|4[4-9]\d|5\d\d|2\d\d)\d{12,15}|60\d{14}|6(?:304|759|76[1-3])\d{9,15}|8[12]\d{14})(?!\d)/,
  /(?<![\p{L}\d])\d[\d/-]*\p{L}? (?:[\p{L}.-]+ ){0,3}(?:st|sts|street|rd|road|ave?|avenue|dr|drive|pl|place|ln|lane|cres|crescent|ct|court|hwy|highway|pde|parade|tce|terrace|blvd|boulevard|cl|close|sq|square|gr|grove|cct|circuit|esp|esplanade|rue)(?!\p{L})/iu,
  /(?<!\p{L})(?:unit|level|lvl|suite|flat|apartment|apt|shop|lot|section|allotment|rd|(?:p\.? ?o\.?|gpo|locked|private) (?:box|bag))\.? ?\d/iu,
];

/** A date or a year's span, as campaign names carry them (`2026-06-30`, `30/06/2026`, `2026_06`, `2025-2026`). */
const DATE = /^(?:(?:19|20)\d\d[ _./-](?:\d\d?(?:[ _./-]\d\d?)?|(?:19|20)\d\d)|\d\d?[ _./-](?:\d\d?[ _./-])?(?:19|20)\d\d)$/;

/**
 * Whether the words of `value` hold a number written in groups as people write a phone's or a card's (`0412 345
 * 678`, `4242-4242-4242-4242`, `sms-921 2345`): two groups of at most 7 digits or more, 5 digits between them, that
 * are not a date. A word of digits joined by `_ . | / + -` is read whole once the words of letters at either end are
 * set aside; a word that mixes letters and digits is an id (a UUID's groups, `EOFY26`), and a group of 8 digits or
 * more an ad platform's (`120208…-180…`).
 */
function groupedNumber(value: string): boolean {
  let number: string[] = [];
  const ends = (): boolean => {
    const groups = number.join(' ').match(/\d+/g) ?? [];
    const short = groups.filter((group) => group.length <= 7);
    const found = short.length > 1 && short.join('').length >= 5 && !DATE.test(number.join(' '));
    number = [];
    return found;
  };
  for (const word of value.split(/[ ,]+/)) {
    const core = word.replace(/^(?:\p{L}+[_.|/-])+|(?:[_.|/-]\p{L}+)+$/gu, '');
    if (/^\+?\d+(?:[_.|/+-]+\d+)*$/.test(core)) number.push(core);
    else if (ends()) return true;
  }
  return ends();
}

/** Whether `value` is a machine's: the characters of a utm value, and nothing in it a person's details. */
export const isMachineValue = (value: string): boolean =>
  MACHINE_VALUE.test(value) && !PERSONAL.some((pattern) => pattern.test(value)) && !groupedNumber(value);

/**
 * The utm values a machine wrote, the rest (an email, a phone, a card's or a street's number) dropped: an event, a
 * gift and a signature keep the same ones, so each is credited to the same source, and none keeps a person's details.
 */
export function machineUtm<U extends Partial<Record<string, string>>>(utm: U): U {
  return Object.fromEntries(Object.entries(utm).filter(([, value]) => value !== undefined && isMachineValue(value))) as U;
}
