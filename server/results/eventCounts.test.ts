/** The events' daily counts on every database: carried over from the visitors' rows kept before they were counted as kept. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {migrate, MIGRATIONS} from '../db/migrate';
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
});
