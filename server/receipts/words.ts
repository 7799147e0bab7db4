/**
 * The words a receipt, a note that cancels one, and a year's statement say, as both the PDF and the email say them,
 * and the supporter's page shows them. A receipt states what Australia's ITAA 1997 s 30-228 asks of one (the fund's
 * name, its ABN, that it is for a gift), and the facts New Zealand's donation tax credit reads off one (the donee
 * organisation, the donor's name, the amount, the date, that it was a donation). Inland Revenue asks for more that
 * only the organisation has (its charity and IRD numbers, an authorised signature): those go in the issuer's
 * `number` and `address` as it writes them.
 */
import {formatMoney, type Frequency} from '../../src/coral/contract/library';
import type {Donor, Issuer, ReceiptDocument, StatementDocument} from './documents';

/** "000123": zero-padded to six digits, never cut, so 1234567 stays 1234567. */
export const receiptNumber = (number: number): string => String(number).padStart(6, '0');

/** First and last name as the supporter gave them; their email when they gave neither. */
export function donorName({firstName, lastName, email}: Donor): string {
  const name = [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? email : name;
}

/** "$50 AUD", "FJD 125.50", "5 000 FCFP": an amount whose sign has no letters gets its currency's code, as "$" alone names several. */
export function money(cents: number, currency: string, locale: string): string {
  const written = formatMoney(cents, {locale, currency});
  return /\p{L}/u.test(written) ? written : `${written} ${currency}`;
}

/** A moment, as the day it was in the organisation's time zone: "3 March 2026". */
export const dateOf = (iso: string, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, {dateStyle: 'long', timeZone}).format(new Date(iso));

/** A calendar day, `2025-07-01`, which has no time zone of its own. */
const dayOf = (day: string, locale: string): string => dateOf(`${day}T00:00:00Z`, locale, 'UTC');

/** A calendar month, `2026-03`: "March 2026". */
const monthOf = (month: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, {month: 'long', year: 'numeric', timeZone: 'UTC'}).format(new Date(`${month}-01T00:00:00Z`));

// The methods a gift's record names; any other is written as it is, its underscores as spaces.
const METHODS: Record<string, string> = {
  card: 'Card',
  'direct-debit': 'Direct debit',
  au_becs_debit: 'Direct debit (BECS)',
  nz_bank_account: 'Direct debit from a New Zealand bank account',
  paypal: 'PayPal',
};

export function paidBy(method: string): string {
  const plain = method.replace(/[_-]+/g, ' ').trim();
  return METHODS[method] ?? plain.charAt(0).toUpperCase() + plain.slice(1);
}

const GIFT_KINDS: Record<Frequency, string> = {
  'one-off': 'one-off gift',
  weekly: 'weekly gift',
  monthly: 'monthly gift',
  daily: 'daily gift',
};

const capital = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/** "Coral Reef Action Fund Ltd (ABN 51 824 753 556)", its number never broken across lines. */
const fundOf = (issuer: Issuer): string => `${issuer.legalName} (${issuer.number.replace(/ /g, '\u00a0')})`;

/** What a receipt or a note that cancels one says, in the order it says it. */
export type ReceiptWords = {
  /** "Receipt for a gift", "Note cancelling receipt 000123". */
  title: string;
  /** The document by its number: "Receipt 000123", "Cancellation note 000124". */
  name: string;
  /** Labels and values, in reading order. */
  facts: [string, string][];
  /** The whole amount it covers: "$50 AUD". */
  total: string;
  /** The sentence that makes it a receipt, or takes one back: who gave what to whom, when, and that it was a gift. */
  declaration: string;
  /** Each payment and the total, when it covers more than one payment. */
  payments: {rows: {date: string; amount: string}[]; total: string} | null;
  taxWords: string | null;
};

export function receiptWords(issuer: Issuer, doc: ReceiptDocument): ReceiptWords {
  const {locale} = doc;
  const donor = donorName(doc.donor);
  const total = money(doc.total, doc.currency, locale);
  const fund = fundOf(issuer);
  const dates = doc.lines.map((line) => dateOf(line.paidAt, locale, issuer.timeZone));
  const several = doc.month !== null || doc.lines.length > 1;
  const paid: [string, string] = doc.month === null ? ['Paid on', dates.join(', ')] : ['Paid in', monthOf(doc.month, locale)];
  const kind = GIFT_KINDS[doc.frequency];
  const payments = several
    ? {
        rows: doc.lines.map((line, i) => ({date: dates[i] ?? '', amount: money(line.amount, line.currency, locale)})),
        total,
      }
    : null;
  const common = {total, payments, taxWords: doc.taxWords};

  if (doc.kind === 'cancellation') {
    const cancelled = doc.cancels === null ? null : receiptNumber(doc.cancels);
    const receipt = cancelled === null ? 'the receipt for this gift' : `receipt ${cancelled}`;
    const refunded = doc.refunded ?? doc.total;
    const what = refunded >= doc.total ? 'The gift' : `${money(refunded, doc.currency, locale)} of the gift`;
    const when = doc.month === null ? `on ${paid[1]}` : `in ${paid[1]}`;
    return {
      ...common,
      title: `Note cancelling ${receipt}`,
      name: `Cancellation note ${receiptNumber(doc.number)}`,
      facts: [
        ['Note number', receiptNumber(doc.number)],
        ...(cancelled === null ? [] : [['Cancels receipt', cancelled] as [string, string]]),
        ['Date issued', dateOf(doc.issuedAt, locale, issuer.timeZone)],
        ['Received from', donor],
        ['Amount of the gift', total],
        ['Refunded', money(refunded, doc.currency, locale)],
        paid,
        ['Paid by', paidBy(doc.method)],
        ['Gift', capital(kind)],
      ],
      declaration:
        `This note cancels ${receipt}. ${what} of ${total} that ${donor} gave to ${fund} ${when} was refunded, ` +
        `so ${receipt} is no longer valid.`,
    };
  }

  const given =
    doc.month === null
      ? `gave a gift of ${total} to ${fund} on ${paid[1]}.`
      : `gave ${total} to ${fund} in ${paid[1]} by a ${kind}: each payment is listed below.`;
  return {
    ...common,
    title: doc.month === null ? 'Receipt for a gift' : `Receipt for a ${kind}, ${paid[1]}`,
    name: `Receipt ${receiptNumber(doc.number)}`,
    facts: [
      ['Receipt number', receiptNumber(doc.number)],
      ['Date issued', dateOf(doc.issuedAt, locale, issuer.timeZone)],
      ['Received from', donor],
      [several ? 'Total' : 'Amount', total],
      paid,
      ['Paid by', paidBy(doc.method)],
      ['Gift', capital(kind)],
    ],
    declaration: `This is a receipt for a donation. ${donor} ${given}`,
  };
}

/** What a year's statement says. */
export type StatementWords = {
  /** "Statement of gifts, financial year 1 July 2025 to 30 June 2026". */
  title: string;
  /** "Statement of gifts 2026", for a footer. */
  name: string;
  facts: [string, string][];
  intro: string;
  header: [string, string, string, string];
  /** Date, amount, receipt (or "—"), refunded (or nothing). */
  rows: [string, string, string, string][];
  /** "Total (AUD)" and the amount, one a currency. */
  totals: [string, string][];
  taxWords: string | null;
};

export function statementWords(issuer: Issuer, doc: StatementDocument): StatementWords {
  const {locale} = doc;
  const donor = donorName(doc.donor);
  const year = `${dayOf(doc.from, locale)} to ${dayOf(doc.to, locale)}`;
  const fund = fundOf(issuer);
  return {
    title: `Statement of gifts, financial year ${year}`,
    name: `Statement of gifts ${doc.year}`,
    facts: [
      ['Prepared for', donor],
      ['Financial year', year],
      ['Date issued', dateOf(doc.issuedAt, locale, issuer.timeZone)],
    ],
    intro:
      doc.lines.length === 0
        ? `${fund} received no gifts from ${donor} in the financial year ${year}.`
        : `These are the gifts (donations) ${donor} gave to ${fund} in the financial year ${year}, each with its receipt. ` +
          'The totals take off what was refunded.',
    header: ['Date paid', 'Amount', 'Receipt', 'Refunded'],
    rows: doc.lines.map((line) => [
      dateOf(line.paidAt, locale, issuer.timeZone),
      money(line.amount, line.currency, locale),
      line.receipt === null ? '—' : receiptNumber(line.receipt),
      line.refunded > 0 ? money(line.refunded, line.currency, locale) : '',
    ]),
    totals: doc.totals.map(({currency, amount}) => [`Total (${currency})`, money(amount, currency, locale)]),
    taxWords: doc.taxWords,
  };
}
