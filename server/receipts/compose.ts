/** Each queued message composed from the records as they are when it goes: a receipt, a note that cancels one, a statement. */
import type {Database} from '../db';
import type {Compose} from '../mail';
import type {Fonts} from './pdf';
import {readReceipt, readStatement} from './read';
import type {ReceiptRules} from './settings';

/** `fonts` are handed in where no file system holds them (a Worker); without them they are read from their package. */
export function composeMail(db: Database, rules: ReceiptRules, fonts?: Fonts): Compose {
  return async (mail) => {
    // The PDF library and the emails' React load with the first message, not with the endpoint.
    const {renderReceipt, renderStatement} = await import('./render');
    if (mail.kind === 'receipt' && mail.receipt !== null) {
      const receipt = await readReceipt(db, mail.receipt, rules);
      return receipt && {to: receipt.donor.email, ...(await renderReceipt(rules.issuer, receipt, fonts))};
    }
    if (mail.kind === 'statement' && mail.statement !== null) {
      const statement = await readStatement(db, mail.statement, rules);
      return statement && {to: statement.donor.email, ...(await renderStatement(rules.issuer, statement, fonts))};
    }
    throw new Error(`mail ${mail.key} is of a kind this endpoint does not send`);
  };
}
