/**
 * What a receipt, a note that cancels one, and a year's statement say: the data each document is drawn from, as the
 * records give it. The renderers (the email's text and HTML, and its PDF) read only these.
 */
import type {Frequency} from '../../src/coral/contract/library';

/** The organisation that issues receipts, as its receipts settings name it. */
export type Issuer = {
  /** Its legal name, as registered: "Coral Reef Action Fund Ltd". */
  legalName: string;
  /** Its ABN, or its charity number elsewhere: "ABN 12 345 678 901", "Charities Services CC12345". */
  number: string;
  /** Its postal address, printed under the name; null leaves it out. */
  address: string | null;
  /** Where a supporter asks for a link to their own page; null leaves the link out. */
  supporterPage: string | null;
  /** The time zone dates are written in: Australia/Sydney, Pacific/Auckland, Pacific/Fiji… */
  timeZone: string;
};

/** One payment on a receipt or a statement. */
export type PaidLine = {
  /** When it was paid, as an ISO time. */
  paidAt: string;
  /** In cents (or the currency's smallest unit as Coral keeps it: whole francs are kept as cents too). */
  amount: number;
  currency: string;
};

export type Donor = {
  firstName: string | null;
  lastName: string | null;
  email: string;
};

export type ReceiptDocument = {
  /** Sequential for the organisation, never reused; a note that cancels a receipt has its own. */
  number: number;
  kind: 'receipt' | 'cancellation';
  /** The receipt a cancellation cancels; null for a receipt. */
  cancels: number | null;
  /** For a cancellation: how much was refunded, in cents; null for a receipt. */
  refunded: number | null;
  /** When the document was issued, as an ISO time. */
  issuedAt: string;
  donor: Donor;
  /** Every payment it covers: one, or a month's payments of a regular gift in a monthly receipt. */
  lines: PaidLine[];
  /** The sum of the lines, in cents. */
  total: number;
  currency: string;
  /** How it was paid, as the gift's record names it: card, au_becs_debit, nz_bank_account, paypal… */
  method: string;
  frequency: Frequency;
  /** The month a monthly receipt covers, `2026-03`; null for a receipt of one payment. */
  month: string | null;
  /** The organisation's own words on tax for the donor's country; null says nothing about it. */
  taxWords: string | null;
  /** The locale dates and amounts are written in: en-AU, en-NZ, fr-NC… */
  locale: string;
};

export type StatementDocument = {
  /** The financial year's name, as the command was given it: 2026. */
  year: number;
  /** The year's first and last days, `2025-07-01` and `2026-06-30`. */
  from: string;
  to: string;
  issuedAt: string;
  donor: Donor;
  /** Every payment paid in the year, oldest first, with the receipt that covered it. */
  lines: (PaidLine & {receipt: number | null; refunded: number})[];
  /** The year's total per currency, refunds taken off, in cents. */
  totals: {currency: string; amount: number}[];
  taxWords: string | null;
  locale: string;
};

/** A message ready for the relay. */
export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  attachments: {filename: string; content: Uint8Array; contentType: 'application/pdf'}[];
};
