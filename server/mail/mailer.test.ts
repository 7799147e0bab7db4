/**
 * The mail queue's sender against a real SMTP server, on every database: an address the relay refuses for good is not
 * tried again and holds no other message back; a sender the relay refuses (its settings, not the message) leaves every
 * message waiting, retried, and each goes once the relay takes it.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createMailer, makeTransport, type MailMessage} from '.';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {startSmtpReceiver, type SmtpReceiver} from '../testing/smtpServer';

const FROM = 'Reef Action Fund <receipts@reefaction.org.au>';
const NOW = Date.parse('2026-03-02T00:00:00Z');

describe.each(DATABASES)('the mail queue on $name', ({create}) => {
  let test: TestDatabase;
  let relay: SmtpReceiver;
  let clock: number;
  let refusingSender = false;

  /** A queued message to each address, as the receipts queue them: composed when it goes. */
  const queue = async (...addresses: string[]) => {
    for (const [index, to] of addresses.entries()) {
      await test.db.query("insert into mail (key, kind, next_attempt_at) values ($1, 'test', to_timestamp($2))", [
        `test:${index}:${to}`,
        NOW / 1000,
      ]);
    }
  };
  const sender = async () =>
    createMailer({
      db: test.db,
      transport: await makeTransport({url: relay.url, from: FROM}),
      from: FROM,
      compose: async ({key}): Promise<MailMessage> => ({
        to: key.split(':')[2]!,
        subject: key,
        text: 'Thank you.',
        html: '<p>Thank you.</p>',
        attachments: [],
      }),
      now: () => clock,
      log: {info: () => {}, warn: () => {}},
    });
  const waiting = () =>
    test.db.query<{key: string; attempts: number; last_error: string | null; given_up: boolean}>(
      "select key, attempts, last_error, next_attempt_at = 'infinity' as given_up from mail where sent_at is null order by id",
    );

  beforeEach(async () => {
    refusingSender = false;
    [test, relay] = await Promise.all([
      create(),
      startSmtpReceiver({refuses: (address) => address.startsWith('nobody@'), refusesSender: () => refusingSender}),
    ]);
    clock = NOW;
  });
  afterEach(async () => {
    await Promise.all([test.drop(), relay.close()]);
  });

  it('gives up on an address the relay refuses for good, and sends the others', async () => {
    await queue('ana@example.org', 'nobody@example.org', 'vai@example.org');
    const mailer = await sender();
    for (let round = 0; round < 3; round++) await mailer.runOnce();
    expect(relay.messages.map((message) => message.subject)).toEqual(['test:0:ana@example.org', 'test:2:vai@example.org']);
    expect(await waiting()).toEqual([{key: 'test:1:nobody@example.org', attempts: 1, last_error: 'EENVELOPE 550', given_up: true}]);
    clock += 24 * 60 * 60 * 1000;
    await mailer.runOnce();
    expect(relay.messages).toHaveLength(2);
  });

  it('keeps every message while the relay refuses the sender, and sends each once it takes it', async () => {
    refusingSender = true;
    await queue('ana@example.org', 'vai@example.org');
    const mailer = await sender();
    for (let second = 0; second <= 120; second += 5) {
      clock = NOW + second * 1000;
      await mailer.runOnce();
    }
    const [first] = await waiting();
    expect(first).toMatchObject({last_error: 'EENVELOPE 550', given_up: false});
    expect(first!.attempts).toBeGreaterThan(2);
    refusingSender = false;
    clock += 60 * 60 * 1000;
    for (let round = 0; round < 3; round++) await mailer.runOnce();
    expect(relay.messages.map((message) => message.subject).sort()).toEqual(['test:0:ana@example.org', 'test:1:vai@example.org']);
    expect(await waiting()).toEqual([]);
  });
});
