/**
 * The limits on a published form's events, figure by figure: per visitor id, per address, per address for one
 * variant's kind, and for each variant per minute from everyone, counted so that no one client spends the others'
 * share, with an address and without one.
 */
import {describe, expect, it} from 'vitest';
import type {EventRequest} from '../../src/coral/contract';
import {NOW_MS, TEST_GUARD} from '../testing/fixtures';
import {createMemoryGiftStore} from '../testing/memoryStore';
import {parseAddress} from '../http';
import {createGuard, EVENTS_PER_ADDRESS, EVENTS_PER_VARIANT_PER_ADDRESS, EVENTS_PER_VARIANT_PER_MINUTE, EVENTS_PER_VISITOR} from './guard';

let visitors = 0;
/** A visitor id as a page makes one; a new one each call. */
const newVisitor = () => `visitor${String((visitors += 1)).padStart(12, '0')}`;

const event = (change: Partial<EventRequest> = {}): EventRequest => ({
  form: {id: 'reef', version: 1, variant: 'control'},
  kind: 'view',
  visitor: newVisitor(),
  sinceLoad: 1200,
  utm: {},
  ...change,
});

/** The `n`th address of a network the size of a city's households. */
const household = (n: number) => parseAddress(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)!;
const SCHOOL = parseAddress('203.0.113.7')!;

function eventGuard() {
  let seconds = NOW_MS / 1000;
  const guard = createGuard({settings: TEST_GUARD, store: createMemoryGiftStore(), stripe: null, seconds: () => seconds});
  /** How many of `events` (with their addresses) are let through. */
  const through = async (events: Iterable<[EventRequest, ReturnType<typeof household> | null]>) => {
    let passed = 0;
    for (const [one, address] of events) if ((await guard.limitEvents(one, address)) === null) passed += 1;
    return passed;
  };
  return {guard, through, later: (by: number) => (seconds += by)};
}

const times = <T>(count: number, make: (i: number) => T): T[] => Array.from({length: count}, (_, i) => make(i));

describe('the limits on a published form’s events', () => {
  it(`lets one visitor id send ${EVENTS_PER_VISITOR} events in a window, and another visitor on the same address go on`, async () => {
    const {guard, through} = eventGuard();
    const visitor = newVisitor();
    const forms = times(EVENTS_PER_VISITOR, (i) => event({visitor, form: {id: `form-${i % 12}`, version: 1}, kind: 'start'}));
    expect(await through(forms.map((one) => [one, SCHOOL]))).toBe(EVENTS_PER_VISITOR);
    expect(await guard.limitEvents(event({visitor}), SCHOOL)).toEqual({
      status: 429,
      body: {status: 'rejected', reason: 'rate-limited', retryAfter: TEST_GUARD.windowSeconds},
    });
    expect(await guard.limitEvents(event(), SCHOOL)).toBeNull();
  });

  it(`lets one address count ${EVENTS_PER_VARIANT_PER_ADDRESS} of a variant's events of one kind in a window, and no more`, async () => {
    const {guard, through} = eventGuard();
    const views = times(EVENTS_PER_VARIANT_PER_ADDRESS + 50, () => event());
    expect(await through(views.map((one) => [one, SCHOOL]))).toBe(EVENTS_PER_VARIANT_PER_ADDRESS);
    // Its other kinds, the other variant, another version and another address are each counted apart.
    expect(await guard.limitEvents(event({kind: 'start'}), SCHOOL)).toBeNull();
    expect(await guard.limitEvents(event({form: {id: 'reef', version: 1, variant: 'higher-asks'}}), SCHOOL)).toBeNull();
    expect(await guard.limitEvents(event({form: {id: 'reef', version: 2, variant: 'control'}}), SCHOOL)).toBeNull();
    expect(await guard.limitEvents(event(), household(1))).toBeNull();
  });

  it(`lets one address send ${EVENTS_PER_ADDRESS} events in a window to every form together`, async () => {
    const {guard, through} = eventGuard();
    // A school's visitors on many forms, each form's variant within the address's share of it.
    const spread = times(EVENTS_PER_ADDRESS, (i) => event({form: {id: `form-${i % 40}`, version: 1}}));
    expect(await through(spread.map((one) => [one, SCHOOL]))).toBe(EVENTS_PER_ADDRESS);
    expect(await guard.limitEvents(event({form: {id: 'form-new', version: 1}}), SCHOOL)).toMatchObject({status: 429});
    expect(await guard.limitEvents(event(), household(1))).toBeNull();
  });

  it(`lets a variant take ${EVENTS_PER_VARIANT_PER_MINUTE} events a minute from everyone, then again the next minute`, async () => {
    const {guard, through, later} = eventGuard();
    const crowd = times(EVENTS_PER_VARIANT_PER_MINUTE, (i): [EventRequest, ReturnType<typeof household>] => [event(), household(i)]);
    expect(await through(crowd)).toBe(EVENTS_PER_VARIANT_PER_MINUTE);
    expect(await guard.limitEvents(event(), household(EVENTS_PER_VARIANT_PER_MINUTE))).toEqual({
      status: 429,
      body: {status: 'rejected', reason: 'rate-limited', retryAfter: 60},
    });
    expect(await guard.limitEvents(event({form: {id: 'reef', version: 1, variant: 'higher-asks'}}), household(0))).toBeNull();
    later(60);
    expect(await guard.limitEvents(event(), household(EVENTS_PER_VARIANT_PER_MINUTE))).toBeNull();
  });

  it('spends nothing of a variant’s minute for the others on what one address sends past its own share', async () => {
    const {through} = eventGuard();
    const flood = times(EVENTS_PER_VARIANT_PER_MINUTE, (): [EventRequest, ReturnType<typeof household>] => [event(), SCHOOL]);
    expect(await through(flood)).toBe(EVENTS_PER_VARIANT_PER_ADDRESS);
    const others = EVENTS_PER_VARIANT_PER_MINUTE - EVENTS_PER_VARIANT_PER_ADDRESS;
    expect(await through(times(others, (i): [EventRequest, ReturnType<typeof household>] => [event(), household(i)]))).toBe(others);
  });

  it('holds a visitor id and a variant’s minute where the host gives no address, and nothing per address', async () => {
    const {guard, through} = eventGuard();
    const visitor = newVisitor();
    const kinds = times(EVENTS_PER_VISITOR, (i) => event({visitor, form: {id: `form-${i}`, version: 1}}));
    expect(await through(kinds.map((one) => [one, null]))).toBe(EVENTS_PER_VISITOR);
    expect(await guard.limitEvents(event({visitor}), null)).toMatchObject({status: 429});
    // New visitor ids: past any one address's share, up to the variant's minute.
    const fresh = times(EVENTS_PER_VARIANT_PER_MINUTE + 10, (): [EventRequest, null] => [event(), null]);
    expect(await through(fresh)).toBe(EVENTS_PER_VARIANT_PER_MINUTE);
  });
});
