import { formatDateIST, formatPaiseAmount, type Paise } from '@rr/core';
import { pdfTextWriter, type PdfTextWriter, type TextStyle } from './pdf-text.ts';

/** A parcel's shipping label, as the shop draws it when the courier keeps none (the sandbox). */
export interface ShippingLabel {
  courierName: string;
  awb: string;
  orderNumber: string;
  bookedAt: Date;
  shipTo: { name: string; phone: string; address: string; city: string; state: string; pincode: string };
  from: { name: string; address: string; pincode: string };
  /** What the courier collects at the door; null for a prepaid parcel. */
  codPaise: Paise | null;
  weightGrams: number;
}

/** 4 × 6 inches, the thermal printers' label. */
const PAGE = { width: 288, height: 432 };
const M = 14;
const WIDTH = PAGE.width - 2 * M;
const INK = '#000000';

function rule(doc: PDFKit.PDFDocument, y: number, width = 1): void {
  doc
    .moveTo(M, y)
    .lineTo(PAGE.width - M, y)
    .lineWidth(width)
    .strokeColor(INK)
    .stroke();
}

const style = (size: number, extra: Partial<TextStyle> = {}): TextStyle => ({ size, color: INK, width: WIDTH, ...extra });

/** The courier, the payment box and the AWB in large type. */
function drawTop(doc: PDFKit.PDFDocument, w: PdfTextWriter, label: ShippingLabel): number {
  w.draw(label.courierName, M, M, style(13, { weight: 'bold', width: WIDTH - 110 }));
  const pay = label.codPaise === null ? 'PREPAID' : `COD ₹${formatPaiseAmount(label.codPaise)}`;
  doc.rect(PAGE.width - M - 104, M - 2, 104, 24).lineWidth(1.5).strokeColor(INK).stroke();
  w.draw(pay, PAGE.width - M - 104, M + 3, style(label.codPaise === null ? 11 : 10, { weight: 'bold', width: 104, align: 'center' }));
  let y = M + 30;
  rule(doc, y);
  y = w.draw('AWB', M, y + 6, style(8));
  y = w.draw(label.awb, M, y, style(26, { weight: 'bold', align: 'center' }));
  if (label.codPaise !== null) {
    y = w.draw(`Collect ₹${formatPaiseAmount(label.codPaise)} in cash at delivery`, M, y + 2, style(9, { weight: 'bold', align: 'center' }));
  }
  rule(doc, y + 6);
  return y + 6;
}

/** Draws the label: courier and AWB on top, the address large, the sender and the parcel's facts below. */
export async function renderShippingLabel(label: ShippingLabel): Promise<Buffer> {
  // Loaded on the first document, not at start-up (as the invoice does).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: { top: M, left: M, right: M, bottom: 0 },
    info: { Title: `Shipping label ${label.awb}`, CreationDate: label.bookedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = pdfTextWriter(doc);
  let y = drawTop(doc, w, label);

  y = w.draw('SHIP TO', M, y + 6, style(8));
  y = w.draw(label.shipTo.name, M, y + 1, style(14, { weight: 'bold' }));
  y = w.draw(label.shipTo.address, M, y + 1, style(11));
  y = w.draw(`${label.shipTo.city}, ${label.shipTo.state}`, M, y, style(11));
  y = w.draw(`PIN ${label.shipTo.pincode}`, M, y + 2, style(18, { weight: 'bold' }));
  y = w.draw(`Phone ${label.shipTo.phone}`, M, y + 1, style(11));
  rule(doc, y + 6);

  y = w.draw(`Order #${label.orderNumber}`, M, y + 12, style(10, { weight: 'bold' }));
  y = w.draw(
    `Booked ${formatDateIST(label.bookedAt.toISOString())} · Weight ${(label.weightGrams / 1000).toFixed(2)} kg`,
    M,
    y + 1,
    style(9),
  );
  rule(doc, y + 6, 0.6);

  y = w.draw('FROM (return address)', M, y + 12, style(8));
  y = w.draw(label.from.name, M, y + 1, style(9, { weight: 'bold' }));
  w.draw(`${label.from.address} (pickup PIN ${label.from.pincode})`, M, y, style(8.5));
  doc.end();
  return done;
}
