import { COD_FEE_LINE_DESCRIPTION, amountInWords, formatDateIST, gstStateByCode, type Invoice } from '@rr/core';
import {
  A4,
  BODY_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  amount,
  canvasOf,
  drawPairs,
  type Canvas,
} from './invoice-pdf-canvas.ts';
import { DOCUMENT_LABELS } from './document-labels.ts';
import { drawLines } from './invoice-pdf-table.ts';

/** The registered seller, from configuration; the shop runs without a GSTIN, and the invoice says so. */
export interface InvoiceSeller {
  legalName: string;
  /** Street, city and pincode; line breaks are kept. */
  address: string;
  gstin: string | null;
}

/** Who buys ("Billed to"): the account holder, and for a B2B invoice the business and its GSTIN. */
export interface InvoiceBuyer {
  name: string;
  phone: string;
  /** A GST-registered buyer's GSTIN, given at checkout: the invoice is then a B2B one. */
  gstin: string | null;
  /** That business's legal name, when given. */
  businessName: string | null;
}

/** Who receives the goods ("Shipped to"): the order's recipient and delivery address. */
export interface InvoiceRecipient {
  name: string;
  phone: string;
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
  billedTo: InvoiceBuyer;
  /** Its state is the place of supply (the invoice's). */
  shippedTo: InvoiceRecipient;
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
export const B2B_INVOICE = 'B2B: the buyer is registered under GST';

const isCreditNote = (input: InvoicePdfInput) => input.kind === 'credit-note';
const dateOf = (at: Date | string) => formatDateIST(new Date(at).toISOString());

/** A new pdfkit document and the promise of its bytes once ended. */
async function openDocument(input: InvoicePdfInput): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // Loaded on the first document, not at start-up: pdfkit and its font code are a good part of the start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${isCreditNote(input) ? 'Credit note' : 'Tax invoice'} ${input.serial}`,
      Author: input.seller.legalName,
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
  return { doc, done };
}

/** The serial, dates and order number beside the seller; a credit note adds the invoice it reverses. */
function documentDetails(input: InvoicePdfInput): [string, string][] {
  const details: [string, string][] = [
    [isCreditNote(input) ? 'Credit note no.' : 'Invoice no.', input.serial],
    [isCreditNote(input) ? 'Credit note date' : 'Invoice date', dateOf(input.issuedAt)],
    ['Order no.', input.orderNumber],
  ];
  if (input.kind === 'credit-note') {
    details.push(
      ['Against invoice', input.againstInvoice.serial],
      ['Invoice date', dateOf(input.againstInvoice.issuedAt)],
    );
  }
  return details;
}

/** Seller and document details: on every page. Returns where the page's body starts. */
function drawHeader(canvas: Canvas, input: InvoicePdfInput): number {
  const { text } = canvas;
  const { seller, invoice } = input;
  const rightWidth = 190;
  const rightX = A4.width - MARGIN - rightWidth;
  const leftWidth = CONTENT_WIDTH - rightWidth - 16;
  const title = isCreditNote(input) ? DOCUMENT_LABELS.creditNote : DOCUMENT_LABELS.taxInvoice;
  text(title, rightX, MARGIN, { weight: 'bold', size: 13, width: rightWidth, align: 'right', lineBreak: false });
  text('Original for recipient', rightX, MARGIN + 18, { size: 7.5, color: MUTED, width: rightWidth, align: 'right' });

  let y = text(seller.legalName, MARGIN, MARGIN, { weight: 'bold', size: 12, width: leftWidth });
  y = text(seller.address, MARGIN, y + 1, { size: 8.5, width: leftWidth, color: MUTED });
  const gstin = seller.gstin ? `GSTIN: ${seller.gstin}` : GSTIN_NOT_CONFIGURED;
  y = text(gstin, MARGIN, y + 3, { weight: 'bold', size: 9, width: leftWidth });
  y = text(`State: ${invoice.sellerState.name}, Code: ${invoice.sellerState.code}`, MARGIN, y + 1, {
    size: 8.5,
    width: leftWidth,
  });

  const detailY = drawPairs(canvas, documentDetails(input), rightX, MARGIN + 36, {
    labelWidth: 80,
    width: rightWidth,
    alignValue: 'right',
  });
  const bottom = Math.max(y, detailY) + 8;
  canvas.rule(bottom, INK, 1);
  return bottom + 10;
}

