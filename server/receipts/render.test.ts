/** Receipts, cancellation notes and statements as supporters get them: the PDF read back as text, and the email. */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import {decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream} from 'pdf-lib';
import {beforeAll, describe, expect, it} from 'vitest';
import type {Issuer, ReceiptDocument, StatementDocument} from './documents';
import {notoSans} from './fonts';
import type {Fonts} from './pdf';
import {paidBy} from './words';
import {renderReceipt, renderStatement} from './render';

const PDFTOTEXT = '/usr/bin/pdftotext';

function pdftotext(pdf: Uint8Array, ...options: string[]): string {
  if (!existsSync(PDFTOTEXT)) throw new Error("Install Debian's poppler-utils for pdftotext: apt-get install -y poppler-utils");
  const run = spawnSync(PDFTOTEXT, [...options, '-', '-'], {input: pdf, encoding: 'utf8'});
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
}

/** The PDF's text as pdftotext lays it out: a page per form feed. */
const layout = (pdf: Uint8Array) => pdftotext(pdf, '-layout');
/** Any run of spaces, line breaks or no-break spaces as one space, so a sentence reads whole wherever it wrapped. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every word's box on its page, to show nothing is drawn past the margins. */
function wordBoxes(pdf: Uint8Array) {
  const html = pdftotext(pdf, '-bbox');
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html);
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)];
  return {
    width: Number(page?.[1]),
    height: Number(page?.[2]),
    words: words.map(([, xMin, yMin, xMax, yMax, text]) => ({
      text,
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    })),
  };
}

function expectInsideMargins(pdf: Uint8Array) {
  const {width, height, words} = wordBoxes(pdf);
  expect(width).toBeCloseTo(595.28, 1);
  expect(words.length).toBeGreaterThan(20);
  for (const word of words) {
    expect(word.xMin, word.text).toBeGreaterThanOrEqual(40);
    expect(word.xMax, word.text).toBeLessThanOrEqual(width - 40);
    expect(word.yMin, word.text).toBeGreaterThanOrEqual(40);
    expect(word.yMax, word.text).toBeLessThanOrEqual(height - 20);
  }
}

/**
 * Each glyph the PDF's fonts embed has the outline the font gives its letter. pdftotext reads the text from the
 * ToUnicode map even when the embedded glyphs are broken, so this is what shows a name is drawn, not only readable.
 */
async function expectGlyphsDrawn(pdf: Uint8Array, fonts: Fonts) {
  const doc = await PDFDocument.load(pdf);
  const originals = {regular: fontkit.create(fonts.regular), bold: fontkit.create(fonts.bold)};
  const bytesOf = (stream: PDFStream) => {
    if (!(stream instanceof PDFRawStream)) throw new Error('A font stream pdf-lib did not write raw');
    return decodePDFRawStream(stream).decode();
  };
  let checked = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const cidFont = doc.context.lookup(object.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0), PDFDict);
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const subset = fontkit.create(bytesOf(descriptor.lookup(PDFName.of('FontFile2'), PDFStream)));
    const original = String(object.get(PDFName.of('BaseFont'))).includes('Bold') ? originals.bold : originals.regular;
    const cmap = new TextDecoder().decode(bytesOf(object.lookup(PDFName.of('ToUnicode'), PDFStream)));
    // A glyph for one character; a ligature ("fi") stands for two and has no single letter to compare with.
    for (const [, gid = '', unicode = ''] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4}|d[89ab][0-9a-f]{2}d[c-f][0-9a-f]{2})>/gi)) {
      const codePoint = String.fromCharCode(...(unicode.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16))).codePointAt(0) ?? 0;
      const drawn = subset.getGlyph(parseInt(gid, 16)).path.toSVG();
      expect(drawn, `U+${codePoint.toString(16)}`).toBe(original.glyphForCodePoint(codePoint).path.toSVG());
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(30);
}

// ---------------------------------------------------------------------------------------------------------------
// The world's values: an Australian fund, a New Zealand trust, a Fijian and a New Caledonian charity.

