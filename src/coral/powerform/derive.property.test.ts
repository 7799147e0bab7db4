import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {loadMobileChecks} from '../shared/fields';
import {hostileKey, hostileString, PROPERTY_TIMEOUT_MS, expectSafePrefill, expectWarningsFor} from '../shared/testing';
import {POWERFORM_URL_PARAMS, readPrefill} from './derive';

const {normaliseMobile} = await loadMobileChecks();

const mobile = (value: string) => normaliseMobile(value);
const OURS: readonly string[] = POWERFORM_URL_PARAMS;
const DONATE_ONLY = ['amount', 'frequency', 'step'];
const none = {frequencies: [], steps: []};

describe('readPrefill, given hostile links', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('keeps only checked details and utm values, never a donate form’s, and warns once for each it drops', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...OURS, ...DONATE_ONLY), hostileString, {minKeys: 1}), (dict) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(dict)) search.set(name, value);
        const {values, warnings} = readPrefill(search, mobile, 'AU');

        expect(values.amount).toBeUndefined();
        expect(values.frequency).toBeUndefined();
        expect(values.step).toBeUndefined();
        expectSafePrefill(values, none);

        const given = Object.keys(dict).filter((name) => OURS.includes(name));
        expectWarningsFor(warnings, given);
        const {utm, ...details} = values;
        expect(Object.keys(details).length + Object.keys(utm).length + warnings.length).toBe(given.length);
      }),
      {numRuns: 1000},
    );
  });

  it('reads nothing from parameters it does not list, whatever their name or value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          hostileKey.filter((name) => !OURS.includes(name)),
          hostileString,
        ),
        (dict) => {
          const search = new URLSearchParams();
          for (const [name, value] of Object.entries(dict)) search.set(name, value);
          expect(readPrefill(search, mobile, 'AU')).toEqual({values: {utm: {}}, warnings: []});
        },
      ),
      {numRuns: 1000},
    );
  });

  it('lets nothing unchecked through from a raw query string', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...OURS, ...DONATE_ONLY), hostileString), {maxLength: 6}), (pairs) => {
        const {values, warnings} = readPrefill(`?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`, mobile, 'AU');
        expectSafePrefill(values, none);
        expectWarningsFor(warnings, OURS);
      }),
      {numRuns: 1000},
    );
  });
});