const heading = (canvas: Canvas, label: string, x: number, top: number) =>
  canvas.text(label, x, top, { weight: 'bold', size: 7.5, color: MUTED });

/**
 * "Billed to": the buyer. A registered business shows its legal name and GSTIN, and its state (the
 * GSTIN's first two digits) as rule 46 asks of a registered recipient, then the person who ordered.
 */
function drawBilledTo(canvas: Canvas, buyer: InvoiceBuyer, x: number, top: number, width: number): number {
  const { text } = canvas;
  heading(canvas, DOCUMENT_LABELS.billedTo, x, top);
  let y = text(buyer.businessName ?? buyer.name, x, top + 11, { weight: 'bold', size: 9.5, width });
  if (buyer.gstin) {
    y = text(`GSTIN: ${buyer.gstin}`, x, y + 1, { weight: 'bold', size: 8.5, width });
    const state = gstStateByCode(buyer.gstin.slice(0, 2));
    if (state) y = text(`State: ${state.name}, Code: ${state.code}`, x, y, { size: 8.5, width });
  }
  if (buyer.businessName) y = text(buyer.name, x, y, { size: 8.5, width });
  return text(`Phone: ${buyer.phone}`, x, y, { size: 8.5, width });
}

/** "Shipped to": the recipient, with the phone the courier calls, and the delivery address. */
function drawShippedTo(canvas: Canvas, input: InvoicePdfInput, x: number, top: number, width: number): number {
  const { text } = canvas;
  const { shippedTo, invoice } = input;
  heading(canvas, DOCUMENT_LABELS.shippedTo, x, top);
  let y = text(shippedTo.name, x, top + 11, { weight: 'bold', size: 9.5, width });
  y = text(`Phone: ${shippedTo.phone}`, x, y, { size: 8.5, width });
  y = text(shippedTo.address, x, y + 1, { size: 8.5, width });
  y = text(`${shippedTo.city} - ${shippedTo.postalCode}`, x, y, { size: 8.5, width });
  return text(`State: ${invoice.placeOfSupply.name}, Code: ${invoice.placeOfSupply.code}`, x, y, {
    size: 8.5,
    width,
  });
}

function supplyDetails(input: InvoicePdfInput): [string, string][] {
  const { invoice } = input;
  const supply: [string, string][] = [
    ['Place of supply:', `${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`],
    ['Supply type:', invoice.supplyType === 'intra-state' ? 'Intra-state (CGST + SGST)' : 'Inter-state (IGST)'],
  ];
  if (input.billedTo.gstin) supply.push(['Invoice type:', B2B_INVOICE]);
  if (input.kind === 'credit-note') supply.push(['Reason:', input.reason]);
  return supply;
}

/** Buyer, recipient, place of supply and supply type: first page only. */
function drawParties(canvas: Canvas, input: InvoicePdfInput, top: number): number {
  const half = (CONTENT_WIDTH - 20) / 2;
  const billedY = drawBilledTo(canvas, input.billedTo, MARGIN, top, half);
  const shippedY = drawShippedTo(canvas, input, MARGIN + half + 20, top, half);
  const supplyTop = Math.max(billedY, shippedY) + 8;
  const supplyY = drawPairs(canvas, supplyDetails(input), MARGIN, supplyTop, { labelWidth: 90, width: CONTENT_WIDTH });
  return supplyY + 10;
}

type Sum = { label: string; value: string; strong?: boolean };

/**
 * Each discount before tax by its label ("Less: Coupon DIWALI10 (10% off)"); what lines stored before
 * discounts were labelled took off comes last as one "Less: discount".
 */