const REEF: Issuer = {
  legalName: 'Coral Reef Action Fund Ltd',
  number: 'ABN 51 824 753 556',
  address: 'PO Box 1042, Cairns QLD 4870',
  supporterPage: 'https://give.coralreef.org.au/supporters',
  timeZone: 'Australia/Sydney',
};
const TRUST: Issuer = {
  legalName: 'Te Moana Reef Trust',
  number: 'Charities Services CC12345',
  address: null,
  supporterPage: null,
  timeZone: 'Pacific/Auckland',
};
const VANUA: Issuer = {
  legalName: 'Vanua Reef Care Fiji',
  number: 'Charitable Trust No. 2314',
  address: '14 Gordon Street, Suva',
  supporterPage: 'https://vanuareef.org.fj/my-gifts',
  timeZone: 'Pacific/Fiji',
};
const RECIFS: Issuer = {
  legalName: 'Association Récifs de Nouvelle-Calédonie',
  number: 'RIDET 1 234 567.001',
  address: '12 rue de Sébastopol, 98800 Nouméa',
  supporterPage: null,
  timeZone: 'Pacific/Noumea',
};

const AU_TAX = 'Gifts of $2 or more to Coral Reef Action Fund Ltd are tax deductible in Australia. Keep this receipt for your tax return.';

/** A one-off card gift of $50, paid at 9:30 on 3 March in Sydney, still 2 March in UTC. */
const oneOff: ReceiptDocument = {
  number: 123,
  kind: 'receipt',
  cancels: null,
  refunded: null,
  issuedAt: '2026-03-03T23:15:00Z',
  donor: {firstName: 'Mere', lastName: 'Tūhoe-Ngāti', email: 'mere.tuhoe@example.net.au'},
  lines: [{paidAt: '2026-03-02T22:30:00Z', amount: 5000, currency: 'AUD'}],
  total: 5000,
  currency: 'AUD',
  method: 'card',
  frequency: 'one-off',
  month: null,
  taxWords: AU_TAX,
  locale: 'en-AU',
};

let fonts: Fonts;
beforeAll(async () => {
  fonts = await notoSans();
});

