/**
 * How the corpus draws values of a shape: from a fixed pseudo-random sequence, so every run meets the same values
 * and a failure names one that can be read again, and by search, so a value with a property (an ad id that passes
 * the Luhn check) is found among honest draws of its shape rather than written to have it.
 */
import {luhn} from '../../../src/coral/contract/library';

/** Mulberry32: a small, fixed sequence of numbers in [0, 1) from a seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` characters drawn from `alphabet`. */
export const drawn = (next: () => number, alphabet: string, count: number): string =>
  Array.from({length: count}, () => alphabet[Math.floor(next() * alphabet.length)]!).join('');

export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A version 4 UUID, as Snapchat and LinkedIn write their ids. */
export function uuid(next: () => number): string {
  const hex = drawn(next, HEX, 30);
  const variant = '89ab'[Math.floor(next() * 4)]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(12, 15)}-${variant}${hex.slice(15, 18)}-${hex.slice(18, 30)}`;
}

/** The first `count` draws of `make` for which `keep` holds; throws when `limit` draws find too few, so a search never passes empty. */
export function search<T>(make: () => T, keep: (value: T) => boolean, count: number, limit = 1_000_000): T[] {
  const found: T[] = [];
  for (let i = 0; i < limit && found.length < count; i += 1) {
    const value = make();
    if (keep(value)) found.push(value);
  }
  if (found.length < count) throw new Error(`the search found ${found.length} of ${count} values in ${limit} draws`);
  return found;
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
