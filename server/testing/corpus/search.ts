/**
 * How the corpus draws values of a shape: with fast-check, from a fixed seed and without its bias towards small
 * values, so every run meets the same values, spread as real ones are, and a failure names one that can be read
 * again; and by search, so a value with a property (an ad id that passes the Luhn check) is found among honest draws
 * of its shape rather than written to have it.
 */
import fc from 'fast-check';
import {luhn} from '../../../src/coral/contract/library';

export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Text of `min` to `max` characters from `alphabet`. */
export const chars = (alphabet: string, min: number, max = min): fc.Arbitrary<string> =>
  fc.string({unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max});

/** A version 4 UUID, as Snapchat and LinkedIn write their ids. */
export const uuid = (): fc.Arbitrary<string> => fc.uuid({version: 4});

/** The first `count` draws of `shape` (from `seed`) for which `keep` holds. */
export function search<T>(shape: fc.Arbitrary<T>, keep: (value: T) => boolean, count: number, seed: number): T[] {
  return fc.sample(fc.noBias(shape).filter(keep), {seed, numRuns: count});
}

/**
 * Whether `text`, read as a person's typing, holds what the card-data guard takes for a card number: a stretch of
 * whole digit groups (the digits between dashes, in a run of digits and dashes), 13 to 19 digits in all, that
 * passes the Luhn check. For ids of digits, letters and dashes only.
 */
export function readsAsCard(text: string): boolean {
  return text.split(/[^0-9-]+/).some((run) => {
    const groups = run.split('-').filter((group) => group !== '');
    return groups.some((_, start) => {
      let digits = '';
      return groups.slice(start).some((group) => {
        digits += group;
        return digits.length >= 13 && digits.length <= 19 && luhn(digits);
      });
    });
  });
}