describe('a receipt for one gift', () => {
  it('states in the PDF every fact Australia and New Zealand ask of a receipt', async () => {
    const mail = await renderReceipt(REEF, oneOff, fonts);
    const text = layout(mail.attachments[0]!.content);
    const words = flat(text);
    expect(words).toContain('Coral Reef Action Fund Ltd');
    expect(words).toContain('ABN 51 824 753 556');
    expect(words).toContain('PO Box 1042, Cairns QLD 4870');
    expect(words).toContain('Receipt for a gift');
    expect(text).toMatch(/Receipt number\s+000123/);
    expect(text).toMatch(/Date issued\s+4 March 2026/);
    expect(text).toMatch(/Received from\s+Mere Tūhoe-Ngāti/);
    expect(text).toMatch(/Amount\s+\$50 AUD/);
    expect(text).toMatch(/Paid on\s+3 March 2026/);
    expect(text).toMatch(/Paid by\s+Card/);
    expect(text).toMatch(/Gift\s+One-off gift/);
    expect(words).toContain(
      'This is a receipt for a donation. Mere Tūhoe-Ngāti gave a gift of $50 AUD to Coral Reef Action Fund Ltd (ABN 51 824 753 556) on 3 March 2026.',
    );
    expect(words).toContain(AU_TAX);
    expect(text).toMatch(/Receipt 000123 · page 1 of 1/);
  });

  it('says the same in the email, with the PDF attached and the supporter’s page linked', async () => {
    const mail = await renderReceipt(REEF, oneOff, fonts);
    expect(mail.subject).toBe('Receipt 000123 for your gift to Coral Reef Action Fund Ltd');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({filename: 'receipt-000123.pdf', contentType: 'application/pdf'});
    const words = flat(mail.text);
    for (const fact of [
      'Receipt number: 000123',
      'Date issued: 4 March 2026',
      'Received from: Mere Tūhoe-Ngāti',
      'Amount: $50 AUD',
      'Paid on: 3 March 2026',
      'Paid by: Card',
      'This is a receipt for a donation. Mere Tūhoe-Ngāti gave a gift of $50 AUD to Coral Reef Action Fund Ltd (ABN 51 824 753 556) on 3 March 2026.',
      AU_TAX,
      'Your receipt is attached as a PDF.',
      'See your gifts, download receipts and change a regular gift https://give.coralreef.org.au/supporters',
      'Coral Reef Action Fund Ltd · ABN 51 824 753 556 PO Box 1042, Cairns QLD 4870',
    ]) {
      expect(words).toContain(fact);
    }
    expect(mail.html).toContain('href="https://give.coralreef.org.au/supporters"');
    expect(mail.html).toContain('<h1');
    expect(mail.html).toContain('#0a6481');
  });

  it('names the PDF for its issuer and number, and no tool', async () => {
    const pdf = await PDFDocument.load((await renderReceipt(REEF, oneOff, fonts)).attachments[0]!.content, {updateMetadata: false});
    expect(pdf.getTitle()).toBe('Receipt 000123, Coral Reef Action Fund Ltd');
    expect(pdf.getAuthor()).toBe('Coral Reef Action Fund Ltd');
    expect(pdf.getSubject()).toBe('Receipt for a gift');
    expect(pdf.getProducer()).toBeUndefined();
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({width: 595.28, height: 841.89});
  });

  it('writes a New Zealand receipt in its time zone, and says nothing of tax when the organisation gave no words', async () => {
    const doc: ReceiptDocument = {
      ...oneOff,
      number: 4051,
      // 11:40 on 1 April in Auckland, still 31 March in UTC.
      issuedAt: '2026-03-31T23:40:00Z',
      lines: [{paidAt: '2026-03-31T22:05:00Z', amount: 3500, currency: 'NZD'}],
      total: 3500,
      currency: 'NZD',
      donor: {firstName: 'ʻAna', lastName: 'Fīfita-Ōtaki', email: 'ana.fifita@example.co.nz'},
      method: 'direct-debit',
      frequency: 'monthly',
      taxWords: null,
      locale: 'en-NZ',
    };
    const mail = await renderReceipt(TRUST, doc, fonts);
    const pdf = layout(mail.attachments[0]!.content);
    for (const text of [pdf, mail.text]) {
      const words = flat(text);
      expect(words).toContain('Te Moana Reef Trust');
      expect(words).toContain('Charities Services CC12345');
      expect(words).toContain('004051');
      expect(words).toContain('ʻAna Fīfita-Ōtaki');
      expect(words).toMatch(/Paid on:? 1 April 2026/);
      expect(words).toMatch(/Paid by:? Direct debit/);
      expect(words).toMatch(/Gift:? Monthly gift/);
      expect(words).toContain(
        'This is a receipt for a donation. ʻAna Fīfita-Ōtaki gave a gift of $35 NZD to Te Moana Reef Trust (Charities Services CC12345) on 1 April 2026.',
      );
      expect(words).not.toMatch(/tax|deductib|credit/i);
    }
    expect(mail.subject).toBe('Receipt 004051 for your gift to Te Moana Reef Trust');
    expect(mail.text).not.toContain('See your gifts');
    expect(mail.html).not.toContain('See your gifts');
    expect(mail.html).not.toContain('href=');
  });

  it('names a donor who gave no name by their email', async () => {
    const doc = {...oneOff, donor: {firstName: null, lastName: null, email: 'seini.t@example.to'}};
    const mail = await renderReceipt(REEF, doc, fonts);
    for (const text of [layout(mail.attachments[0]!.content), mail.text]) {
      expect(flat(text)).toMatch(/Received from:? seini\.t@example\.to/);
      expect(flat(text)).toContain('seini.t@example.to gave a gift of $50 AUD');
    }
  });

  it('keeps a receipt number longer than six digits whole', async () => {
    const mail = await renderReceipt(REEF, {...oneOff, number: 1234567}, fonts);
    expect(mail.subject).toBe('Receipt 1234567 for your gift to Coral Reef Action Fund Ltd');
    expect(mail.attachments[0]!.filename).toBe('receipt-1234567.pdf');
    expect(layout(mail.attachments[0]!.content)).toMatch(/Receipt number\s+1234567\n/);
  });

  it('loads Noto Sans itself when no fonts are handed in', async () => {
    const mail = await renderReceipt(REEF, oneOff);
    expect(flat(layout(mail.attachments[0]!.content))).toContain('Mere Tūhoe-Ngāti');
  });
});

