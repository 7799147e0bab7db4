/** The PDF attached to a receipt, to a note that cancels one, and to a year's statement, in the words of ./words.ts. */
import fontkit from '@pdf-lib/fontkit';
import {PDFDocument, rgb, type PDFFont, type PDFPage} from 'pdf-lib';
import type {Issuer, ReceiptDocument, StatementDocument} from './documents';
import {receiptWords, statementWords} from './words';

/** Noto Sans as font files: fonts.ts reads them on Node; a host without a file system hands its own copies in. */
export type Fonts = {regular: Uint8Array; bold: Uint8Array};

// ---------------------------------------------------------------------------------------------------------------
// The page.

const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89]; // A4, in points
const MARGIN = 56;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The lowest a line of content may sit: the footer has the space below it. */
const FLOOR = 76;

const hex = (colour: string) => rgb(...([1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16) / 255) as [number, number, number]));
const INK = hex('#1b1f23');
const MUTED = hex('#4a5560');
const ACCENT = hex('#0a6481');
const PANEL = hex('#e8f3f6');
const RULE = hex('#c5d3d9');

type Face = 'regular' | 'bold';
type Style = {face: Face; size: number; color: typeof INK};
const BODY: Style = {face: 'regular', size: 10.5, color: INK};
const SMALL: Style = {face: 'regular', size: 9, color: MUTED};
const LABEL: Style = {face: 'regular', size: 10.5, color: MUTED};
const STRONG: Style = {face: 'bold', size: 10.5, color: INK};
const leading = (style: Style) => style.size * 1.45;

/** Text as the fonts can draw it: composed (a macron typed as a combining mark becomes ā), controls as spaces. */
const drawable = (text: string): string => text.normalize('NFC').replace(/\p{Cc}/gu, (c) => (c === '\n' ? c : ' '));

/** Lines no wider than `width`, broken at spaces; a word wider than a line (an email address) is broken where it must be, never cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of drawable(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter((part) => part !== '')) {
      const longer = line === '' ? word : `${line} ${word}`;
      if (fits(longer)) {
        line = longer;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      for (const char of Array.from(word)) {
        if (line !== '' && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

type Column = {width: number; align: 'left' | 'right'};

/** Draws down the pages, starting a new one when the next line would not fit. */
class Sheet {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Record<Face, PDFFont>,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Starts a new page unless `height` fits on this one; true when it did. */
  room(height: number): boolean {
    if (this.y - height >= FLOOR) return false;
    this.newPage();
    return true;
  }

  space(points: number): void {
    this.y -= points;
  }

  lines(text: string, style: Style, width = WIDTH): string[] {
    return wrap(text, this.fonts[style.face], style.size, width);
  }

  /** One line with its baseline `style.size` below the top given. */
  private draw(line: string, x: number, top: number, style: Style, page = this.page): void {
    page.drawText(line, {x, y: top - style.size, font: this.fonts[style.face], size: style.size, color: style.color});
  }

  paragraph(text: string, style: Style = BODY, after = 8): void {
    for (const line of this.lines(text, style)) {
      this.room(leading(style));
      this.draw(line, MARGIN, this.y, style);
      this.y -= leading(style);
    }
    this.y -= after;
  }

  rule(color = RULE, thickness = 0.75): void {
    this.page.drawLine({start: {x: MARGIN, y: this.y}, end: {x: PAGE_WIDTH - MARGIN, y: this.y}, thickness, color});
  }

  /** Labels and values in a tinted panel, values wrapped beside their labels. */
  facts(rows: [string, string][]): void {
    const pad = 12;
    const labelWidth = 130;
    const valueWidth = WIDTH - 2 * pad - labelWidth;
    const wrapped = rows.map(([label, value]) => ({
      label: this.lines(label, LABEL, labelWidth - 8),
      value: this.lines(value, STRONG, valueWidth),
    }));
    const rowHeights = wrapped.map(({label, value}) => Math.max(label.length, value.length) * leading(BODY) + 3);
    const height = rowHeights.reduce((sum, h) => sum + h, 0) + 2 * pad - 3;
    this.room(height);
    this.roundedPanel(this.y, height);
    let top = this.y - pad;
    wrapped.forEach(({label, value}, i) => {
      label.forEach((line, at) => this.draw(line, MARGIN + pad, top - at * leading(BODY), LABEL));
      value.forEach((line, at) => this.draw(line, MARGIN + pad + labelWidth, top - at * leading(BODY), STRONG));
      top -= rowHeights[i] ?? 0;
    });
    this.y -= height + 14;
  }

