/** What the supporter's page shows for an email, read from the records: gifts, regular gifts, receipts, signatures, details. */
import {type Frequency, ZERO_DECIMAL_CURRENCIES} from '../../src/coral/contract/library';
import type {Queryable} from '../db';
import {dateOf, localeOf, money, receiptNumber, type ReceiptRules} from '../receipts';
import type {DetailsView, DocumentView, GiftView, RegularGiftView, SignatureView, SupporterView} from './pages';

const EVERY: Record<Frequency, string> = {'one-off': '', weekly: ' a week', monthly: ' a month', daily: ' a day'};
const KIND: Record<Frequency, string> = {'one-off': 'One-off gift', weekly: 'Weekly gift', monthly: 'Monthly gift', daily: 'Daily gift'};

type GiftRow = {
  reference: string;
  payment_reference: string | null;
  campaign: string;
  frequency: Frequency;
  amount: number;
  fee: number;
  currency: string;
  country: string | null;
  created_at: Date;
  paid: number;
  failed: number;
  ended: boolean;
  refunded: boolean;
  changed_amount: number | null;
  cancelled: boolean;
};

/** A regular gift's amount as a form's field shows it: 25, 25.5, 1000. */
const fieldAmount = (cents: number, currency: string): string =>
  ZERO_DECIMAL_CURRENCIES.includes(currency) ? String(cents / 100) : String(Number((cents / 100).toFixed(2)));

/** The email's gifts, newest first, each with what became of its payments and what the supporter changed of it. */
export async function giftsOf(db: Queryable, email: string): Promise<GiftRow[]> {
  return db.query<GiftRow>(
    `select g.reference, g.payment_reference, g.campaign, g.frequency, g.amount, g.fee, g.currency, g.country, g.created_at,
       (select count(*) from payments p where p.reference in (g.reference, coalesce(g.payment_reference, g.reference)) and p.outcome = 'paid')::int as paid,
       (select count(*) from payments p where p.reference in (g.reference, coalesce(g.payment_reference, g.reference)) and p.outcome = 'failed')::int as failed,
       exists (select 1 from payments p where p.reference in (g.reference, coalesce(g.payment_reference, g.reference)) and p.outcome = 'ended') as ended,
       exists (select 1 from payments p where p.reference in (g.reference, coalesce(g.payment_reference, g.reference)) and p.outcome = 'refunded') as refunded,
       (select c.amount from gift_changes c where c.gift = g.reference and c.action = 'amount' order by c.id desc limit 1) as changed_amount,
       exists (select 1 from gift_changes c where c.gift = g.reference and c.action = 'cancelled') as cancelled
     from gifts g where lower(g.email) = $1 and g.deidentified_at is null order by g.created_at desc, g.reference`,
    [email],
  );
}

/** Whether a regular gift still takes payments: paid at least once, and neither ended at Stripe nor stopped here. */
export const takesPayments = (gift: GiftRow): boolean => gift.frequency !== 'one-off' && gift.paid > 0 && !gift.ended && !gift.cancelled;

function statusOf(gift: GiftRow): string {
  if (gift.cancelled || (gift.ended && gift.frequency !== 'daily')) return 'Stopped';
  if (gift.ended) return 'Finished';
  if (gift.refunded) return 'Refunded';
  if (gift.paid > 0) return gift.frequency === 'one-off' ? 'Paid' : `${gift.paid} payment${gift.paid === 1 ? '' : 's'} so far`;
  return gift.failed > 0 ? 'Not paid' : 'Not yet paid';
}