describe('names as people write them', () => {
  it('draws macrons, the ʻokina, accents and apostrophes, composed however they were typed', async () => {
    const doc: ReceiptDocument = {
      ...oneOff,
      // "Tāne" typed with a combining macron, as some keyboards send it.
      donor: {firstName: 'Hélène ʻOfa Tāne', lastName: "O'Brien-Ngata\u0304", email: 'helene@example.nz'},
    };
    const pdf = (await renderReceipt(REEF, doc, fonts)).attachments[0]!.content;
    expect(flat(layout(pdf))).toContain("Received from Hélène ʻOfa Tāne O'Brien-Ngatā");
    await expectGlyphsDrawn(pdf, fonts);
  });

  it('wraps a long name and a long email inside the margins, and cuts neither', async () => {
    const firstName = 'Losaline Heilala ʻOfa-ki-Vavaʻu Mele Sāmiuela';
    const lastName = 'Taumoepeau-Fīfita-Tuʻipulotu-Vaipulu-Halaʻufia-Kaufusi';
    const named = (await renderReceipt(REEF, {...oneOff, donor: {firstName, lastName, email: 'l@example.to'}}, fonts)).attachments[0]!
      .content;
    const text = layout(named);
    expect(text.split('\n').some((line) => line.includes(`${firstName} ${lastName}`))).toBe(false);
    expect(text.replace(/\s+/g, '')).toContain(`Receivedfrom${firstName}${lastName}`.replace(/\s+/g, ''));
    expect(flat(text)).toContain(`${firstName} ${lastName} gave a gift of $50 AUD`);
    expectInsideMargins(named);

    const email = 'losaline.heilala.taumoepeau.fifita.tuipulotu.vaipulu@kaufusi-family-trust.example.to';
    const unnamed = (await renderReceipt(REEF, {...oneOff, donor: {firstName: null, lastName: null, email}}, fonts)).attachments[0]!
      .content;
    expect(layout(unnamed).replace(/\s+/g, '')).toContain(`Receivedfrom${email}`);
    expectInsideMargins(unnamed);
  });

  it('escapes a name in the HTML and keeps it literally in the text and the PDF', async () => {
    const doc = {...oneOff, donor: {firstName: '<b>Mere</b> & "Tui"', lastName: 'Faleolo', email: 'mere@example.ws'}};
    const mail = await renderReceipt(REEF, doc, fonts);
    expect(mail.html).not.toMatch(/<b>/i);
    expect(mail.html).not.toContain('<b>Mere');
    expect(mail.html).toContain('&lt;b&gt;Mere&lt;/b&gt; &amp; ');
    expect(mail.text).toContain('Received from: <b>Mere</b> & "Tui" Faleolo');
    expect(flat(layout(mail.attachments[0]!.content))).toContain('Received from <b>Mere</b> & "Tui" Faleolo');
  });
});

describe('a monthly receipt', () => {
  const monthly: ReceiptDocument = {
    ...oneOff,
    number: 2210,
    issuedAt: '2026-04-01T01:00:00Z',
    donor: {firstName: 'Litia', lastName: 'Naivalu', email: 'litia.naivalu@example.com.fj'},
    lines: [
      {paidAt: '2026-03-01T00:10:00Z', amount: 2000, currency: 'FJD'},
      {paidAt: '2026-03-08T00:10:00Z', amount: 2000, currency: 'FJD'},
      {paidAt: '2026-03-15T00:10:00Z', amount: 2550, currency: 'FJD'},
    ],
    total: 6550,
    currency: 'FJD',
    method: 'card',
    frequency: 'monthly',
    month: '2026-03',
    taxWords: null,
    locale: 'en-FJ',
  };

  it('lists each payment of the month and the total, in the PDF and the email', async () => {
    const mail = await renderReceipt(VANUA, monthly, fonts);
    const text = layout(mail.attachments[0]!.content);
    expect(flat(text)).toContain('Receipt for a monthly gift, March 2026');
    expect(text).toMatch(/1 March 2026\s+\$20 FJD\n/);
    expect(text).toMatch(/8 March 2026\s+\$20 FJD\n/);
    expect(text).toMatch(/15 March 2026\s+\$25\.50 FJD\n/);
    expect(text).toMatch(/Total\s+\$65\.50 FJD\n/);
    expect(text).toMatch(/Paid in\s+March 2026/);
    expect(flat(text)).toContain(
      'This is a receipt for a donation. Litia Naivalu gave $65.50 FJD to Vanua Reef Care Fiji (Charitable Trust No. 2314) in March 2026 by a monthly gift',
    );
    const words = flat(mail.text);
    for (const line of ['1 March 2026: $20 FJD', '8 March 2026: $20 FJD', '15 March 2026: $25.50 FJD', 'Total: $65.50 FJD']) {
      expect(words).toContain(line);
    }
    expect(words).toContain('Litia Naivalu gave $65.50 FJD to Vanua Reef Care Fiji');
    expect(mail.subject).toBe('Receipt 002210 for your gift to Vanua Reef Care Fiji');
  });

  it('writes Pacific francs without cents', async () => {
    const francs: ReceiptDocument = {
      ...monthly,
      number: 77,
      lines: [
        {paidAt: '2026-03-01T00:10:00Z', amount: 500000, currency: 'XPF'},
        {paidAt: '2026-03-15T00:10:00Z', amount: 734500, currency: 'XPF'},
      ],
      total: 1234500,
      currency: 'XPF',
      locale: 'fr-NC',
      donor: {firstName: 'Éloïse', lastName: 'Wamytan', email: 'eloise@example.nc'},
    };
    const mail = await renderReceipt(RECIFS, francs, fonts);
    for (const text of [layout(mail.attachments[0]!.content), mail.text]) {
      const words = flat(text);
      expect(words).toMatch(/1 mars 2026:? 5 000 FCFP/);
      expect(words).toMatch(/15 mars 2026:? 7 345 FCFP/);
      expect(words).toMatch(/Total:? 12 345 FCFP/);
      expect(words).not.toMatch(/\d[.,]\d\d\s?FCFP/);
      expect(words).toContain('Éloïse Wamytan');
    }
  });
});

