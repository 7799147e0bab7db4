/**
 * What the supporter's page sends from this room: a receipt's or a statement's PDF alone, and the message that carries
 * a link to the page. The PDF library, the fonts and the emails' React load with the first.
 */
import type {Issuer, ReceiptDocument, RenderedMail, StatementDocument} from './documents';
import type {Fonts} from './pdf';

let given: (() => Promise<Fonts>) | null = null;

/** Where the PDFs' fonts come from on a host with no file system to read them from (a Worker's bundle). */
export function provideFonts(load: () => Promise<Fonts>): void {
  given = load;
}

const load = async () => {
  const fonts = given ?? (async () => (await import('./fonts')).notoSans());
  const [{receiptPdf, statementPdf}, loaded] = await Promise.all([import('./pdf'), fonts()]);
  return {receiptPdf, statementPdf, fonts: loaded};
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