/** The page for `email`, with a notice or a problem from what was just done, and the details typed when it failed. */
export async function supporterView(
  db: Queryable,
  rules: ReceiptRules,
  basePath: string,
  email: string,
  said: {notice?: string | null; problem?: string | null; typed?: DetailsView | null} = {},
): Promise<SupporterView> {
  const {timeZone} = rules.issuer;
  const gifts = await giftsOf(db, email);
  const locale = localeOf(gifts[0]?.country ?? null, rules);
  const day = (at: Date) => dateOf(at.toISOString(), locale, timeZone);
  const regular: RegularGiftView[] = gifts
    .filter((gift) => gift.frequency !== 'one-off' && gift.paid > 0)
    .map((gift) => {
      const perPayment = gift.changed_amount ?? gift.amount + gift.fee;
      return {
        reference: gift.reference,
        campaign: gift.campaign,
        amount: `${money(perPayment, gift.currency, locale)}${EVERY[gift.frequency]}`,
        amountField: fieldAmount(perPayment, gift.currency),
        currency: gift.currency,
        summary: `Started ${day(gift.created_at)} · ${gift.paid} payment${gift.paid === 1 ? '' : 's'}`,
        active: takesPayments(gift),
        status: takesPayments(gift) ? 'Active' : statusOf(gift),
      };
    });
  const giftViews: GiftView[] = gifts.map((gift) => ({
    campaign: gift.campaign,
    kind: KIND[gift.frequency],
    amount: money(gift.amount + gift.fee, gift.currency, locale),
    date: day(gift.created_at),
    status: statusOf(gift),
  }));
  const receipts = await db.query<{
    number: number;
    kind: string;
    cancels: number | null;
    amount: number;
    currency: string;
    issued_at: Date;
  }>(
    // By the supporter's gifts, so a receipt issued before they corrected their email is still theirs.
    `select number, kind, cancels, amount, currency, issued_at from receipts
     where gift in (select reference from gifts where lower(email) = $1 and deidentified_at is null) order by number desc`,
    [email],
  );
  const statements = await db.query<{year: number; from_day: string; to_day: string}>(
    "select year, to_char(from_day, 'YYYY-MM-DD') as from_day, to_char(to_day, 'YYYY-MM-DD') as to_day from statements where email = $1 order by year desc",
    [email],
  );
  const documents: DocumentView[] = [
    ...statements.map((statement) => ({
      href: `${basePath}/me/documents/statement-${statement.year}.pdf`,
      label: `Statement of gifts for ${statement.year}`,
      detail: `${statement.from_day} to ${statement.to_day}`,
    })),
    ...receipts.map((receipt) =>
      receipt.kind === 'cancellation'
        ? {
            href: `${basePath}/me/documents/cancellation-${receiptNumber(receipt.number)}.pdf`,
            label: `Note ${receiptNumber(receipt.number)} cancelling receipt ${receiptNumber(receipt.cancels ?? 0)}`,
            detail: `${money(receipt.amount, receipt.currency, locale)} refunded · ${day(receipt.issued_at)}`,
          }
        : {
            href: `${basePath}/me/documents/receipt-${receiptNumber(receipt.number)}.pdf`,
            label: `Receipt ${receiptNumber(receipt.number)}`,
            detail: `${money(receipt.amount, receipt.currency, locale)} · ${day(receipt.issued_at)}`,
          },
    ),
  ];
  const signatureRows = await db.query<{campaign: string; created_at: Date}>(
    'select campaign, created_at from signatures where email = $1 and deidentified_at is null order by created_at desc',
    [email],
  );
  const signatures: SignatureView[] = signatureRows.map((row) => ({campaign: row.campaign, date: day(row.created_at)}));
  return {
    email,
    regular,
    gifts: giftViews,
    documents,
    signatures,
    details: said.typed ?? (await detailsOf(db, email)),
    notice: said.notice ?? null,
    problem: said.problem ?? null,
  };
}

/** The supporter's details as last given: the newest gift's or signature's. */
export async function detailsOf(db: Queryable, email: string): Promise<DetailsView> {
  const [row] = await db.query<{
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    postcode: string | null;
    address: string | null;
  }>(
    `select first_name, last_name, phone, postcode, address, created_at from gifts where lower(email) = $1 and deidentified_at is null
     union all
     select first_name, last_name, phone, postcode, null, created_at from signatures where email = $1 and deidentified_at is null
     order by created_at desc limit 1`,
    [email],
  );
  return {
    firstName: row?.first_name ?? '',
    lastName: row?.last_name ?? '',
    email,
    phone: row?.phone ?? '',
    postcode: row?.postcode ?? '',
    address: row?.address ?? '',
  };
}
