/** A receipt, a note that cancels one, or a year's statement as a message ready for the relay: subject, text, HTML and its PDF. */
import {createElement} from 'react';
import type {Issuer, ReceiptDocument, RenderedMail, StatementDocument} from './documents';
import {LinkEmail, ReceiptEmail, renderEmail, StatementEmail} from './emails';
import {receiptPdf, statementPdf, type Fonts} from './pdf';
import {receiptNumber} from './words';

// Read from the package only when no fonts are handed in, so a host without a file system never loads fonts.ts.
const fontsOrNotoSans = async (fonts: Fonts | undefined): Promise<Fonts> => fonts ?? (await import('./fonts')).notoSans();

const pdf = (filename: string, content: Uint8Array): RenderedMail['attachments'][number] => ({
  filename,
  content,
  contentType: 'application/pdf',
});

export async function renderReceipt(issuer: Issuer, doc: ReceiptDocument, fonts?: Fonts): Promise<RenderedMail> {
  const number = receiptNumber(doc.number);
  const [content, {html, text}] = await Promise.all([
    fontsOrNotoSans(fonts).then((loaded) => receiptPdf(issuer, doc, loaded)),
    renderEmail(createElement(ReceiptEmail, {issuer, doc})),
  ]);
  if (doc.kind === 'cancellation') {
    const subject = doc.cancels === null ? 'Your receipt is cancelled' : `Receipt ${receiptNumber(doc.cancels)} is cancelled`;
    return {subject, text, html, attachments: [pdf(`cancellation-${number}.pdf`, content)]};
  }
  const subject = `Receipt ${number} for your gift to ${issuer.legalName}`;
  return {subject, text, html, attachments: [pdf(`receipt-${number}.pdf`, content)]};
}

export async function renderStatement(issuer: Issuer, doc: StatementDocument, fonts?: Fonts): Promise<RenderedMail> {
  const [content, {html, text}] = await Promise.all([
    fontsOrNotoSans(fonts).then((loaded) => statementPdf(issuer, doc, loaded)),
    renderEmail(createElement(StatementEmail, {issuer, doc})),
  ]);
  const subject = `Your statement of gifts for ${doc.year}`;
  return {subject, text, html, attachments: [pdf(`statement-${doc.year}.pdf`, content)]};
}

/** The message that carries a link to a supporter's own page: no attachment. */
export async function renderLink(issuer: Issuer, url: string, minutes: number): Promise<RenderedMail> {
  const {html, text} = await renderEmail(createElement(LinkEmail, {issuer, url, minutes}));
  return {subject: `Your link to your page with ${issuer.legalName}`, text, html, attachments: []};
}
