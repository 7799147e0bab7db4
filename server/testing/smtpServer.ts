/**
 * A real SMTP server for the tests (smtp-server), on 127.0.0.1: it takes every message as a relay would, parses it
 * with mailparser, and can be stopped and started again on the same port, as a relay that goes down and comes back.
 */
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {simpleParser, type ParsedMail} from 'mailparser';
import {SMTPServer} from 'smtp-server';

export type SmtpReceiver = {
  port: number;
  url: string;
  /** Every message taken, parsed, in the order they arrived. */
  messages: ParsedMail[];
  /** The relay goes down: connections are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export type ReceiverOptions = {
  user?: string;
  password?: string;
  /** Refuses these recipients for good (550), as a relay refuses an address that does not exist. */
  refuses?: (address: string) => boolean;
  /** Refuses every sender (550), as a relay refuses a From address its account may not send as. */
  refusesSender?: () => boolean;
};

export async function startSmtpReceiver({user, password, refuses, refusesSender}: ReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const make = () =>
    new SMTPServer({
      // A relay on this machine: the tests speak plain SMTP to it, as the endpoint allows only for localhost.
      disabledCommands: user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      authOptional: !user,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === password) callback(null, {user});
        else callback(Object.assign(new Error('Invalid username or password'), {responseCode: 535}));
      },
      onMailFrom(_address, _session, callback) {
        if (refusesSender?.())
          callback(Object.assign(new Error('Sender address rejected: not owned by this account'), {responseCode: 550}));
        else callback();
      },
      onRcptTo(address, _session, callback) {
        if (refuses?.(address.address))
          callback(Object.assign(new Error('Recipient address rejected: no such mailbox'), {responseCode: 550}));
        else callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const made = make();
      made.once('error', reject);
      made.listen(port, '127.0.0.1', () => {
        port = (made.server.address() as {port: number}).port;
        server = made;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (running) running.close(() => resolve());
      else resolve();
    });
  await start();
  return {
    port,
    get url() {
      return user ? `smtp://${user}:${password}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`;
    },
    messages,
    stop,
    start,
    close: stop,
  };
}

/** A PDF's text as Debian's pdftotext reads it, in its layout; a missing pdftotext stops with how to install it. */
export function pdfText(pdf: Uint8Array): string {
  const pdftotext = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext';
  if (!existsSync(pdftotext)) throw new Error('Install Debian’s poppler-utils for pdftotext: apt-get install -y poppler-utils');
  return execFileSync(pdftotext, ['-layout', '-enc', 'UTF-8', '-', '-'], {input: pdf}).toString('utf8');
}
