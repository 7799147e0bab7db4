/** Retention on every database, with the clock moved on: what is de-identified when, and what never is. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore, type GiftStore} from '../records';
import {recordEvent} from '../results';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {keptGift, keptSignature, paidRecord} from '../testing/records';
import {applyRetention, claimRetentionRun, DELIVERED_KEPT_DAYS, DIRECT_DEBIT_DAYS, STRIPE_RETRY_DAYS} from './retention';

const JAN_1 = 1_767_225_600;
const DAY = 86_400;

describe.each(DATABASES)('retention on $name', ({create}) => {
  let test: TestDatabase;
  let store: GiftStore;
  beforeEach(async () => {
    test = await create();
    store = createPgStore(test.db, {outbox: true});
  });
  afterEach(async () => {
    await test.drop();
  });

  /** Each gift's reference, and whether it still holds its supporter's email. */
  const giftEmails = async () =>
    Object.fromEntries(
      (await test.db.query<{reference: string; email: string | null}>('select reference, email from gifts order by reference')).map(
        (row) => [row.reference, row.email],
      ),
    );
  const signatureEmails = async () =>
    (await test.db.query<{email: string | null}>('select email from signatures order by created_at')).map((row) => row.email);

  it('keeps every paid gift and signature whatever its age while CORAL_RETENTION_DAYS is keep', async () => {
    await store.keepGift(keptGift({reference: 'pi_paid'}));
    await store.recordOnce('paid:pi_paid', paidRecord({reference: 'pi_paid', stripeId: 'pi_paid'}));
    await store.sign(keptSignature());
    const report = await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + 3650 * DAY});
    expect(report).toMatchObject({aged: {gifts: 0, signatures: 0}, abandoned: 0});
    expect(await giftEmails()).toEqual({pi_paid: 'ada@example.org'});
    expect(await signatureEmails()).toEqual(['ada@example.org']);
  });

  it(`without Stripe to ask, de-identifies a gift never paid nor failed after ${STRIPE_RETRY_DAYS} days, unless its supporter consented; a direct debit after two weeks`, async () => {
    const noConsent = {given: false, wording: 'Keep me updated.', version: '0123456789abcdef'};
    await store.keepGift(keptGift({reference: 'pi_abandoned', consent: noConsent}));
    await store.keepGift(keptGift({reference: 'pi_consented'}));
    await store.keepGift(keptGift({reference: 'pi_declined', consent: noConsent}));
    await store.recordOnce('failed:evt_9', paidRecord({outcome: 'failed', reference: 'pi_declined', stripeId: 'pi_declined'}));
    await store.keepGift(keptGift({reference: 'pi_debit', method: 'direct-debit', consent: noConsent}));

    expect((await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + STRIPE_RETRY_DAYS * DAY - 60})).abandoned).toBe(0);
    expect((await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + STRIPE_RETRY_DAYS * DAY + 60})).abandoned).toBe(1);
    expect(await giftEmails()).toEqual({
      pi_abandoned: null,
      pi_consented: 'ada@example.org',
      pi_debit: 'ada@example.org',
      pi_declined: 'ada@example.org',
    });
    await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + DIRECT_DEBIT_DAYS * DAY + 60});
    expect((await giftEmails()).pi_debit).toBeNull();
    const [kept] = await test.db.query('select amount, campaign, consent_wording, deidentified_at from gifts where reference = $1', [
      'pi_abandoned',
    ]);
    expect(kept).toEqual({
      amount: 6000,
      campaign: 'save-the-reef',
      consent_wording: 'Keep me updated.',
      deidentified_at: new Date((JAN_1 + STRIPE_RETRY_DAYS * DAY + 60) * 1000),
    });
  });

  it('de-identifies records older than CORAL_RETENTION_DAYS, counting a regular gift from its last payment, and never drops a signature', async () => {
    await store.keepGift(keptGift({reference: 'pi_old'}));
    await store.recordOnce('paid:pi_old', paidRecord({reference: 'pi_old', stripeId: 'pi_old'}));
    await store.keepGift(keptGift({reference: 'sub_monthly', frequency: 'monthly'}));
    await store.recordOnce('paid:in_1', paidRecord({reference: 'sub_monthly', stripeId: 'in_1'}));
    // Still giving: its latest payment was twenty days before the run.
    await store.recordOnce('paid:in_13', paidRecord({reference: 'sub_monthly', stripeId: 'in_13', recordedAt: JAN_1 + 380 * DAY}));
    await store.sign(keptSignature({createdAt: JAN_1}));
    await store.sign(keptSignature({createdAt: JAN_1 + 390 * DAY, supporter: {email: 'bob@example.net'}}));

    const report = await applyRetention(test.db, {days: 365, nowSeconds: JAN_1 + 400 * DAY});
    expect(report.aged).toEqual({gifts: 1, signatures: 1});
    expect(await giftEmails()).toEqual({pi_old: null, sub_monthly: 'ada@example.org'});
    expect(await signatureEmails()).toEqual([null, 'bob@example.net']);
    expect(await store.count('ban-deep-sea-mining')).toBe(2);
    // The outbox's copies lose the details with them.
    const payloads = await test.db.query<{payload: string}>(
      "select payload::text as payload from outbox where record_id in ('gift:pi_old')",
    );
    expect(payloads.map((row) => row.payload).join()).not.toContain('ada@example.org');
    expect(payloads).toHaveLength(1);
  });

  it(`empties what the outbox delivered ${DELIVERED_KEPT_DAYS} days ago, whatever the setting, and keeps what waits`, async () => {
    await store.sign(keptSignature());
    await store.sign(keptSignature({supporter: {email: 'bob@example.net'}}));
    await test.db.query(
      "update outbox set delivered_at = to_timestamp($1) where payload->'data'->'supporter'->>'email' = 'ada@example.org'",
      [JAN_1],
    );
    const report = await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + DELIVERED_KEPT_DAYS * DAY + 60});
    expect(report.outboxEmptied).toBe(1);
    const rows = await test.db.query<{delivered: boolean; payload: string}>(
      'select delivered_at is not null as delivered, payload::text as payload from outbox order by id',
    );
    expect(rows.map((row) => [row.delivered, row.payload.includes('@')])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('runs once a day, whichever instance asks first', async () => {
    expect(await claimRetentionRun(test.db, JAN_1)).toBe(true);
    expect(await claimRetentionRun(test.db, JAN_1 + 60)).toBe(false);
    expect(await claimRetentionRun(test.db, JAN_1 + DAY - 1)).toBe(false);
    expect(await claimRetentionRun(test.db, JAN_1 + DAY)).toBe(true);
  });

  it('folds visitors’ events older than the results need, their ids dropped and their daily counts kept', async () => {
    const row = (visitor: string, day: string) =>
      recordEvent(test.db, {form: {id: 'reef', version: 1}, kind: 'view', visitor, sinceLoad: 1200, utm: {}}, day);
    await row('Vb3kQ9xZ1mT0pL7rN2sW4a', '2026-01-01');
    await row('a7Kq2Lm9Xp4Rt8Zs1Nv6Bw', '2026-03-31');
    // On 2 April 2026 a visit of 1 January is 91 days old and folded; one of 31 March is still wanted.
    const report = await applyRetention(test.db, {days: null, nowSeconds: JAN_1 + 91 * DAY + 60});
    expect(report.eventsFolded).toBe(1);
    expect(await test.db.query('select visitor from form_events')).toEqual([{visitor: 'a7Kq2Lm9Xp4Rt8Zs1Nv6Bw'}]);
    expect(await test.db.query('select day::text, visitors from form_event_days order by day')).toEqual([
      {day: '2026-01-01', visitors: 1},
      {day: '2026-03-31', visitors: 1},
    ]);
  });
});
