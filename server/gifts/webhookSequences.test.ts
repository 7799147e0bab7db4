/**
 * POST /webhooks/stripe against whole sequences of Stripe's events (testing/corpus/stripeEvents.ts), signed as
 * Stripe signs them: delivered in Stripe's order, in reverse, and each twice, every sequence leaves the same
 * records, and the export the same latest outcome, on every database.
 */
import {parse} from 'csv-parse/sync';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from '../records';
import {STRIPE_SEQUENCES, type StripeSequence} from '../testing/corpus/stripeEvents';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, post} from '../testing/fixtures';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';
import type {Json} from '../testing/stripeValues';

/** Obviously fake, as every secret in a test must be. */
const EXPORT_TOKEN = 'export-token-for-tests-only-0000000000';
const START = 1_767_225_600;

/** Each way the events may arrive: as Stripe sent them, newest first, and every one of them twice. */
const ORDERS: Record<string, (events: Json[]) => Json[]> = {
  'in Stripe’s order': (events) => events,
  reversed: (events) => [...events].reverse(),
  'each delivered twice': (events) => [...events, ...[...events].reverse()],
};

describe.each(DATABASES)('Stripe’s event sequences on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let now: number;
  let handler: ReturnType<typeof makeHandler>['handler'];

  beforeEach(async () => {
    now = START;
    [test, stripe] = await Promise.all([create(), startStripeStandIn({clock: () => now})]);
    handler = makeHandler(stripe, {store: createPgStore(test.db, {outbox: true}), db: test.db, exportToken: EXPORT_TOKEN}).handler;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close()]);
  });

  async function sequence(name: string): Promise<StripeSequence> {
    return STRIPE_SEQUENCES[name]!({
      stripe,
      advance: (seconds) => {
        now += seconds;
      },
      give: async (change) => {
        const {status, body} = await post(handler, '/gifts', giftBody(change));
        expect(status).toBe(200);
        return {reference: String(body.reference), clientSecret: String(body.clientSecret)};
      },
    });
  }

  /**
   * What the records say after one delivery: every payment record but when the endpoint wrote it, and the export's
   * latest outcome. The outbox holds the gift first, then every payment record once, whatever the order of the events.
   */
  async function delivered(events: Json[], reference: string) {
    for (const event of events) expect((await deliver(handler, event)).status, String(event.type)).toBe(200);
    const records = await test.db.query<{key: string; outcome: string; reference: string}>(
      `select key, outcome, reference, stripe_id, amount, currency, event_id, event_created from payments order by key collate "C"`,
    );
    const [gift, ...payments] = (await test.db.query<{record_id: string}>('select record_id from outbox order by id')).map(
      (row) => row.record_id,
    );
    expect(gift).toBe(`gift:${reference}`);
    expect(payments.sort()).toEqual(records.map((record) => `payment:${record.key}`).sort());
    const exported = await handler(
      new Request('https://coral.example.org/export?kind=gifts', {headers: {authorization: `Bearer ${EXPORT_TOKEN}`}}),
    );
    const rows: Array<Record<string, string>> = parse(await exported.text(), {columns: true});
    return {records, latest: rows.find((row) => row.reference === reference)?.latest_outcome};
  }

  it.each(Object.keys(STRIPE_SEQUENCES))('%s', async (name) => {
    const {events, reference, outcomes, latestOutcome} = await sequence(name);
    const results = [];
    for (const order of Object.values(ORDERS)) {
      await test.db.query('delete from payments');
      await test.db.query('delete from outbox');
      results.push(await delivered(order(events), reference));
    }
    const [first, ...others] = results;
    expect(first!.records.map((record) => (record as {outcome: string}).outcome).sort()).toEqual([...outcomes].sort());
    expect(first!.records.every((record) => (record as {reference: string}).reference === reference)).toBe(true);
    expect(first!.latest).toBe(latestOutcome);
    for (const other of others) expect(other).toEqual(first);
  });
});
