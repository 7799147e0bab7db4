/**
 * The organisation's SMTP relay: CORAL_SMTP_URL and CORAL_MAIL_FROM read and checked, a nodemailer transport made
 * from them, and the doctor's check (connect, EHLO, sign in; nothing sent). Outside localhost the connection must
 * be encrypted (smtps://, or STARTTLS on smtp://): a receipt carries a supporter's name and gift.
 */
import type {MailTransport} from './mailer';

export type RelaySettings = {
  /** The relay's address, with its user name and password when it asks for them. */
  url: string;
  /** `Name <receipts@example.org>`, as every message's From. */
  from: string;
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FROM = /^(?:[^<>@]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

/** The relay's settings; null when CORAL_SMTP_URL is unset (no mail); or a line naming what is wrong. */
export function readRelay(url: string | undefined, from: string | undefined): RelaySettings | null | string {
  const given = url?.trim() || null;
  const sender = from?.trim() || null;
  if (given === null) return sender === null ? null : 'CORAL_MAIL_FROM is set but CORAL_SMTP_URL is not: set the relay too, or neither';
  const parsed = URL.canParse(given) ? new URL(given) : null;
  if (parsed === null || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || parsed.hostname === '')
    return 'CORAL_SMTP_URL is not a relay’s address like smtps://user:password@smtp.example.org:465 or smtp://…:587';
  if (sender === null)
    return 'CORAL_SMTP_URL is set but CORAL_MAIL_FROM is not: give the address receipts come from, e.g. Reef Action <receipts@example.org>';
  if (!FROM.test(sender)) return `CORAL_MAIL_FROM: "${sender}" is not an address like Reef Action <receipts@example.org>`;
  return {url: given, from: sender};
}

/** Where the relay is, for a line that names it without its password. */
export function relayName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** A transport to the relay. nodemailer is loaded here, only once mail is on: a Worker, which sends none, never loads it. */
export async function makeTransport(settings: RelaySettings): Promise<MailTransport & {verify(): Promise<true>; close(): void}> {
  const local = LOCAL_HOSTS.has(new URL(settings.url).hostname);
  const {createTransport} = await import('nodemailer');
  return createTransport({
    url: settings.url,
    // smtps:// is encrypted from the start; smtp:// must upgrade with STARTTLS, unless the relay is this machine.
    requireTLS: !local,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // nodemailer's own logging would write addresses: it stays off.
    logger: false,
  });
}

/** The doctor's check of the relay: connects, greets and signs in, sending nothing. Answers problems, one line each. */
export async function relayProblems(settings: RelaySettings): Promise<string[]> {
  const transport = await makeTransport(settings);
  try {
    await transport.verify();
    return [];
  } catch (error) {
    const {code, responseCode} = (error ?? {}) as {code?: unknown; responseCode?: unknown};
    const why =
      code === 'EAUTH'
        ? 'refused the user name and password in CORAL_SMTP_URL'
        : code === 'ETLS'
          ? 'would not encrypt the connection (use smtps:// on port 465, or smtp:// on 587 with STARTTLS)'
          : `could not be reached (${typeof code === 'string' ? code : 'error'}${typeof responseCode === 'number' ? ` ${responseCode}` : ''})`;
    return [`mail: the relay at ${relayName(settings.url)} ${why}`];
  } finally {
    transport.close();
  }
}
