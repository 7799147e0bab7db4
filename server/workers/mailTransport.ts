/**
 * The organisation's relay reached from a Worker: SMTP over Workers' TCP sockets (`connect()` from cloudflare:sockets),
 * one connection a message, the message itself built by worker-mailer's Email (text and HTML alternatives, PDFs in
 * base64). worker-mailer's own session is not used: it upgrades to TLS only when the relay offers it and signs in
 * either way, and its errors carry no SMTP status. Here, as on Node, outside localhost the connection is encrypted
 * (smtps://, or STARTTLS on smtp://, then required), and a refusal carries nodemailer's code and status, so the mailer
 * tells an address refused for good (EENVELOPE 5xx) from a relay that is down.
 */
import type {Socket} from 'cloudflare:sockets';
import type {MailTransport, RelaySettings} from '../mail';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

type Reply = {status: number; text: string};

/**
 * An error as nodemailer's are (its code, the relay's status, the command refused), for the mailer's log and retries;
 * never the relay's text, which may quote an address.
 */
const failure = (code: string, status: number | null, message: string, command?: string) =>
  Object.assign(new Error(message), {code, ...(status === null ? {} : {responseCode: status}), ...(command ? {command} : {})});

/** `Name <receipts@example.org>` or a bare address, as its name and address. */
function sender(from: string): {name?: string; email: string} {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (!match) return {email: from.trim()};
  return match[1] ? {name: match[1], email: match[2]!} : {email: match[2]!};
}

/** One SMTP conversation: replies read whole (every line of a multi-line one), commands written a line each. */
function conversation(first: Socket) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let socket = first;
  let reader = socket.readable.getReader();
  let writer = socket.writable.getWriter();
  let pending = '';

  async function reply(): Promise<Reply> {
    for (;;) {
      // A reply ends at a line whose code is followed by a space (or nothing), not a hyphen.
      const end = /^\d{3}(?: [^\n]*)?\r?\n/m.exec(pending);
      if (end) {
        const upTo = end.index + end[0].length;
        const text = pending.slice(0, upTo);
        pending = pending.slice(upTo);
        return {status: Number(end[0].slice(0, 3)), text};
      }
      const {value, done} = await reader.read();
      if (done) throw failure('ECONNECTION', null, 'the relay closed the connection');
      pending += decoder.decode(value, {stream: true});
    }
  }

  const write = (data: string) => writer.write(encoder.encode(data));

  /** Sends a line and reads the answer; anything but `expected` fails with `code`, naming the command as nodemailer does. */
  async function command(line: string, expected: number[], code: string, name = line.split(' ')[0]!): Promise<Reply> {
    await write(`${line}\r\n`);
    const answer = await reply();
    if (!expected.includes(answer.status)) throw failure(code, answer.status, `the relay refused ${name}`, name);
    return answer;
  }

  function startTls() {
    reader.releaseLock();
    writer.releaseLock();
    socket = socket.startTls();
    reader = socket.readable.getReader();
    writer = socket.writable.getWriter();
    pending = '';
  }

  return {reply, write, command, startTls, close: () => socket.close().catch(() => {})};
}

/** A transport to the relay from a Worker, as `makeTransport` gives one on Node. */
export function workersTransport(settings: RelaySettings, timeoutMs = 25_000): MailTransport {
  const url = new URL(settings.url);
  const secure = url.protocol === 'smtps:';
  const local = LOCAL_HOSTS.has(url.hostname);
  const from = sender(settings.from);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port) || (secure ? 465 : 587);
  const greeting = `EHLO ${from.email.split('@').pop()}`;

  return {
    async sendMail(message) {
      const [{connect}, {Email}] = await Promise.all([import(/* @vite-ignore */ 'cloudflare:sockets'), import('worker-mailer')]);
      const data = new Email({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: {'Message-ID': message.messageId},
        attachments: message.attachments.map((file) => ({
          filename: file.filename,
          content: file.content.toString('base64'),
          mimeType: file.contentType,
        })),
      }).getEmailData();

      const smtp = conversation(connect({hostname, port}, {secureTransport: secure ? 'on' : 'starttls', allowHalfOpen: false}));
      let late = false;
      // A relay that stops answering is cut off, so the Cron Trigger's run is not held open by it.
      const timer = setTimeout(() => {
        late = true;
        void smtp.close();
      }, timeoutMs);
      try {
        const greeted = await smtp.reply();
        if (greeted.status !== 220) throw failure('EPROTOCOL', greeted.status, 'the relay did not greet');
        let offers = (await smtp.command(greeting, [250], 'EPROTOCOL')).text;
        if (!secure) {
          if (/^250[ -]STARTTLS\b/im.test(offers)) {
            await smtp.command('STARTTLS', [220], 'ETLS');
            smtp.startTls();
            offers = (await smtp.command(greeting, [250], 'EPROTOCOL')).text;
          } else if (!local) {
            // A receipt carries a supporter's name and gift, and signing in carries the relay's password.
            throw failure('ETLS', null, 'the relay does not offer STARTTLS');
          }
        }
        if (user) {
          const methods = /^250[ -]AUTH[ =](.*)$/im.exec(offers)?.[1]?.toUpperCase().split(/\s+/) ?? [];
          if (methods.includes('PLAIN')) {
            await smtp.command(`AUTH PLAIN ${btoa(`\0${user}\0${password}`)}`, [235], 'EAUTH', 'AUTH PLAIN');
          } else if (methods.includes('LOGIN')) {
            await smtp.command('AUTH LOGIN', [334], 'EAUTH', 'AUTH LOGIN');
            await smtp.command(btoa(user), [334], 'EAUTH', 'AUTH LOGIN');
            await smtp.command(btoa(password), [235], 'EAUTH', 'AUTH LOGIN');
          } else {
            throw failure('EAUTH', null, 'the relay offers no sign-in by PLAIN or LOGIN');
          }
        }
        await smtp.command(`MAIL FROM:<${from.email}>`, [250], 'EENVELOPE', 'MAIL FROM');
        await smtp.command(`RCPT TO:<${message.to}>`, [250, 251], 'EENVELOPE', 'RCPT TO');
        await smtp.command('DATA', [354], 'EMESSAGE');
        // Email gives the message dot-stuffed and ended with its lone dot.
        await smtp.write(data);
        const taken = await smtp.reply();
        if (taken.status !== 250) throw failure('EMESSAGE', taken.status, 'the relay refused the message', 'DATA');
        await smtp.write('QUIT\r\n').catch(() => {});
        return {messageId: message.messageId};
      } catch (error) {
        if (late) throw failure('ETIMEDOUT', null, 'the relay did not answer in time');
        throw error;
      } finally {
        clearTimeout(timer);
        await smtp.close();
      }
    },
  };
}
