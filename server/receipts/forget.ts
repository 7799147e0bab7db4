/**
 * A supporter's statements at erasure or past retention: each keeps its year, which says when it was sent, and loses
 * the name, email and country; mail not yet sent for them is dropped. (A receipt loses its details with its gift.)
 */
import type {Queryable} from '../db';

export type StatementsErased = {statements: number; unsent: number};

/** Erases the details on the statements for `email` (lower-cased), or, with `issuedBefore`, on every one issued before it. */
export async function eraseStatements(tx: Queryable, which: {email: string} | {issuedBefore: number}): Promise<StatementsErased> {
  const [condition, param] = 'email' in which ? ['email = $1', which.email] : ['issued_at < to_timestamp($1)', which.issuedBefore];
  const statements = await tx.query<{id: number}>(
    `update statements set first_name = null, last_name = null, email = null, country = null
     where ${condition} and email is not null returning id`,
    [param],
  );
  const unsent = await tx.query(
    `delete from mail where sent_at is null and statement in (select (jsonb_array_elements_text($1::text::jsonb))::int) returning 1`,
    [JSON.stringify(statements.map((row) => row.id))],
  );
  return {statements: statements.length, unsent: unsent.length};
}
