/**
 * What an event may carry, held to the world's values: every source code and utm value ad platforms and staff write
 * is a machine's and kept; every email, phone, card number and street address, however it is written, is not, and an
 * event that carries one is kept without it. A gift's form reads utm values with the same characters.
 */
import {describe, expect, it} from 'vitest';
import {eventRequestSchema, isMachineValue, MACHINE_VALUE} from '../../src/coral/contract';
import {machineValuesOf} from './eventsRoute';
import {accept, UTM_PARAMS} from '../../src/coral/contract/library';
import {parseUrlParams} from '../../src/coral/shared/fields/core';
import {AD_IDS, COMBINED_AD_IDS} from '../testing/corpus/adIds';
import {CARD_NUMBERS, DISGUISES, SURROUNDINGS} from '../testing/corpus/cardNumbers';
import {LANDING_PAGES} from '../testing/corpus/clickIds';
import {ADDRESSES, EMAILS} from '../testing/corpus/people';
import {PHONES} from '../testing/corpus/phones';
import {SOURCE_CODES} from '../testing/corpus/tokens';
import {UTM_VALUES} from '../testing/corpus/utmValues';

/** Each utm value of a landing page's address, as the page reads it. */
const landingValues = LANDING_PAGES.flatMap((page) =>
  [...new URL(page).searchParams].filter(([name]) => name.startsWith('utm_')).map(([, value]) => value),
);

const MACHINE_VALUES = [...UTM_VALUES, ...AD_IDS.map((id) => id.value), ...COMBINED_AD_IDS, ...landingValues, ...SOURCE_CODES];

const CARDS = CARD_NUMBERS.flatMap(({digits}) => DISGUISES.flatMap(({write}) => SURROUNDINGS.map((around) => around(write(digits)))));
/** A street address with a number in it: one without ("Private Mail Bag, Apia") names no one's door. */
const STREETS = ADDRESSES.filter((address) => /\d/.test(address));
const PERSONAL = [...EMAILS, ...PHONES, '0412 345 678', '+61412345678', ...CARDS, ...STREETS];

const event = (change: Record<string, unknown>) => ({
  form: {id: 'reef', version: 1, variant: 'control'},
  kind: 'view',
  visitor: 'Vb3kQ9xZ1mT0pL7rN2sW4a',
  sinceLoad: 1840,
  ...change,
});

describe('a machine’s value', () => {
  it('is every utm value and source code ad platforms and staff write, ids of card lengths among them', () => {
    expect(MACHINE_VALUES.filter((value) => !isMachineValue(value))).toEqual([]);
    expect(AD_IDS.some((id) => id.passesLuhn)).toBe(true);
  });

  it('is no email, phone, card number or street address, however it is written', () => {
    expect(PERSONAL.filter(isMachineValue)).toEqual([]);
  });

  it('has the characters a gift’s form reads a utm value with, so a gift and an event take the same ones', () => {
    const mobile = () => accept('');
    const read = (value: string) =>
      parseUrlParams(new URLSearchParams({utm_campaign: value}), {frequencies: [], steps: [], mobile, country: 'AU'}).values.utm
        .utm_campaign;
    for (const value of [...MACHINE_VALUES, ...PERSONAL, 'x'.repeat(101), ' reef ', 'a\u200bb']) {
      expect(read(value) !== undefined, value).toBe(MACHINE_VALUE.test(value.trim()));
    }
  });
});

describe('an event’s values', () => {
  it('are kept when a machine’s, from every landing page', () => {
    for (const page of LANDING_PAGES) {
      const search = new URL(page).searchParams;
      const utm = Object.fromEntries(UTM_PARAMS.flatMap((name) => (search.has(name) ? [[name, search.get(name)!]] : [])));
      expect(machineValuesOf(eventRequestSchema.parse(event({source: 'EOFY26-FB-PROSPECT', utm})))).toMatchObject({
        source: 'EOFY26-FB-PROSPECT',
        utm,
      });
    }
  });

  it('are dropped when not a machine’s, and the event kept without them', () => {
    const sent = event({
      source: 'ada@example.org',
      utm: {
        utm_source: 'newsletter',
        utm_medium: '0412 345 678',
        utm_campaign: 'reef-2026',
        utm_content: '1 Main St',
        utm_term: '+61412345678',
      },
    });
    const parsed = machineValuesOf(eventRequestSchema.parse(sent));
    expect(parsed).toMatchObject({kind: 'view', utm: {utm_source: 'newsletter', utm_campaign: 'reef-2026'}});
    expect(parsed.source).toBeUndefined();
    expect(Object.keys(parsed.utm).sort()).toEqual(['utm_campaign', 'utm_source']);
    for (const value of PERSONAL.slice(0, 200)) {
      const one = eventRequestSchema.safeParse(event({source: value.slice(0, 40), utm: {utm_campaign: value}}));
      const kept = one.success ? machineValuesOf(one.data) : null;
      expect(kept !== null && kept.utm.utm_campaign === undefined && kept.source === undefined, value).toBe(true);
    }
  });
});
