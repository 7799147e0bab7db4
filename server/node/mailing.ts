/** The mail a Node endpoint sends, when CORAL_SMTP_URL is set: the relay's transport and the queue's sender, started. */
import type {Database} from '../db';
import type {EndpointEnv} from '../doorway';
import type {Logger} from '../http';
import {type Compose, createMailer, makeTransport} from '../mail';
import {composeMail, issueMonthly} from '../receipts';
import {composeLink} from '../supporterPage';

/**
 * Each queued message composed as it goes: a receipt, a statement, or a link to a supporter's page. `fonts` are the
 * PDFs' fonts where no file system holds them (a Worker); without them they are read from their package.
 */
export function mailComposer(
  db: Database,
  mail: NonNullable<EndpointEnv['mail']>,
  secret: string | null,
  now: () => number,
  fonts?: Parameters<typeof composeMail>[2],
): Compose {
  const documents = composeMail(db, mail.rules, fonts);
  const links = secret !== null && mail.pageUrl !== null ? composeLink(db, secret, mail.rules, mail.pageUrl, now) : null;
  return async (queued) => {
    if (queued.kind !== 'link') return documents(queued);
    // A link queued while the page was on, and the page since turned off: nothing to open.
    return links && queued.link !== null ? links(queued.link) : null;
  };
}

/** Starts sending what the mail queue holds; answers the function that stops it, waiting for a round in flight. */
export async function startMailing(
  db: Database,
  mail: NonNullable<EndpointEnv['mail']>,
  secret: string | null,
  log: Logger,
): Promise<() => Promise<void>> {
  const transport = await makeTransport(mail.relay);
  const stop = createMailer({
    db,
    transport,
    from: mail.relay.from,
    compose: mailComposer(db, mail, secret, Date.now),
    beforeRound: () => issueMonthly(db, mail.rules, Math.floor(Date.now() / 1000)),
    log,
  }).start();
  return async () => {
    await stop();
    transport.close();
  };
}
