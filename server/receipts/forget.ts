/**
 * A supporter's receipts and statements at erasure: each keeps its number, amounts and dates, which the
 * organisation's books need, and loses the name, email and country; mail not yet sent for them is dropped.
 */
import type {Queryable} from '../db';

export type ReceiptsErased = {receipts: number; statements: number; unsent: number};

/** Erases the details on the receipts of `gifts` and on the statements for `email` (lower-cased). */
export async function eraseReceipts(tx: Queryable, email: string, gifts: readonly string[]): Promise<ReceiptsErased> {
  const receipts = await tx.query<{number: number}>(
    `update receipts set first_name = null, last_name = null, email = null, country = null
     where gift in (select jsonb_array_elements_text($1::text::jsonb)) and email is not null returning number`,
    [JSON.stringify(gifts)],
  );
  const statements = await tx.query<{id: number}>(
    `update statements set first_name = null, last_name = null, email = null, country = null
     where email = $1 returning id`,
    [email],
  );
  const unsent = await tx.query(
    `delete from mail where sent_at is null and (receipt in (select (jsonb_array_elements_text($1::text::jsonb))::int) or statement in (select (jsonb_array_elements_text($2::text::jsonb))::int)) returning 1`,
    [JSON.stringify(receipts.map((row) => row.number)), JSON.stringify(statements.map((row) => row.id))],
  );
  return {receipts: receipts.length, statements: statements.length, unsent: unsent.length};
}
