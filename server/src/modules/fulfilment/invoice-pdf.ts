import { amountInWords, formatDateIST, formatGstRate, type Invoice, type InvoiceLine, type Paise } from '@rr/core';
import { pdfTextWriter, type TextStyle } from './pdf-text.ts';

/** The registered seller, from configuration; the shop runs without a GSTIN, and the invoice says so. */
export interface InvoiceSeller {
  legalName: string;
  /** Street, city and pincode; line breaks are kept. */
  address: string;
  gstin: string | null;
}

/** The customer the goods are billed and shipped to (the order's recipient and shipping address). */
export interface InvoiceBuyer {
  name: string;
  address: string;
  city: string;
  postalCode: string;
}

interface DocumentBase {
  /** "RR/2026-27/00001" (core's formatDocumentSerial). */
  serial: string;
  issuedAt: Date | string;
  /** The order's number as the customer sees it. */
  orderNumber: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** core's computeInvoice of the order. */
  invoice: Invoice;
}

export interface TaxInvoiceDocument extends DocumentBase {
  kind: 'invoice';
}

/** CGST rule 53: a credit note names the tax invoice it reverses. */
export interface CreditNoteDocument extends DocumentBase {
  kind: 'credit-note';
  againstInvoice: { serial: string; issuedAt: Date | string };
  reason: string;
}

export type InvoicePdfInput = TaxInvoiceDocument | CreditNoteDocument;

export const GSTIN_NOT_CONFIGURED = 'GSTIN not configured';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Rows stop here; below are "Continued on the next page", the page number and the bottom margin. */
const BODY_BOTTOM = A4.height - MARGIN - 30;
const INK = '#1a1a1a';
const MUTED = '#5a5a5a';
const RULE = '#9a9a9a';
const SHADE = '#efebe4';
const amountFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1,23,456.78: Indian grouping, no symbol (the columns say ₹). */
function amount(paise: Paise): string {
  return amountFormat.format(paise / 100);
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: InvoiceLine, index: number) => { text: string; note?: string };
}

function columnsFor(invoice: Invoice): Column[] {
  const halfRate = (line: InvoiceLine) => formatGstRate(line.gstBasisPoints / 2);
  const taxColumns: Column[] =
    invoice.supplyType === 'intra-state'
      ? [
          {
            title: 'CGST',
            width: 56,
            align: 'right',
            cell: (line) => ({ text: amount(line.cgstPaise), note: `@ ${halfRate(line)}` }),
          },
          {
            title: 'SGST',
            width: 56,
            align: 'right',
            cell: (line) => ({ text: amount(line.sgstPaise), note: `@ ${halfRate(line)}` }),
          },
        ]
      : [
          {
            title: 'IGST',
            width: 64,
            align: 'right',
            cell: (line) => ({ text: amount(line.igstPaise), note: `@ ${formatGstRate(line.gstBasisPoints)}` }),
          },
        ];
  const fixed: Column[] = [
    { title: 'HSN', width: 44, align: 'left', cell: (line) => ({ text: line.hsnCode ?? '-' }) },
    { title: 'Qty', width: 24, align: 'right', cell: (line) => ({ text: String(line.qty) }) },
    { title: 'Unit price', width: 60, align: 'right', cell: (line) => ({ text: amount(line.unitPricePaise) }) },
    { title: 'Taxable value', width: 62, align: 'right', cell: (line) => ({ text: amount(line.taxableValuePaise) }) },
    ...taxColumns,
    { title: 'Amount', width: 64, align: 'right', cell: (line) => ({ text: amount(line.amountPaise) }) },
  ];
  const numberColumn: Column = {
    title: '#',
    width: 16,
    align: 'left',
    cell: (_line, index) => ({ text: String(index + 1) }),
  };
  const used = numberColumn.width + fixed.reduce((sum, column) => sum + column.width, 0);
  const description: Column = {
    title: 'Description',
    width: CONTENT_WIDTH - used,
    align: 'left',
    cell: (line) => ({ text: line.description }),
  };
  return [numberColumn, description, ...fixed];
}

const CELL_PAD = 3;
const TABLE_FONT_SIZE = 8;
const NOTE_FONT_SIZE = 6.5;

