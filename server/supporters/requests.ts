/**
 * A supporter's request, once carried out: kept in `supporter_requests` (what it touched, never the details) and,
 * with forwarding on, queued for the CRM as a signed `supporter.erased` or `supporter.corrected` record.
 */
import type {Queryable} from '../db';
import {queue, iso} from '../records';

export type CarriedOut = {
  action: 'erased' | 'corrected';
  emailKey: string | null;
  gifts: readonly string[];
  signatures: readonly string[];
  /** A correction's fields, by name. */
  fields?: readonly string[];
  /** An erasure's Stripe Customers, deleted or kept. */
  customers?: readonly unknown[];
  by: 'command' | 'route' | 'page';
  /** Seconds since the epoch. */
  at: number;
};

const RECORD = {
  erased: {prefix: 'erasure', type: 'supporter.erased'},
  corrected: {prefix: 'correction', type: 'supporter.corrected'},
} as const;

/** Keeps the request and, when `forward` holds the CRM record's data, queues it: answers the record's id, or null. */
export async function keepRequest(tx: Queryable, request: CarriedOut, forward: Record<string, unknown> | null): Promise<string | null> {
  const [kept] = await tx.query<{id: string | number}>(
    `insert into supporter_requests (action, email_key, gifts, signatures, fields, customers, requested_by, at)
     values ($1, $2, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7, to_timestamp($8)) returning id`,
    [
      request.action,
      request.emailKey,
      JSON.stringify(request.gifts),
      JSON.stringify(request.signatures),
      JSON.stringify(request.fields ?? []),
      JSON.stringify(request.customers ?? []),
      request.by,
      request.at,
    ],
  );
  if (forward === null) return null;
  const {prefix, type} = RECORD[request.action];
  const id = `${prefix}:${kept!.id}`;
  await queue(tx, {id, type, occurredAt: iso(request.at), data: forward});
  return id;
}
