/**
 * CORAL_RECEIPTS: what the organisation's receipts and statements say, and when they go. The organisation writes
 * its own words on tax for each country; Coral writes none, so the default says nothing about deductibility.
 */
import * as zod from 'zod/mini';
import {COUNTRIES} from '../../src/coral/contract/library';
import type {Issuer} from './documents';

/** The month each country's financial year starts in: Australia's in July, New Zealand's in April; others the calendar's. */
export const YEAR_STARTS: Readonly<Record<string, number>> = {AU: 7, NZ: 4};

export const REGULAR_RECEIPTS = ['each', 'monthly'] as const;

const country = zod.string().check(zod.refine((code) => COUNTRIES.includes(code), 'expected a country code such as AU, NZ or FJ'));

const receiptsSchema = zod.strictObject({
  legalName: zod.string().check(zod.trim(), zod.minLength(2, 'expected the organisation’s legal name, as registered')),
  number: zod
    .string()
    .check(zod.trim(), zod.minLength(2, 'expected the ABN or charity number, as a receipt states it: "ABN 51 824 753 556"')),
  address: zod.optional(zod.string().check(zod.trim(), zod.maxLength(200))),
  timeZone: zod._default(
    zod.string().check(
      zod.refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', {timeZone: zone});
          return true;
        } catch {
          return false;
        }
      }, 'expected an IANA time zone such as Australia/Sydney or Pacific/Auckland'),
    ),
    'Australia/Sydney',
  ),
  country: zod._default(country, 'AU'),
  regularGifts: zod._default(zod.enum(REGULAR_RECEIPTS), 'each'),
  taxWords: zod._default(zod.record(country, zod.string().check(zod.trim(), zod.minLength(1), zod.maxLength(600))), {}),
  yearStarts: zod._default(zod.record(country, zod.number().check(zod.int(), zod.gte(1), zod.lte(12))), {}),
});

/** What the receipts and statements take from the settings. */
export type ReceiptRules = {
  issuer: Issuer;
  /** The organisation's own country: its financial year is a supporter's whose country was not recorded. */
  country: string;
  /** A receipt for each payment of a regular gift, or one a month for all of a gift's payments in it. */
  regularGifts: (typeof REGULAR_RECEIPTS)[number];
  /** Each country's words on tax, as the organisation wrote them. */
  taxWords: Readonly<Record<string, string>>;
  /** The month each country's financial year starts in (1 to 12), over YEAR_STARTS. */
  yearStarts: Readonly<Record<string, number>>;
};

/** What is wrong, in words: the schema's own where it has them, else what the key takes. */
function problemOf(issue: zod.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')} is not a key it takes`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_key':
      return issue.issues.map((inner) => inner.message).join('; ');
    case 'invalid_type':
      return `expected ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
    default:
      return issue.message;
  }
}

/** Reads CORAL_RECEIPTS' JSON; answers the rules, or a line naming each key that is wrong and why. */
export function parseReceiptRules(input: unknown, supporterPage: string | null): ReceiptRules | string {
  const read = zod.safeParse(receiptsSchema, input);
  if (!read.success) {
    return read.error.issues
      .map((issue) => {
        const path = issue.path.map(String).join('.');
        return `CORAL_RECEIPTS${path ? `.${path}` : ''}: ${problemOf(issue)}`;
      })
      .join('; ');
  }
  const {legalName, number, address, timeZone, country, regularGifts, taxWords, yearStarts} = read.data;
  return {
    issuer: {legalName, number, address: address || null, supporterPage, timeZone},
    country,
    regularGifts,
    taxWords,
    yearStarts: {...YEAR_STARTS, ...yearStarts},
  };
}
