import { formatGstRate, type Invoice, type InvoiceLine } from '@rr/core';
import { BODY_BOTTOM, CONTENT_WIDTH, MARGIN, MUTED, SHADE, amount, type Canvas } from './invoice-pdf-canvas.ts';

/** The invoice's table of lines: its columns, their titles and one row per line. */

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: InvoiceLine, index: number) => { text: string; note?: string };
}

const CELL_PAD = 3;
const TABLE_FONT_SIZE = 8;
const NOTE_FONT_SIZE = 6.5;

/**
 * Under the shipping line: freight charged with the goods is part of one composite supply (CGST Act
 * s.8(a)), taxed at the rate of its principal supply, whose HSN and rate the line carries.
 */
export const COMPOSITE_SUPPLY_NOTE = '(composite supply, taxed as the principal goods)';

/** CGST and SGST (each at half the rate) inside the seller's state; IGST outside it. */
function taxColumns(invoice: Invoice): Column[] {
  if (invoice.supplyType === 'inter-state') {
    return [
      {
        title: 'IGST',
        width: 64,
        align: 'right',
        cell: (line) => ({ text: amount(line.igstPaise), note: `@ ${formatGstRate(line.gstBasisPoints)}` }),
      },
    ];
  }
  const halfRate = (line: InvoiceLine) => `@ ${formatGstRate(line.gstBasisPoints / 2)}`;
  return [
    {
      title: 'CGST',
      width: 56,
      align: 'right',
      cell: (line) => ({ text: amount(line.cgstPaise), note: halfRate(line) }),
    },
    {
      title: 'SGST',
      width: 56,
      align: 'right',
      cell: (line) => ({ text: amount(line.sgstPaise), note: halfRate(line) }),
    },
  ];
}

/** A Discount column only when a line has a discount taken before tax (taxable value = gross - discount). */
function discountColumns(invoice: Invoice): Column[] {
  if (!invoice.lines.some((line) => line.discountPaise > 0)) return [];
  return [
    {
      title: 'Discount',
      width: 52,
      align: 'right',
      cell: (line) => ({ text: line.discountPaise > 0 ? `-${amount(line.discountPaise)}` : '-' }),
    },
  ];
}

/** The columns of this invoice's table: the description takes the width the others leave. */
export function columnsFor(invoice: Invoice): Column[] {
  const numberColumn: Column = {
    title: '#',
    width: 16,
    align: 'left',
    cell: (_line, index) => ({ text: String(index + 1) }),
  };
  const fixed: Column[] = [
    { title: 'HSN/SAC', width: 44, align: 'left', cell: (line) => ({ text: line.hsnCode ?? '-' }) },
    // The quantity with its unit quantity code, as GST returns count it ("2 NOS").
    { title: 'Qty', width: 40, align: 'right', cell: (line) => ({ text: `${line.qty} ${line.uqc}` }) },
    { title: 'Unit price', width: 60, align: 'right', cell: (line) => ({ text: amount(line.unitPricePaise) }) },
    ...discountColumns(invoice),
    { title: 'Taxable value', width: 62, align: 'right', cell: (line) => ({ text: amount(line.taxableValuePaise) }) },
    ...taxColumns(invoice),
    { title: 'Amount', width: 64, align: 'right', cell: (line) => ({ text: amount(line.amountPaise) }) },
  ];
  const used = numberColumn.width + fixed.reduce((sum, column) => sum + column.width, 0);
  const description: Column = {
    title: 'Description',
    width: CONTENT_WIDTH - used,
    align: 'left',
    cell: (line) => ({
      text: line.description,
      ...(line.kind === 'shipping' ? { note: COMPOSITE_SUPPLY_NOTE } : {}),
    }),
  };
  return [numberColumn, description, ...fixed];
}

/** "Amounts in Indian rupees" and the shaded band of column titles; returns the y below it. */
export function drawTableHead(canvas: Canvas, columns: readonly Column[], top: number): number {
  canvas.text('Amounts in Indian rupees (₹)', MARGIN, top, {
    size: 7,
    color: MUTED,
    width: CONTENT_WIDTH,
    align: 'right',
  });
  const bandTop = top + 10;
  const height = 18;
  canvas.doc.rect(MARGIN, bandTop, CONTENT_WIDTH, height).fill(SHADE);
  let x = MARGIN;
  for (const column of columns) {
    canvas.text(column.title, x + CELL_PAD, bandTop + 5.5, {
      weight: 'bold',
      size: 7.5,
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  return bandTop + height;
}

/** The height of a line's row: its tallest cell (text and note) and the padding. */
export function rowHeight(canvas: Canvas, columns: readonly Column[], line: InvoiceLine, index: number): number {
  let height = 0;
  for (const column of columns) {
    const { text: value, note } = column.cell(line, index);
    const width = column.width - 2 * CELL_PAD;
    let cell = canvas.height(value, { size: TABLE_FONT_SIZE, width });
    if (note) cell += 1 + canvas.height(note, { size: NOTE_FONT_SIZE, width });
    height = Math.max(height, cell);
  }
  return height + 2 * CELL_PAD + 2;
}

export function drawRow(
  canvas: Canvas,
  columns: readonly Column[],
  row: { line: InvoiceLine; index: number; top: number; height: number },
): void {
  let x = MARGIN;
  for (const column of columns) {
    const { text: value, note } = column.cell(row.line, row.index);
    const width = column.width - 2 * CELL_PAD;
    const below = canvas.text(value, x + CELL_PAD, row.top + CELL_PAD + 1, {
      size: TABLE_FONT_SIZE,
      width,
      align: column.align,
    });
    if (note) {
      canvas.text(note, x + CELL_PAD, below + 1, { size: NOTE_FONT_SIZE, color: MUTED, width, align: column.align });
    }
    x += column.width;
  }
  canvas.rule(row.top + row.height, '#d6d0c6', 0.4);
}

/**
 * Every line of the invoice, one row each, from `top`: a row that does not fit goes to a new page
 * (`newPage` draws its header and returns where its body starts) under the column titles again.
 * Returns the y below the last row.
 */
export function drawLines(canvas: Canvas, invoice: Invoice, top: number, newPage: () => number): number {
  const columns = columnsFor(invoice);
  let y = drawTableHead(canvas, columns, top);
  invoice.lines.forEach((line, index) => {
    const height = rowHeight(canvas, columns, line, index);
    if (y + height > BODY_BOTTOM) {
      canvas.text('Continued on the next page', MARGIN, y + 4, { size: 7.5, color: MUTED });
      y = drawTableHead(canvas, columns, newPage());
    }
    drawRow(canvas, columns, { line, index, top: y, height });
    y += height;
  });
  return y;
}
