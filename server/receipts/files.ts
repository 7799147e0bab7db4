/**
 * What the supporter's page sends from this room: a receipt's or a statement's PDF alone, and the message that carries
 * a link to the page. The PDF library, the fonts and the emails' React load with the first, never in a Worker.
 */
import type {Issuer, ReceiptDocument, RenderedMail, StatementDocument} from './documents';

const load = async () => {
  const [{receiptPdf, statementPdf}, {notoSans}] = await Promise.all([import('./pdf'), import('./fonts')]);
  return {receiptPdf, statementPdf, fonts: await notoSans()};
};

export async function receiptFile(issuer: Issuer, doc: ReceiptDocument): Promise<Uint8Array> {
  const {receiptPdf, fonts} = await load();
  return receiptPdf(issuer, doc, fonts);
}

export async function statementFile(issuer: Issuer, doc: StatementDocument): Promise<Uint8Array> {
  const {statementPdf, fonts} = await load();
  return statementPdf(issuer, doc, fonts);
}

export async function linkMessage(issuer: Issuer, url: string, minutes: number): Promise<RenderedMail> {
  return (await import('./render')).renderLink(issuer, url, minutes);
}