function discountRows(totals: Invoice['totals']): Sum[] {
  const rows = totals.discounts.map((d) => ({ label: `Less: ${d.label}`, value: `-${amount(d.amountPaise)}` }));
  const unlabelled = totals.discountPaise - totals.discounts.reduce((sum, d) => sum + d.amountPaise, 0);
  if (unlabelled > 0) rows.push({ label: 'Less: discount', value: `-${amount(unlabelled)}` });
  return rows;
}

/**
 * The totals: discounts before tax come off the gross value to make the taxable value; an old order's
 * online discount taken after tax comes off the invoice value, and shows only when there is one.
 */
function totalRows(input: InvoicePdfInput): Sum[] {
  const { totals, supplyType } = input.invoice;
  const sums: Sum[] = [];
  if (totals.discountPaise > 0) {
    sums.push({ label: 'Gross value', value: amount(totals.grossPaise) }, ...discountRows(totals));
  }
  sums.push({ label: 'Taxable value', value: amount(totals.taxableValuePaise) });
  if (supplyType === 'intra-state') {
    sums.push({ label: 'CGST', value: amount(totals.cgstPaise) }, { label: 'SGST', value: amount(totals.sgstPaise) });
  } else {
    sums.push({ label: 'IGST', value: amount(totals.igstPaise) });
  }
  sums.push({ label: 'Total tax', value: amount(totals.taxPaise) });
  if (totals.afterTaxDiscountPaise > 0) {
    sums.push({ label: 'Invoice value', value: amount(totals.taxableValuePaise + totals.taxPaise) });
    sums.push({ label: 'Less: online payment discount', value: `-${amount(totals.afterTaxDiscountPaise)}` });
  }
  const total = isCreditNote(input) ? DOCUMENT_LABELS.totalCredit : DOCUMENT_LABELS.total;
  sums.push({ label: total, value: amount(totals.totalPaise), strong: true });
  return sums;
}

const SUMS_WIDTH = 230;
const SUM_VALUE_WIDTH = 80;
const SUMS_X = A4.width - MARGIN - SUMS_WIDTH;
const WORDS_WIDTH = CONTENT_WIDTH - SUMS_WIDTH - 24;

/** The sums in the right column from `top`, the total under a rule; returns the y below them. */
function drawTotals(canvas: Canvas, sums: readonly Sum[], top: number): number {
  let y = top;
  for (const { label, value, strong } of sums) {
    if (strong) {
      canvas.rule(y, INK, 1, SUMS_X);
      y += 4;
    }
    const style = { weight: strong ? ('bold' as const) : ('regular' as const), size: strong ? 10.5 : 8.5 };
    // A long label (a sale's name) wraps: the next sum goes below the taller of the two.
    const labelEnd = canvas.text(label, SUMS_X, y, { ...style, width: SUMS_WIDTH - SUM_VALUE_WIDTH });
    const valueEnd = canvas.text(value, SUMS_X + SUMS_WIDTH - SUM_VALUE_WIDTH, y, {
      ...style,
      width: SUM_VALUE_WIDTH,
      align: 'right',
    });
    y = Math.max(labelEnd, valueEnd) + 3;
  }
  return y;
}

/** The declarations under the amount in words: reverse charge, always; the others when they apply. */
function closingNotes(invoice: Invoice): string[] {
  const notes = ['Tax payable on reverse charge: No'];
  // Shipping and (issue 27) the COD fee are charged with the goods.
  const charges = invoice.lines
    .filter((line) => line.kind === 'shipping')
    .map((line) => (line.description === COD_FEE_LINE_DESCRIPTION ? 'the Cash on Delivery fee' : 'shipping'));
  if (charges.length) {
    const subject = charges.join(' and ');
    notes.push(
      `${subject[0]!.toUpperCase()}${subject.slice(1)} charged with the goods ${charges.length > 1 ? 'are' : 'is'} part of one composite supply, taxed at the rate of its principal supply.`,
    );
  }
  if (invoice.shippingWaived) notes.push(`Shipping waived by coupon ${invoice.shippingWaived.couponCode}.`);
  if (invoice.totals.discountPaise > 0) notes.push('Discounts are allowed before tax: GST is on the value after them.');
  if (invoice.totals.afterTaxDiscountPaise > 0) {
    notes.push('The online payment discount is allowed on the amount after tax.');
  }
  return notes;
}

