import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {normaliseMobile} from './phone';
import {hostileKey, hostileString, PROPERTY_TIMEOUT_MS, expectSafePrefill, expectWarningsFor} from '../testing';
import {URL_PARAMETERS} from '../docs';
import {parseUrlParams} from './urlParams';

const allowed = {
  frequencies: ['one-off', 'monthly'] as const,
  steps: ['amount', 'details', 'payment'] as const,
  mobile: (value: string) => normaliseMobile(value),
  country: 'AU',
};
const LISTED = URL_PARAMETERS.map((p) => p.name);

/** How many values were kept, the utm ones counted one by one. */
const kept = ({utm, ...rest}: {utm: object}) => Object.keys(rest).length + Object.keys(utm).length;

const hostileParams = fc.dictionary(fc.constantFrom(...LISTED), hostileString, {minKeys: 1});

describe('parseUrlParams, given hostile links', {timeout: PROPERTY_TIMEOUT_MS}, () => {
  it('keeps only checked values and warns once for each listed parameter it drops', () => {
    fc.assert(
      fc.property(hostileParams, (dict) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(dict)) search.set(name, value);
        const {values, warnings} = parseUrlParams(search, allowed);
        expectSafePrefill(values, allowed);
        expectWarningsFor(warnings, Object.keys(dict));
        expect(kept(values) + warnings.length).toBe(Object.keys(dict).length);
      }),
      {numRuns: 1000},
    );
  });

  it('lets nothing unchecked through from a query string, encoded or raw', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...LISTED), hostileString), {maxLength: 6}), fc.boolean(), (pairs, encode) => {
        // Raw, the text splits where a link would: at "&", "=", and decodes "%" and "+".
        const query = encode ? new URLSearchParams(pairs).toString() : pairs.map(([name, value]) => `${name}=${value}`).join('&');
        const {values, warnings} = parseUrlParams(`?${query}`, allowed);
        expectSafePrefill(values, allowed);
        expectWarningsFor(warnings, LISTED);
      }),
      {numRuns: 1000},
    );
  });

  it('ignores every parameter it does not list, whatever its name or value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          hostileKey.filter((name) => !(LISTED as string[]).includes(name)),
          hostileString,
        ),
        (dict) => {
          const search = new URLSearchParams();
          for (const [name, value] of Object.entries(dict)) search.set(name, value);
          expect(parseUrlParams(search, allowed)).toEqual({values: {utm: {}}, warnings: []});
        },
      ),
      {numRuns: 1000},
    );
  });
});
