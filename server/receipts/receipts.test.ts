/**
 * Receipts end to end, on every database: gifts paid at the Stripe stand-in, their receipts issued as the webhooks
 * are recorded, and the mail sent through a real SMTP server, each message parsed as a mail program would and its
 * PDF read back as text. A failed payment gets none; a refund gets a note that cancels its receipt; a relay that is
 * down for a minute then back delivers each receipt once; two endpoints on one server number receipts in order.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ParsedMail} from 'mailparser';
import {createPgStore} from '../records';
import {openPostgres, type Database} from '../db';
import {createMailer, makeTransport, type Mailer} from '../mail';
import {composeMail, issueFor, issueMonthly, parseReceiptRules, queueStatements, type ReceiptRules} from '.';
import {forgetSupporter} from '../supporters';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {deliver, giftBody, makeHandler, NOW_MS, post} from '../testing/fixtures';
import {pdfText, startSmtpReceiver, type SmtpReceiver} from '../testing/smtpServer';
import {startStripeStandIn, type StripeStandIn} from '../testing/stripeStandIn';

const NOW = NOW_MS / 1000;
const FROM = 'Reef Action Fund <receipts@reefaction.org.au>';

function rulesOf(change: Record<string, unknown> = {}): ReceiptRules {
  const rules = parseReceiptRules(
    {
      legalName: 'Reef Action Fund Ltd',
      number: 'ABN 51 824 753 556',
      address: 'PO Box 1042, Cairns QLD 4870',
      taxWords: {AU: 'Gifts of $2 or more to the Reef Action Fund are tax deductible in Australia.'},
      ...change,
    },
    null,
  );
  if (typeof rules === 'string') throw new Error(rules);
  return rules;
}

const attachment = (message: ParsedMail) => {
  const [file] = message.attachments;
  if (!file) throw new Error(`"${message.subject}" has no attachment`);
  expect(file.contentType).toBe('application/pdf');
  return {name: file.filename, text: pdfText(new Uint8Array(file.content))};
};

/** The text a person reads, whitespace folded, so a line the PDF wraps still reads as one. */
const folded = (text: string) => text.replace(/\s+/g, ' ');

