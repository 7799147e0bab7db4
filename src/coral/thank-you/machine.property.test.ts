import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {FREQUENCIES} from '../shared/money';
import {hostileKey, hostileString, INVISIBLE, MARKUP, PROPERTY_TIMEOUT_MS, expectWarningsFor} from '../shared/testing';
import {parseGiftParams} from './derive';
import {THANK_YOU_URL_PARAMETERS} from './reference';

const READ = THANK_YOU_URL_PARAMETERS.map((p) => p.name);
const PERSONAL = ['first_name', 'last_name', 'email', 'phone', 'postcode', 'name'];

describe('parseGiftParams, given hostile links', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('keeps only a checked amount, frequency and reference, and warns once for each it drops', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...READ, ...PERSONAL), hostileString, {minKeys: 1}), (dict) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(dict)) search.set(name, value);
        const {values, warnings} = parseGiftParams(search);

        expect(Object.keys(values).every((key) => ['amount', 'frequency', 'reference'].includes(key))).toBe(true);
        if (values.amount !== undefined) {
          expect(Number.isSafeInteger(values.amount)).toBe(true);
          expect(values.amount).toBeGreaterThan(0);
          expect(values.amount).toBeLessThanOrEqual(100_000_000);
        }
        if (values.frequency !== undefined) expect(FREQUENCIES).toContain(values.frequency);
        if (values.reference !== undefined) {
          expect(values.reference).not.toMatch(MARKUP);
          expect(values.reference).not.toMatch(INVISIBLE);
          expect(values.reference).toMatch(/^[A-Za-z0-9][\w-]{0,63}$/);
        }

        const given = Object.keys(dict).filter((name) => (READ as string[]).includes(name));
        expectWarningsFor(warnings, given);
        expect(Object.keys(values).length + warnings.length).toBe(given.length);
      }),
      {numRuns: 1000},
    );
  });

  it('reads nothing from parameters it does not list, whatever their name or value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          hostileKey.filter((name) => !(READ as string[]).includes(name)),
          hostileString,
        ),
        (dict) => {
          const search = new URLSearchParams();
          for (const [name, value] of Object.entries(dict)) search.set(name, value);
          expect(parseGiftParams(search)).toEqual({values: {}, warnings: []});
        },
      ),
      {numRuns: 1000},
    );
  });

  it('never throws on a raw query string', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...READ), hostileString), {maxLength: 4}), (pairs) => {
        const {values, warnings} = parseGiftParams(`?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`);
        expectWarningsFor(warnings, READ);
        if (values.reference !== undefined) expect(values.reference).toMatch(/^[A-Za-z0-9][\w-]{0,63}$/);
      }),
      {numRuns: 1000},
    );
  });
});
