import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import * as zod from 'zod/mini';
import {isUtcInstant} from './instant';

/** The gift hand-off's date check once was zod's ISO date-time format with its defaults: the lighter check must agree with it. */
const isoDateTime = zod.iso.datetime();
const agrees = (text: string) => expect(isUtcInstant(text), text).toBe(isoDateTime.safeParse(text).success);

const padded = (width: number, max: number) => fc.integer({min: 0, max}).map((n) => String(n).padStart(width, '0'));

describe('isUtcInstant', () => {
  it('takes what toISOString writes, with or without fractions of a second', () => {
    expect(isUtcInstant('2026-03-01T09:30:00.250Z')).toBe(true);
    expect(isUtcInstant('2026-03-01T09:30:00Z')).toBe(true);
    expect(isUtcInstant('2024-02-29T23:59:59.5Z')).toBe(true);
    expect(isUtcInstant('2000-02-29T00:00:00Z')).toBe(true);
    expect(isUtcInstant('0050-01-15T00:00:00Z')).toBe(true);
  });

  it('refuses days and times no calendar has, offsets, local times and missing seconds', () => {
    for (const text of [
      '2025-02-29T10:00:00Z',
      '1900-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-00-10T10:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:60Z',
      '2026-03-01T10:00Z',
      '2026-03-01T10:00:00',
      '2026-03-01T10:00:00+10:00',
      '2026-03-01 10:00:00Z',
      '2026-03-01T10:00:00.Z',
      ' 2026-03-01T10:00:00Z',
      '2026-03-01t10:00:00Z',
    ]) {
      expect(isUtcInstant(text), text).toBe(false);
      agrees(text);
    }
  });

  it('agrees with the ISO date-time format on any year, month, day and time', () => {
    fc.assert(
      fc.property(
        padded(4, 9999),
        padded(2, 14),
        padded(2, 33),
        padded(2, 25),
        padded(2, 61),
        padded(2, 61),
        fc.constantFrom('', '.5', '.250', '.123456789'),
        (year, month, day, hours, minutes, seconds, fraction) => {
          agrees(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}${fraction}Z`);
        },
      ),
      {numRuns: 3000},
    );
  });

  it('agrees on leap days across the centuries, year 0 included', () => {
    for (let year = 0; year <= 2400; year += 4) agrees(`${String(year).padStart(4, '0')}-02-29T12:00:00Z`);
    for (let year = 1; year <= 2401; year += 4) agrees(`${String(year).padStart(4, '0')}-02-29T12:00:00Z`);
  });
});