  private roundedPanel(top: number, height: number, r = 8): void {
    const w = WIDTH;
    const path = `M ${r} 0 H ${w - r} A ${r} ${r} 0 0 1 ${w} ${r} V ${height - r} A ${r} ${r} 0 0 1 ${w - r} ${height} H ${r} A ${r} ${r} 0 0 1 0 ${height - r} V ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`;
    this.page.drawSvgPath(path, {x: MARGIN, y: top, color: PANEL, borderWidth: 0});
  }

  /** A table whose header is drawn again at the top of every page it runs onto; a row is never split. */
  table(columns: Column[], header: string[], rows: string[][], footer: string[][] = []): void {
    const gap = 10;
    const drawRow = (cells: string[], style: Style, ruleAfter: boolean) => {
      const wrapped = columns.map((column, i) => this.lines(cells[i] ?? '', style, column.width - gap));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * leading(style) + 6;
      return {wrapped, height, style, ruleAfter};
    };
    const place = ({wrapped, height, style, ruleAfter}: ReturnType<typeof drawRow>) => {
      let x = MARGIN;
      columns.forEach((column, i) => {
        (wrapped[i] ?? []).forEach((line, at) => {
          const lineWidth = this.fonts[style.face].widthOfTextAtSize(line, style.size);
          const left = column.align === 'right' ? x + column.width - lineWidth : x;
          this.draw(line, left, this.y - 3 - at * leading(style), style);
        });
        x += column.width;
      });
      this.y -= height;
      if (ruleAfter) this.rule();
    };
    const head = drawRow(header, {...STRONG, size: 9.5, color: MUTED}, true);
    const body = rows.map((cells) => drawRow(cells, BODY, true));
    const foot = footer.map((cells) => drawRow(cells, STRONG, false));
    // The header and the first row go together, so a header never closes a page alone.
    this.room(head.height + (body[0]?.height ?? 0));
    place(head);
    for (const row of [...body, ...foot]) {
      if (this.room(row.height)) place(head);
      place(row);
    }
    this.y -= 10;
  }

  /** Each page's footer: who issued it, what it is, and which page of how many. */
  footers(left: string, right: (page: number, of: number) => string): void {
    this.pages.forEach((page, i) => {
      const rightText = drawable(right(i + 1, this.pages.length));
      const rightWidth = this.fonts.regular.widthOfTextAtSize(rightText, SMALL.size);
      page.drawLine({start: {x: MARGIN, y: 52}, end: {x: PAGE_WIDTH - MARGIN, y: 52}, thickness: 0.5, color: RULE});
      this.draw(rightText, PAGE_WIDTH - MARGIN - rightWidth, 46, SMALL, page);
      this.lines(left, SMALL, WIDTH - rightWidth - 16).forEach((line, at) =>
        this.draw(line, MARGIN, 46 - at * leading(SMALL), SMALL, page),
      );
    });
  }

  /** The issuer's name, number and address, and the document's title under a rule in the accent colour. */
  heading(issuer: Issuer, title: string): void {
    this.paragraph(issuer.legalName, {face: 'bold', size: 14, color: INK}, 2);
    this.paragraph(issuer.number, SMALL, 0);
    if (issuer.address !== null) this.paragraph(issuer.address, SMALL, 0);
    this.space(14);
    this.rule(ACCENT, 1.5);
    this.space(18);
    this.paragraph(title, {face: 'bold', size: 19, color: INK}, 12);
  }
}

/**
 * The font with every glyph padded to an even length. @pdf-lib/fontkit's subsetter writes the short offsets, which
 * count in twos, without padding the glyphs it copies: one odd-length glyph (Noto Sans has hundreds) shifts all after
 * it, and they draw blank while pdftotext still reads them. Fontkit fixed this in 1.8 (foliojs/fontkit#191); pdf-lib's
 * fork predates it. The new glyf and loca tables go at the end of the file and the table directory points to them.
 */
function withEvenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, {record: number; offset: number}>();
  for (let i = 0; i < view.getUint16(4); i += 1) {
    const record = 12 + 16 * i;
    tables.set(String.fromCharCode(...font.subarray(record, record + 4)), {record, offset: view.getUint32(record + 8)});
  }
  const [head, maxp, loca, glyf] = ['head', 'maxp', 'loca', 'glyf'].map((tag) => tables.get(tag));
  // A font of CFF outlines has no glyf table, and nothing to pad.
  if (head === undefined || maxp === undefined || loca === undefined || glyf === undefined) return font;
  const count = view.getUint16(maxp.offset + 4);
  const long = view.getInt16(head.offset + 50) === 1;
  const offset = (i: number) => (long ? view.getUint32(loca.offset + 4 * i) : 2 * view.getUint16(loca.offset + 2 * i));
  const starts = [0];
  for (let i = 0; i < count; i += 1) {
    const length = offset(i + 1) - offset(i);
    starts.push((starts[i] ?? 0) + length + (length % 2));
  }
  const size = starts[count] ?? 0;
  const align = (at: number) => Math.ceil(at / 4) * 4;
  const glyfAt = align(font.byteLength);
  const locaAt = align(glyfAt + size);
  const out = new Uint8Array(locaAt + 4 * (count + 1));
  const write = new DataView(out.buffer);
  out.set(font);
  for (let i = 0; i < count; i += 1)
    out.set(font.subarray(glyf.offset + offset(i), glyf.offset + offset(i + 1)), glyfAt + (starts[i] ?? 0));
  starts.forEach((start, i) => write.setUint32(locaAt + 4 * i, start));
  write.setInt16(head.offset + 50, 1);
  write.setUint32(glyf.record + 8, glyfAt);
  write.setUint32(glyf.record + 12, size);
  write.setUint32(loca.record + 8, locaAt);
  write.setUint32(loca.record + 12, 4 * (count + 1));
  return out;
}

const padded = new WeakMap<Uint8Array, Uint8Array>();
function evenGlyphs(font: Uint8Array): Uint8Array {
  const even = padded.get(font) ?? withEvenGlyphs(font);
  padded.set(font, even);
  return even;
}

async function startPdf(fonts: Fonts, meta: {title: string; author: string; subject: string; locale: string; issuedAt: string}) {
  // No metadata of pdf-lib's own: the issuer is the author and the creator, and no tool is named as the producer.
  const pdf = await PDFDocument.create({updateMetadata: false});
  pdf.registerFontkit(fontkit);
  // Subset, so the file carries only the letters it uses, whatever alphabet a name is written in.
  const embed = (font: Uint8Array) => pdf.embedFont(evenGlyphs(font), {subset: true});
  const [regular, bold] = await Promise.all([embed(fonts.regular), embed(fonts.bold)]);
  const issued = new Date(meta.issuedAt);
  pdf.setTitle(drawable(meta.title), {showInWindowTitleBar: true});
  pdf.setAuthor(drawable(meta.author));
  pdf.setCreator(drawable(meta.author));
  pdf.setSubject(drawable(meta.subject));
  pdf.setLanguage(meta.locale);
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  return {pdf, sheet: new Sheet(pdf, {regular, bold})};
}

const footerLeft = (issuer: Issuer) => `${issuer.legalName} · ${issuer.number}`;

export async function receiptPdf(issuer: Issuer, doc: ReceiptDocument, fonts: Fonts): Promise<Uint8Array> {
  const words = receiptWords(issuer, doc);
  const {pdf, sheet} = await startPdf(fonts, {
    title: `${words.name}, ${issuer.legalName}`,
    author: issuer.legalName,
    subject: words.title,
    locale: doc.locale,
    issuedAt: doc.issuedAt,
  });
  sheet.heading(issuer, words.title);
  sheet.facts(words.facts);
  sheet.paragraph(words.declaration, BODY, 12);
  if (words.payments !== null) {
    const columns: Column[] = [
      {width: WIDTH - 160, align: 'left'},
      {width: 160, align: 'right'},
    ];
    const rows = words.payments.rows.map(({date, amount}) => [date, amount]);
    sheet.table(columns, ['Date paid', 'Amount'], rows, [['Total', words.payments.total]]);
  }
  if (words.taxWords !== null) sheet.paragraph(words.taxWords);
  sheet.footers(footerLeft(issuer), (page, of) => `${words.name} · page ${page} of ${of}`);
  return pdf.save();
}

export async function statementPdf(issuer: Issuer, doc: StatementDocument, fonts: Fonts): Promise<Uint8Array> {
  const words = statementWords(issuer, doc);
  const {pdf, sheet} = await startPdf(fonts, {
    title: `${words.name}, ${issuer.legalName}`,
    author: issuer.legalName,
    subject: words.title,
    locale: doc.locale,
    issuedAt: doc.issuedAt,
  });
  sheet.heading(issuer, words.title);
  sheet.facts(words.facts);
  sheet.paragraph(words.intro, BODY, 12);
  if (words.rows.length > 0) {
    const columns: Column[] = [
      {width: 150, align: 'left'},
      {width: 125, align: 'right'},
      {width: 98, align: 'right'},
      {width: WIDTH - 373, align: 'right'},
    ];
    sheet.table(
      columns,
      words.header,
      words.rows,
      words.totals.map(([label, amount]) => [label, amount, '', '']),
    );
  }
  if (words.taxWords !== null) sheet.paragraph(words.taxWords);
  sheet.footers(footerLeft(issuer), (page, of) => `${words.name} · page ${page} of ${of}`);
  return pdf.save();
}
