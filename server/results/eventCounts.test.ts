/**
 * The events' daily counts on every database: carried over from the visitors' rows kept before they were counted as
 * kept, and rid of the values kept before the endpoint kept only a machine's.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {isMachineValue} from '../../src/coral/contract';
import {scrubEventValues} from '../db';
import {migrate, MIGRATIONS} from '../schema';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {foldEvents, recordEvent} from './events';
import {readFigures} from './read';

describe.each(DATABASES)('the events’ counts on $name', ({create}) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await create();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('carries over the visitors’ rows and the folded counts kept before events were counted as kept', async () => {
    await test.db.script('drop schema public cascade; create schema public');
    // A database as it was before: visitors' rows, and counts folded from older ones.
    const before = MIGRATIONS.slice(
      0,
      MIGRATIONS.findIndex((migration) => migration.sql.includes('counted by day as it is kept')),
    );
    expect(before.at(-1)?.name).toBe('0011_results_sessions');
    await migrate(test.db, before);
    const row = (visitor: string, kind: string, day: string) =>
      test.db.query(
        `insert into form_events (form, version, variant, kind, visitor, day, source) values ('reef', 1, 'control', $1, $2, $3::date, 'EDM-NOV')`,
        [kind, visitor, day],
      );
    // Two visitors of September folded, as the fold then did: their count kept, their rows gone.
    await test.db.query(
      `insert into form_event_days (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, visitors)
       values ('reef', 1, 'control', 'view', '2025-09-01', 'EDM-NOV', '', '', '', 2)`,
    );
    await row('Qm4nT8vX2cL6pR0sZ9wB3k', 'view', '2025-09-01');
    await row('Qm4nT8vX2cL6pR0sZ9wB3k', 'start', '2025-09-01');
    await row('Jd5hK1rY7uE3oW9qA2zF6m', 'view', '2025-12-30');

    await migrate(test.db);
    const figures = async () => (await readFigures(test.db, 'reef')).variants.map((each) => ({variant: each.variant, events: each.events}));
    const counted = [{variant: 'control', events: {view: 4, start: 1, submit: 0, done: 0, failed: 0}}];
    expect(await figures()).toEqual(counted);
    expect((await readFigures(test.db, 'reef')).days).toEqual([
      {day: '2025-09-01', visitors: 3, gifts: 0, raisedCents: 0, signatures: 0},
      {day: '2025-12-30', visitors: 1, gifts: 0, raisedCents: 0, signatures: 0},
    ]);
    // Folding drops the ids and counts nothing twice; a new visitor is counted as kept, a repeat not at all.
    expect(await foldEvents(test.db, '2025-10-01')).toBe(2);
    const visit = {
      form: {id: 'reef', version: 1, variant: 'control'},
      kind: 'view',
      visitor: 'Jd5hK1rY7uE3oW9qA2zF6m',
      sinceLoad: 900,
      utm: {},
    } as const;
    expect(await recordEvent(test.db, visit, '2025-12-31')).toBe(false);
    expect(await recordEvent(test.db, {...visit, visitor: 'Hs8gN2bV5xC1mQ7tL4yP0e'}, '2025-12-31')).toBe(true);
    expect(await figures()).toEqual([{variant: 'control', events: {view: 5, start: 1, submit: 0, done: 0, failed: 0}}]);
  });

  it('drops the values kept before only a machine’s were, adding each count to the one it then coincides with', async () => {
    await test.db.script('drop schema public cascade; create schema public');
    const before = MIGRATIONS.filter((migration) => migration.version < 13);
    expect(before.at(-1)?.name).toBe('0012_event_counts');
    await migrate(test.db, before);
    // Kept as the endpoint kept any text then: a phone, an email, a card's and a street's number beside a machine's values.
    const visit = (visitor: string, source: string, utm: Record<string, string>, day = '2025-12-30') =>
      recordEvent(test.db, {form: {id: 'reef', version: 1, variant: 'control'}, kind: 'view', visitor, sinceLoad: 900, source, utm}, day);
    await visit('Qm4nT8vX2cL6pR0sZ9wB3k', 'EDM-NOV', {utm_campaign: 'reef-2026'});
    await visit('Jd5hK1rY7uE3oW9qA2zF6m', '', {utm_campaign: 'reef-2026'});
    await visit('Hs8gN2bV5xC1mQ7tL4yP0e', 'ada@example.org', {utm_campaign: 'reef-2026'});
    await visit('Vb3kQ9xZ1mT0pL7rN2sW4a', 'EDM-NOV', {});
    await visit('a7Kq2Lm9Xp4Rt8Zs1Nv6Bw', 'EDM-NOV', {utm_campaign: '0412 345 678', utm_source: 'facebook'});
    await visit('Zr6tY3uI8oP1aS5dF0gH2j', 'EDM-NOV', {utm_source: 'facebook'});
    await visit('Ke4wQ7eR1tY9uI3oP6aS8d', 'EDM-NOV', {utm_medium: '4242-4242-4242-4242', utm_campaign: '12 Smith St'});
    // Counts of visitors' rows folded already: only the count holds the value.
    await test.db.query(
      `insert into form_event_days (form, version, variant, kind, day, source, utm_source, utm_medium, utm_campaign, visitors)
       values ('reef', 1, 'control', 'view', '2025-09-01', '', '', '+61412345678', 'reef-2026', 5),
              ('reef', 1, 'control', 'view', '2025-09-01', '', '', '', 'reef-2026', 2)`,
    );
    const visitors = async () => (await figures()).reduce((sum, each) => sum + each.events.view, 0);
    const figures = async () => (await readFigures(test.db, 'reef')).variants;
    expect(await visitors()).toBe(14);

    expect(await migrate(test.db)).toEqual(expect.arrayContaining(['0013_machine_event_values']));
    const values = 'source, utm_source, utm_medium, utm_campaign';
    expect(await test.db.query(`select day::text, ${values}, visitors from form_event_days order by day, ${values}`)).toEqual([
      {day: '2025-09-01', source: '', utm_source: '', utm_medium: '', utm_campaign: 'reef-2026', visitors: 7},
      {day: '2025-12-30', source: '', utm_source: '', utm_medium: '', utm_campaign: 'reef-2026', visitors: 2},
      {day: '2025-12-30', source: 'EDM-NOV', utm_source: '', utm_medium: '', utm_campaign: '', visitors: 2},
      {day: '2025-12-30', source: 'EDM-NOV', utm_source: '', utm_medium: '', utm_campaign: 'reef-2026', visitors: 1},
      {day: '2025-12-30', source: 'EDM-NOV', utm_source: 'facebook', utm_medium: '', utm_campaign: '', visitors: 2},
    ]);
    expect(
      await test.db.query(`select visitor, ${values} from form_events where visitor in ($1, $2, $3) order by visitor`, [
        'Hs8gN2bV5xC1mQ7tL4yP0e',
        'Ke4wQ7eR1tY9uI3oP6aS8d',
        'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw',
      ]),
    ).toEqual([
      {visitor: 'Hs8gN2bV5xC1mQ7tL4yP0e', source: '', utm_source: '', utm_medium: '', utm_campaign: 'reef-2026'},
      {visitor: 'Ke4wQ7eR1tY9uI3oP6aS8d', source: 'EDM-NOV', utm_source: '', utm_medium: '', utm_campaign: ''},
      {visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw', source: 'EDM-NOV', utm_source: 'facebook', utm_medium: '', utm_campaign: ''},
    ]);
    expect(await visitors()).toBe(14);
    // Nothing is left for the rule to drop, and a database migrated already applies nothing again.
    expect(await scrubEventValues(test.db, (value) => !isMachineValue(value))).toBe(0);
    expect(await migrate(test.db)).toEqual([]);
  });
});