/** The amount in words and the declarations, left of the totals; returns the y below them. */
function drawWordsAndNotes(canvas: Canvas, input: InvoicePdfInput, top: number): number {
  const { text } = canvas;
  const label = isCreditNote(input) ? DOCUMENT_LABELS.amountCreditedInWords : DOCUMENT_LABELS.amountInWords;
  let y = text(label, MARGIN, top, { weight: 'bold', size: 7.5, color: MUTED });
  y = text(amountInWords(input.invoice.totals.totalPaise), MARGIN, y + 2, {
    weight: 'bold',
    size: 9,
    width: WORDS_WIDTH,
  });
  y += 8;
  for (const note of closingNotes(input.invoice)) {
    const color = note.startsWith('Tax') ? INK : MUTED;
    y = text(note, MARGIN, y, { size: 8, color, width: WORDS_WIDTH }) + 2;
  }
  return y;
}

/** "For <seller>", the line to sign on and what the document is. */
function drawSignature(canvas: Canvas, input: InvoicePdfInput, top: number): void {
  const { text } = canvas;
  text(`For ${input.seller.legalName}`, SUMS_X, top, { weight: 'bold', size: 9, width: SUMS_WIDTH, align: 'right' });
  canvas.rule(top + 50, undefined, 0.6, SUMS_X + 70);
  text(DOCUMENT_LABELS.signatory, SUMS_X, top + 54, { size: 8.5, width: SUMS_WIDTH, align: 'right' });
  const what = isCreditNote(input)
    ? 'This credit note reverses the tax invoice named above.'
    : 'This is a computer-generated invoice.';
  text(what, MARGIN, top + 54, { size: 7.5, color: MUTED, width: WORDS_WIDTH });
}

/** Totals, amount in words, declarations and signature, kept together (on a new page if need be). */
function drawClosing(canvas: Canvas, input: InvoicePdfInput, top: number, newPage: () => number): void {
  const sums = totalRows(input);
  // Measured: about 14 points a sum (more for a label that wraps), and 115 for the words, notes and
  // signature beside and below them.
  const sumsHeight = sums.reduce(
    (height, sum) =>
      height + Math.max(14, 3 + canvas.height(sum.label, { size: 8.5, width: SUMS_WIDTH - SUM_VALUE_WIDTH })),
    0,
  );
  const closingHeight = sumsHeight + 115 + 10 * closingNotes(input.invoice).length;
  const y = (top + closingHeight > BODY_BOTTOM ? newPage() : top) + 8;
  const sumsY = drawTotals(canvas, sums, y);
  const leftY = drawWordsAndNotes(canvas, input, y);
  drawSignature(canvas, input, Math.max(sumsY, leftY) + 24);
}

/** "<serial> · Page n of m" at the foot of every page, once all pages exist. */
function drawPageNumbers(canvas: Canvas, serial: string): void {
  const { start, count } = canvas.doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    canvas.doc.switchToPage(page);
    canvas.text(`${serial}  ·  Page ${page - start + 1} of ${count}`, MARGIN, A4.height - MARGIN - 8, {
      size: 7.5,
      color: MUTED,
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
}

/**
 * A tax invoice or credit note as an A4 PDF (CGST rules 46 and 53): seller, serial, date, the buyer
 * (billed to) and the recipient (shipped to), place of supply, a line per good and one for shipping with
 * HSN, quantity and unit, discount, taxable value and CGST/SGST or IGST, totals, the amount in words,
 * reverse charge and a signature line. Long lists flow onto more pages, each starting with the
 * document's header and the table's column titles.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { doc, done } = await openDocument(input);
  const canvas = canvasOf(doc);
  const newPage = (): number => {
    doc.addPage();
    return drawHeader(canvas, input);
  };
  const partiesEnd = drawParties(canvas, input, newPage());
  const linesEnd = drawLines(canvas, input.invoice, partiesEnd, newPage);
  drawClosing(canvas, input, linesEnd, newPage);
  drawPageNumbers(canvas, input.serial);
  doc.end();
  return done;
}