/**
 * A tax invoice or credit note as an A4 PDF (CGST rules 46 and 53): seller, serial, date, buyer, place of
 * supply, a line per good and one for shipping with HSN, taxable value and CGST/SGST or IGST, totals, the
 * online discount, the amount in words, reverse charge and a signature line. Long lists flow onto more
 * pages, each starting with the document's header and the table's column titles.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  // Loaded on the first document, not at start-up: pdfkit and its font code are a good part of the start.
  const { default: PDFDocument } = await import('pdfkit');
  const isCreditNote = input.kind === 'credit-note';
  const title = isCreditNote ? 'CREDIT NOTE' : 'TAX INVOICE';
  const { invoice, seller, buyer } = input;
  const issuedOn = formatDateIST(new Date(input.issuedAt).toISOString());
  const sellerName = seller.legalName;

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${isCreditNote ? 'Credit note' : 'Tax invoice'} ${input.serial}`,
      Author: sellerName,
      // The same document renders to the same bytes.
      CreationDate: new Date(input.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = pdfTextWriter(doc);
  /** Draws `value` with its top at y; returns the y below it. */
  const text = (value: string, x: number, y: number, style: Partial<TextStyle> = {}) =>
    writer.draw(value, x, y, { size: 9, color: INK, ...style });
  const rule = (y: number, color = RULE, width = 0.6) => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(A4.width - MARGIN, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  };

  /** Seller and document details: on every page. Returns where the page's body starts. */
  const drawHeader = (): number => {
    const rightWidth = 190;
    const rightX = A4.width - MARGIN - rightWidth;
    const leftWidth = CONTENT_WIDTH - rightWidth - 16;
    text(title, rightX, MARGIN, { weight: 'bold', size: 15, width: rightWidth, align: 'right' });
    text('Original for recipient', rightX, MARGIN + 18, {
      size: 7.5,
      color: MUTED,
      width: rightWidth,
      align: 'right',
    });

    let y = text(sellerName, MARGIN, MARGIN, { weight: 'bold', size: 12, width: leftWidth });
    y = text(seller.address, MARGIN, y + 1, { size: 8.5, width: leftWidth, color: MUTED });
    const gstin = seller.gstin ? `GSTIN: ${seller.gstin}` : GSTIN_NOT_CONFIGURED;
    y = text(gstin, MARGIN, y + 3, { weight: 'bold', size: 9, width: leftWidth });
    y = text(`State: ${invoice.sellerState.name}, Code: ${invoice.sellerState.code}`, MARGIN, y + 1, {
      size: 8.5,
      width: leftWidth,
    });

    const details: [string, string][] = [
      [isCreditNote ? 'Credit note no.' : 'Invoice no.', input.serial],
      [isCreditNote ? 'Credit note date' : 'Invoice date', issuedOn],
      ['Order no.', input.orderNumber],
    ];
    if (input.kind === 'credit-note') {
      details.push(['Against invoice', input.againstInvoice.serial]);
      details.push(['Invoice date', formatDateIST(new Date(input.againstInvoice.issuedAt).toISOString())]);
    }
    let detailY = MARGIN + 36;
    for (const [label, value] of details) {
      text(label, rightX, detailY, { size: 8.5, color: MUTED, width: 80 });
      detailY = text(value, rightX + 80, detailY, {
        weight: 'bold',
        size: 8.5,
        width: rightWidth - 80,
        align: 'right',
      });
      detailY += 2;
    }
    const bottom = Math.max(y, detailY) + 8;
    rule(bottom, INK, 1);
    return bottom + 10;
  };

  /** Buyer, place of supply and supply type: first page only. */
  const drawParties = (top: number): number => {
    const half = (CONTENT_WIDTH - 20) / 2;
    const rightX = MARGIN + half + 20;
    text('BILLED AND SHIPPED TO', MARGIN, top, { weight: 'bold', size: 7.5, color: MUTED });
    let y = text(buyer.name, MARGIN, top + 11, { weight: 'bold', size: 9.5, width: half });
    y = text(buyer.address, MARGIN, y + 1, { size: 8.5, width: half });
    y = text(`${buyer.city} - ${buyer.postalCode}`, MARGIN, y, { size: 8.5, width: half });
    y = text(`State: ${invoice.placeOfSupply.name}, Code: ${invoice.placeOfSupply.code}`, MARGIN, y, {
      size: 8.5,
      width: half,
    });

    text('SUPPLY', rightX, top, { weight: 'bold', size: 7.5, color: MUTED });
    const supply: [string, string][] = [
      ['Place of supply', `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`],
      ['Supply type', invoice.supplyType === 'intra-state' ? 'Intra-state (CGST + SGST)' : 'Inter-state (IGST)'],
    ];
    if (input.kind === 'credit-note') supply.push(['Reason', input.reason]);
    let rightY = top + 11;
    for (const [label, value] of supply) {
      text(`${label}:`, rightX, rightY, { size: 8.5, color: MUTED, width: 120 });
      rightY = text(value, rightX + 120, rightY, { weight: 'bold', size: 8.5, width: half - 120 }) + 2;
    }
    return Math.max(y, rightY) + 12;
  };

  const columns = columnsFor(invoice);
  const drawTableHead = (top: number): number => {
    text('Amounts in Indian rupees (₹)', MARGIN, top, {
      size: 7,
      color: MUTED,
      width: CONTENT_WIDTH,
      align: 'right',
    });
    const bandTop = top + 10;
    const height = 18;
    doc.rect(MARGIN, bandTop, CONTENT_WIDTH, height).fill(SHADE);
    let x = MARGIN;
    for (const column of columns) {
      text(column.title, x + CELL_PAD, bandTop + 5.5, {
        weight: 'bold',
        size: 7.5,
        width: column.width - 2 * CELL_PAD,
        align: column.align,
        lineBreak: false,
      });
      x += column.width;
    }
    return bandTop + height;
  };

  const rowHeight = (line: InvoiceLine, index: number): number => {
    let height = 0;
    for (const column of columns) {
      const { text: value, note } = column.cell(line, index);
      const width = column.width - 2 * CELL_PAD;
      let cell = writer.height(value, { size: TABLE_FONT_SIZE, width });
      if (note) cell += 1 + writer.height(note, { size: NOTE_FONT_SIZE, width });
      height = Math.max(height, cell);
    }
    return height + 2 * CELL_PAD + 2;
  };

  const drawRow = (line: InvoiceLine, index: number, top: number, height: number) => {
    let x = MARGIN;
    for (const column of columns) {
      const { text: value, note } = column.cell(line, index);
      const width = column.width - 2 * CELL_PAD;
      const textTop = top + CELL_PAD + 1;
      const below = text(value, x + CELL_PAD, textTop, { size: TABLE_FONT_SIZE, width, align: column.align });
      if (note) text(note, x + CELL_PAD, below + 1, { size: NOTE_FONT_SIZE, color: MUTED, width, align: column.align });
      x += column.width;
    }
    rule(top + height, '#d6d0c6', 0.4);
  };

  const newPage = (): number => {
    doc.addPage();
    return drawHeader();
  };

  let y = drawParties(newPage());
  y = drawTableHead(y);
  invoice.lines.forEach((line, index) => {
    const height = rowHeight(line, index);
    if (y + height > BODY_BOTTOM) {
      text('Continued on the next page', MARGIN, y + 4, { size: 7.5, color: MUTED });
      y = drawTableHead(newPage());
    }
    drawRow(line, index, y, height);
    y += height;
  });

  // Totals, amount in words, declarations and signature stay together.
  const { totals } = invoice;
  const sums: [string, string, boolean][] = [['Taxable value', amount(totals.taxableValuePaise), false]];
  if (invoice.supplyType === 'intra-state') {
    sums.push(['CGST', amount(totals.cgstPaise), false], ['SGST', amount(totals.sgstPaise), false]);
  } else {
    sums.push(['IGST', amount(totals.igstPaise), false]);
  }
  sums.push(['Total tax', amount(totals.taxPaise), false]);
  if (totals.discountPaise > 0) {
    sums.push(['Invoice value', amount(totals.taxableValuePaise + totals.taxPaise), false]);
    sums.push(['Less: online payment discount', `-${amount(totals.discountPaise)}`, false]);
  }
  sums.push([isCreditNote ? 'Total credit (₹)' : 'Total (₹)', amount(totals.totalPaise), true]);
  // Measured: about 14 points a sum, and 115 for the words, notes and signature beside and below them.
  const closingHeight = sums.length * 14 + 115;
  if (y + closingHeight > BODY_BOTTOM) y = newPage();
  y += 8;

  const sumsWidth = 230;
  const sumsX = A4.width - MARGIN - sumsWidth;
  let sumsY = y;
  for (const [label, value, strong] of sums) {
    if (strong) {
      doc
        .moveTo(sumsX, sumsY)
        .lineTo(A4.width - MARGIN, sumsY)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
      sumsY += 4;
    }
    const weight = strong ? 'bold' : 'regular';
    const size = strong ? 10.5 : 8.5;
    text(label, sumsX, sumsY, { weight, size, width: sumsWidth - 90 });
    sumsY = text(value, sumsX + sumsWidth - 90, sumsY, { weight, size, width: 90, align: 'right' }) + 3;
  }

  const wordsWidth = CONTENT_WIDTH - sumsWidth - 24;
  let leftY = text(isCreditNote ? 'Amount credited in words' : 'Amount in words', MARGIN, y, {
    weight: 'bold',
    size: 7.5,
    color: MUTED,
  });
  leftY = text(amountInWords(totals.totalPaise), MARGIN, leftY + 2, { weight: 'bold', size: 9, width: wordsWidth });
  const notes = [
    'Tax payable on reverse charge: No',
    invoice.lines.some((line) => line.kind === 'shipping')
      ? 'The shipping fee includes GST at the rate of the main item, as part of one supply.'
      : null,
    totals.discountPaise > 0 ? 'The online payment discount is allowed on the amount after tax.' : null,
  ].filter((note): note is string => note !== null);
  leftY += 8;
  for (const note of notes)
    leftY = text(note, MARGIN, leftY, { size: 8, color: note.startsWith('Tax') ? INK : MUTED, width: wordsWidth }) + 2;

  const signY = Math.max(sumsY, leftY) + 24;
  text(`For ${sellerName}`, sumsX, signY, { weight: 'bold', size: 9, width: sumsWidth, align: 'right' });
  doc
    .moveTo(sumsX + 70, signY + 50)
    .lineTo(A4.width - MARGIN, signY + 50)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  text('Authorised Signatory', sumsX, signY + 54, { size: 8.5, width: sumsWidth, align: 'right' });
  text(
    isCreditNote ? 'This credit note reverses the tax invoice named above.' : 'This is a computer-generated invoice.',
    MARGIN,
    signY + 54,
    { size: 7.5, color: MUTED, width: wordsWidth },
  );

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    text(`${input.serial}  ·  Page ${page - start + 1} of ${count}`, MARGIN, A4.height - MARGIN - 8, {
      size: 7.5,
      color: MUTED,
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
