/** The message that carries a supporter's link, composed as it goes: none once the link was used, ran out or was erased. */
import type {Database} from '../db';
import type {MailMessage} from '../mail';
import {linkMessage, type ReceiptRules} from '../receipts';
import {LINK_SECONDS, linkToSend} from './access';

export function composeLink(db: Database, secret: string, rules: ReceiptRules, pageUrl: string, now: () => number) {
  return async (link: string): Promise<MailMessage | null> => {
    const found = await linkToSend(db, secret, link, Math.floor(now() / 1000));
    if (found === null) return null;
    const url = `${pageUrl}/open?token=${found.token}`;
    return {to: found.email, ...(await linkMessage(rules.issuer, url, LINK_SECONDS / 60))};
  };
}