describe('a note that cancels a receipt', () => {
  const cancellation: ReceiptDocument = {
    ...oneOff,
    number: 124,
    kind: 'cancellation',
    cancels: 123,
    refunded: 5000,
    issuedAt: '2026-03-10T02:00:00Z',
  };

  it('names the receipt it cancels, says the gift was refunded, and has its own number', async () => {
    const mail = await renderReceipt(REEF, cancellation, fonts);
    expect(mail.subject).toBe('Receipt 000123 is cancelled');
    expect(mail.attachments[0]).toMatchObject({filename: 'cancellation-000124.pdf', contentType: 'application/pdf'});
    const text = layout(mail.attachments[0]!.content);
    expect(text).toMatch(/Note number\s+000124/);
    expect(text).toMatch(/Cancels receipt\s+000123/);
    expect(text).toMatch(/Refunded\s+\$50 AUD/);
    expect(text).toMatch(/Cancellation note 000124 · page 1 of 1/);
    for (const words of [flat(text), flat(mail.text)]) {
      expect(words).toContain('Note cancelling receipt 000123');
      expect(words).toContain(
        'This note cancels receipt 000123. The gift of $50 AUD that Mere Tūhoe-Ngāti gave to Coral Reef Action Fund Ltd (ABN 51 824 753 556) on 3 March 2026 was refunded, so receipt 000123 is no longer valid.',
      );
    }
    expect(mail.text).toContain('This note is attached as a PDF.');
    expect(mail.text).not.toContain('Thank you');
  });

  it('says how much of the gift was refunded when it was not all of it', async () => {
    const mail = await renderReceipt(REEF, {...cancellation, refunded: 2000}, fonts);
    for (const words of [flat(layout(mail.attachments[0]!.content)), flat(mail.text)]) {
      expect(words).toMatch(/Refunded:? \$20 AUD/);
      expect(words).toContain('$20 AUD of the gift of $50 AUD that Mere Tūhoe-Ngāti gave');
      expect(words).toContain('so receipt 000123 is no longer valid.');
    }
  });
});

