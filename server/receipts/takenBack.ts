/**
 * What was taken back from a payment, in SQL, for `paid` an alias of `payments`: its refunds so far (each refund's
 * record carries the total refunded from the charge, so the largest is the total) and any dispute lost, in cents.
 */
export const takenBack = (paid: string): string =>
  `(coalesce((select max(back.amount) from payments back where back.outcome = 'refunded' and back.refund_of = ${paid}.key), 0)
    + coalesce((select sum(back.amount) from payments back where back.outcome = 'dispute-lost' and back.refund_of = ${paid}.key), 0))`;

/** The outcomes that take money back from a payment, and so cancel the receipt that covered it. */
export const TAKING_BACK = "('refunded', 'dispute-lost')";