describe.each(DATABASES)('receipts by mail on $name', ({create}) => {
  let test: TestDatabase;
  let stripe: StripeStandIn;
  let relay: SmtpReceiver;
  let rules: ReceiptRules;
  let handler: ReturnType<typeof makeHandler>['handler'];
  let clock: number;

  const endpoint = (db: Database, receiptRules = rules) =>
    makeHandler(stripe, {
      store: createPgStore(db, {afterPayment: (tx, reference) => issueFor(tx, reference, receiptRules, NOW)}),
      db,
    }).handler;
  /** The same endpoint before mail was on: no receipts, its clock `ms`. */
  const endpointAt = (ms: number) => makeHandler(stripe, {store: createPgStore(test.db), db: test.db, now: () => ms}).handler;
  const mailer = async (db: Database, receiptRules = rules): Promise<Mailer> =>
    createMailer({
      db,
      transport: await makeTransport({url: relay.url, from: FROM}),
      from: FROM,
      compose: composeMail(db, receiptRules),
      beforeRound: () => issueMonthly(db, receiptRules, Math.floor(clock / 1000)),
      now: () => clock,
      log: {info: () => {}, warn: () => {}},
    });
  /** Rounds until nothing is due, as the running endpoint's every five seconds would. */
  const sendAll = async (db = test.db) => {
    const sender = await mailer(db);
    for (let round = 0; round < 10; round++) if ((await sender.runOnce()).sent === 0) break;
  };
  const give = async (change: Record<string, unknown>, card = 'pm_card_visa', on = handler) => {
    const {status, body} = await post(on, '/gifts', giftBody(change));
    expect(status, JSON.stringify(body)).toBe(200);
    for (const event of stripe.confirm(String(body.clientSecret), card)) await deliver(on, event);
    return String(body.reference);
  };
  const receipts = () =>
    test.db.query<{number: number; kind: string; cancels: number | null; amount: number}>(
      'select number, kind, cancels, amount from receipts order by number',
    );

  beforeEach(async () => {
    [test, stripe, relay] = await Promise.all([create(), startStripeStandIn(), startSmtpReceiver()]);
    rules = rulesOf();
    clock = NOW_MS;
    handler = endpoint(test.db);
  });
  afterEach(async () => {
    await Promise.all([test.drop(), stripe.close(), relay.close()]);
  });

  it('sends one receipt for a one-off gift, stating every field the law asks of a receipt, in the email and its PDF', async () => {
    await give({amount: 6000, supporter: {firstName: 'Mere', lastName: 'Tūhoe', email: 'mere@example.org', consent: false}});
    await sendAll();
    expect(relay.messages).toHaveLength(1);
    const [message] = relay.messages;
    expect(message!.to).toMatchObject({text: 'mere@example.org'});
    expect(message!.from).toMatchObject({text: FROM.replace(/^(.*) </, '"$1" <')});
    expect(message!.subject).toContain('000001');
    const pdf = attachment(message!);
    expect(pdf.name).toBe('receipt-000001.pdf');
    for (const text of [folded(pdf.text), folded(message!.text ?? '')]) {
      expect(text).toContain('Reef Action Fund Ltd');
      expect(text).toContain('ABN 51 824 753 556');
      expect(text).toMatch(/receipt for a gift|gift .*receipt|donation/i);
      expect(text).toContain('$60 AUD');
      expect(text).toContain('AUD');
      expect(text).toContain('Mere Tūhoe');
      expect(text).toMatch(/000001/);
      expect(text).toContain('Gifts of $2 or more to the Reef Action Fund are tax deductible in Australia.');
      // Paid on 1 January 2026, Sydney time.
      expect(text).toMatch(/1 Jan(uary)? 2026/);
    }
    expect(folded(pdf.text)).toMatch(/Card/);
    expect(await receipts()).toEqual([{number: 1, kind: 'receipt', cancels: null, amount: 6000}]);
    // Sent once: another round finds nothing due.
    await sendAll();
    expect(relay.messages).toHaveLength(1);
  });

  it('sends a receipt for each of a monthly gift’s three payments, then one statement for the year with their total, queued once', async () => {
    const subscription = await give({
      amount: 2500,
      frequency: 'monthly',
      supporter: {firstName: 'Sione', lastName: 'Fifita', email: 'sione@example.org', consent: true},
    });
    for (let month = 0; month < 2; month++) for (const event of stripe.renew(subscription)) await deliver(handler, event);
    await sendAll();
    expect(relay.messages.map((message) => attachment(message).name)).toEqual([
      'receipt-000001.pdf',
      'receipt-000002.pdf',
      'receipt-000003.pdf',
    ]);
    for (const message of relay.messages) expect(folded(attachment(message).text)).toContain('$25 AUD');

    // Australia's financial year 2026 runs from July 2025 to June 2026: the payments of January 2026 are in it.
    // Not before the year is over: the statement would miss its last months for good.
    expect(await queueStatements(test.db, rules, 2026, NOW)).toEqual({queued: 0, already: 0, notOver: 1});
    const july = Date.parse('2026-07-01T00:00:00+10:00') / 1000;
    expect(await queueStatements(test.db, rules, 2026, july)).toEqual({queued: 1, already: 0, notOver: 0});
    expect(await queueStatements(test.db, rules, 2026, july)).toEqual({queued: 0, already: 1, notOver: 0});
    // The financial year 2025 has none of them.
    expect(await queueStatements(test.db, rules, 2025, july)).toEqual({queued: 0, already: 0, notOver: 0});
    clock = july * 1000;
    await sendAll();
    expect(relay.messages).toHaveLength(4);
    const statement = relay.messages[3]!;
    const pdf = attachment(statement);
    expect(pdf.name).toBe('statement-2026.pdf');
    const text = folded(pdf.text);
    expect(text).toContain('Sione Fifita');
    expect(text).toMatch(/Total.*\$75/);
    expect(text.match(/\$25\b/g)).toHaveLength(3);
    for (const number of ['000001', '000002', '000003']) expect(text).toContain(number);
    expect(text).toMatch(/1 Jul(y)? 2025/);
    expect(text).toMatch(/30 Jun(e)? 2026/);
  });

  it('sends no receipt for a payment recorded before mail was turned on, an hour and more before the first receipt', async () => {
    // The endpoint took this monthly gift's first payment two days before mail was on: it kept no receipt then.
    const before = endpointAt(NOW_MS - 2 * 24 * 60 * 60 * 1000);
    const subscription = await give(
      {amount: 2500, frequency: 'monthly', supporter: {firstName: 'Sione', lastName: 'Fifita', email: 'sione@example.org', consent: true}},
      'pm_card_visa',
      before,
    );
    expect(await test.db.query('select 1 from payments')).toHaveLength(1);
    // Mail on: the next payment is receipted, the one before it never.
    for (const event of stripe.renew(subscription)) await deliver(handler, event);
    expect(await receipts()).toEqual([{number: 1, kind: 'receipt', cancels: null, amount: 2500}]);
    expect(await test.db.query('select count(*)::int as count from receipt_lines')).toEqual([{count: 1}]);
  });

  it('sends nothing for a payment that failed', async () => {
    const {status, body} = await post(
      handler,
      '/gifts',
      giftBody({supporter: {firstName: 'Ana', lastName: 'Fifita', email: 'ana@example.org', consent: false}}),
    );
    expect(status).toBe(200);
    for (const event of stripe.confirm(String(body.clientSecret), 'pm_card_chargeDeclined')) await deliver(handler, event);
    expect(await test.db.query("select outcome from payments where outcome = 'failed'")).toHaveLength(1);
    await sendAll();
    expect(await receipts()).toEqual([]);
    expect(await test.db.query('select key from mail')).toEqual([]);
    expect(relay.messages).toEqual([]);
  });

  it('cancels a receipt after a refund with a note that names it, and receipts what a partial refund left', async () => {
    const whole = await give({amount: 5000, supporter: {firstName: 'Ana', lastName: 'Fifita', email: 'ana@example.org', consent: false}});
    const part = await give({amount: 8000, supporter: {firstName: 'Vai', lastName: 'Tupou', email: 'vai@example.org', consent: false}});
    for (const event of stripe.refund(whole)) await deliver(handler, event);
    const partly = stripe.refund(part, 3000);
    // The same refund told twice changes nothing.
    for (const event of [...partly, ...partly]) await deliver(handler, event);
    expect(await receipts()).toEqual([
      {number: 1, kind: 'receipt', cancels: null, amount: 5000},
      {number: 2, kind: 'receipt', cancels: null, amount: 8000},
      {number: 3, kind: 'cancellation', cancels: 1, amount: 5000},
      {number: 4, kind: 'cancellation', cancels: 2, amount: 3000},
      {number: 5, kind: 'receipt', cancels: null, amount: 5000},
    ]);
    await sendAll();
    const byName = new Map(relay.messages.map((message) => [attachment(message).name, message]));
    const note = folded(attachment(byName.get('cancellation-000003.pdf')!).text);
    expect(note).toContain('000001');
    expect(note).toMatch(/cancel/i);
    expect(note).toContain('$50');
    const kept = folded(attachment(byName.get('receipt-000005.pdf')!).text);
    expect(kept).toContain('$50 AUD');
    expect(kept).toContain('Vai');
  });

  it('cancels a receipt whose payment a dispute took back, and none whose dispute was won', async () => {
    const lost = await give({amount: 5000, supporter: {firstName: 'Ana', lastName: 'Fifita', email: 'ana@example.org', consent: false}});
    const won = await give({amount: 3000, supporter: {firstName: 'Vai', lastName: 'Tupou', email: 'vai@example.org', consent: false}});
    for (const [intent, ending] of [
      [lost, 'lost'],
      [won, 'won'],
    ] as const) {
      const opened = stripe.dispute(intent);
      for (const event of opened) await deliver(handler, event);
      const dispute = String((opened[0] as {data: {object: {id: string}}}).data.object.id);
      for (const event of stripe.closeDispute(dispute, ending)) await deliver(handler, event);
    }
    expect(await receipts()).toEqual([
      {number: 1, kind: 'receipt', cancels: null, amount: 5000},
      {number: 2, kind: 'receipt', cancels: null, amount: 3000},
      {number: 3, kind: 'cancellation', cancels: 1, amount: 5000},
    ]);
  });

  it('with monthly receipts, sends one for a regular gift’s payments once their month is over', async () => {
    rules = rulesOf({regularGifts: 'monthly'});
    handler = endpoint(test.db, rules);
    const subscription = await give({
      amount: 1000,
      frequency: 'weekly',
      supporter: {firstName: 'Litia', lastName: 'Tuilau', email: 'litia@example.org', consent: true},
    });
    for (let week = 0; week < 2; week++) for (const event of stripe.renew(subscription)) await deliver(handler, event);
    // A one-off gift is receipted at once, whatever the setting.
    await give({amount: 3000, supporter: {firstName: 'Ana', lastName: 'Fifita', email: 'ana@example.org', consent: false}});
    await sendAll();
    expect(relay.messages.map((message) => attachment(message).name)).toEqual(['receipt-000001.pdf']);
    // January is over in Sydney.
    clock = Date.parse('2026-02-01T00:00:00+11:00');
    await sendAll();
    expect(relay.messages.map((message) => attachment(message).name)).toEqual(['receipt-000001.pdf', 'receipt-000002.pdf']);
    const text = folded(attachment(relay.messages[1]!).text);
    expect(text).toContain('$30 AUD');
    expect(text.match(/\$10\b/g)).toHaveLength(3);
    await sendAll();
    expect(relay.messages).toHaveLength(2);
  });

  it('delivers each receipt exactly once when the relay is down for a minute, then back', async () => {
    await relay.stop();
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org'])
      await give({supporter: {firstName: 'Ana', lastName: 'Fifita', email, consent: false}});
    const sender = await mailer(test.db);
    // Every five seconds for a minute: each round tries the first message due and stops at the relay's refusal.
    for (let second = 0; second <= 60; second += 5) {
      clock = NOW_MS + second * 1000;
      expect((await sender.runOnce()).sent).toBe(0);
    }
    const [waiting] = await test.db.query<{attempts: number; last_error: string}>(
      'select attempts, last_error from mail order by id limit 1',
    );
    expect(waiting!.attempts).toBeGreaterThan(1);
    expect(waiting!.last_error).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    await relay.start();
    for (let second = 65; second <= 30 * 60 && relay.messages.length < 3; second += 5) {
      clock = NOW_MS + second * 1000;
      await sender.runOnce();
    }
    clock += 60 * 60 * 1000;
    await sender.runOnce();
    expect(relay.messages.map((message) => attachment(message).name).sort()).toEqual([
      'receipt-000001.pdf',
      'receipt-000002.pdf',
      'receipt-000003.pdf',
    ]);
    expect(new Set(relay.messages.map((message) => message.messageId)).size).toBe(3);
  });

  it('forgets a supporter’s receipts’ details and drops their mail not yet sent', async () => {
    await give({supporter: {firstName: 'Mere', lastName: 'Tūhoe', email: 'mere@example.org', consent: false}});
    const report = await forgetSupporter(
      {db: test.db, stripe: null, guardSecret: null, outbox: false, now: () => NOW_MS},
      'mere@example.org',
      {cancelSubscriptions: false, by: 'command'},
    );
    expect(report.lines.join('\n')).toContain('receipts: 1 receipts and 0 statements emptied');
    expect(await test.db.query('select email, first_name from receipts')).toEqual([{email: null, first_name: null}]);
    expect(await test.db.query('select key from mail')).toEqual([]);
    await sendAll();
    expect(relay.messages).toEqual([]);
  });

  it('numbers receipts in order, each once, with two endpoints and their mailers on one Postgres server', async () => {
    if (!test.url) return;
    const second: Database = openPostgres(test.url);
    try {
      const other = endpoint(second);
      const emails = Array.from({length: 12}, (_, index) => `giver${index}@example.org`);
      await Promise.all(
        emails.map((email, index) =>
          give({supporter: {firstName: 'Ana', lastName: 'Fifita', email, consent: false}}, 'pm_card_visa', index % 2 ? other : handler),
        ),
      );
      const issued = await test.db.query<{number: number; issued_at: Date}>('select number, issued_at from receipts order by number');
      expect(issued.map((row) => row.number)).toEqual(emails.map((_, index) => index + 1));
      const mailers = await Promise.all([mailer(test.db), mailer(second), mailer(test.db), mailer(second)]);
      await Promise.all(mailers.map((each) => each.runOnce()));
      await sendAll();
      expect(relay.messages).toHaveLength(12);
      expect(new Set(relay.messages.map((message) => attachment(message).name)).size).toBe(12);
    } finally {
      await second.close();
    }
  });
});