describe('a statement of the year', () => {
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  // A weekly gift from 4 July 2025, paid at noon in Sydney; every seventh had no receipt yet, the sixth was part refunded,
  // and two were given in Fiji dollars on a trip.
  const lines = Array.from({length: 40}, (_, i) => {
    const day = new Date(Date.UTC(2025, 6, 4 + 7 * i, 2));
    const currency = i === 20 || i === 21 ? 'FJD' : 'AUD';
    return {
      paidAt: day.toISOString(),
      amount: 1000 + 25 * i,
      currency,
      receipt: i % 7 === 3 ? null : 5000 + i,
      refunded: i === 5 ? 500 : 0,
      written: `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`,
    };
  });
  const totalOf = (currency: string) =>
    lines.filter((line) => line.currency === currency).reduce((sum, line) => sum + line.amount - line.refunded, 0);
  const statement: StatementDocument = {
    year: 2026,
    from: '2025-07-01',
    to: '2026-06-30',
    issuedAt: '2026-07-03T00:00:00Z',
    donor: {firstName: 'Sione', lastName: 'Taufaʻao', email: 'sione.taufaao@example.to'},
    lines: lines.map(({written: _, ...line}) => line),
    totals: [
      {currency: 'AUD', amount: totalOf('AUD')},
      {currency: 'FJD', amount: totalOf('FJD')},
    ],
    taxWords: AU_TAX,
    locale: 'en-AU',
  };

  it('has every payment, a total per currency, and runs onto a second page with its header', async () => {
    expect(totalOf('AUD')).toBe(55_975);
    const mail = await renderStatement(REEF, statement, fonts);
    const pdf = mail.attachments[0]!.content;
    const text = layout(pdf);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pages.length);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Date paid\s+Amount\s+Receipt\s+Refunded/);
      expect(page).toContain(`Statement of gifts 2026 · page ${i + 1} of ${pages.length}`);
    });

    const pattern = (words: string) => words.replace(/[$.()]/g, '\\$&');
    lines.forEach((line, i) => {
      const figure = (line.amount / 100).toFixed(line.amount % 100 === 0 ? 0 : 2);
      // en-AU writes its own dollar as "$", another currency by its code.
      const amount = line.currency === 'AUD' ? `$${figure} AUD` : `${line.currency} ${figure}`;
      const receipt = line.receipt === null ? '—' : String(line.receipt).padStart(6, '0');
      const refunded = line.refunded > 0 ? '\\s+\\$5 AUD' : '';
      expect(text, `line ${i}`).toMatch(new RegExp(`\\n${line.written}\\s+${pattern(amount)}\\s+${receipt}${refunded}\\n`));
    });
    expect(text).toMatch(/Total \(AUD\)\s+\$559\.75 AUD\n/);
    expect(text).toMatch(/Total \(FJD\)\s+FJD 30\.25\n/);
    expect(flat(text)).toContain('Statement of gifts, financial year 1 July 2025 to 30 June 2026');
    expect(text).toMatch(/Prepared for\s+Sione Taufaʻao/);
    expect(flat(text)).toContain(AU_TAX);
    expectInsideMargins(pdf);
  });

  it('sends the statement with its totals and the supporter’s page', async () => {
    const mail = await renderStatement(REEF, statement, fonts);
    expect(mail.subject).toBe('Your statement of gifts for 2026');
    expect(mail.attachments[0]).toMatchObject({filename: 'statement-2026.pdf', contentType: 'application/pdf'});
    const words = flat(mail.text);
    for (const fact of [
      'Statement of gifts, financial year 1 July 2025 to 30 June 2026',
      'Prepared for: Sione Taufaʻao',
      'Gifts: 40',
      'Total (AUD): $559.75 AUD',
      'Total (FJD): FJD 30.25',
      'gave to Coral Reef Action Fund Ltd (ABN 51 824 753 556) in the financial year 1 July 2025 to 30 June 2026',
      AU_TAX,
      'Your statement is attached as a PDF',
      'See your gifts, download receipts and change a regular gift https://give.coralreef.org.au/supporters',
    ]) {
      expect(words).toContain(fact);
    }
  });

  it('says so when the year had no gifts, and nothing of tax without the words', async () => {
    const empty = {...statement, lines: [], totals: [], taxWords: null};
    const mail = await renderStatement(TRUST, empty, fonts);
    for (const text of [layout(mail.attachments[0]!.content), mail.text]) {
      expect(flat(text)).toContain(
        'Te Moana Reef Trust (Charities Services CC12345) received no gifts from Sione Taufaʻao in the financial year 1 July 2025 to 30 June 2026.',
      );
      expect(flat(text)).not.toMatch(/tax|deductib|Date paid/i);
    }
    expect(mail.text).not.toContain('See your gifts');
  });
});

describe('how a gift was paid', () => {
  it('names the methods a record holds, and writes any other plainly', () => {
    expect(paidBy('card')).toBe('Card');
    expect(paidBy('direct-debit')).toBe('Direct debit');
    expect(paidBy('au_becs_debit')).toBe('Direct debit (BECS)');
    expect(paidBy('paypal')).toBe('PayPal');
    expect(paidBy('bank_transfer')).toBe('Bank transfer');
  });
});
