import { formatPaiseAmount, type Paise } from '@rr/core';
import { pdfTextWriter, type TextStyle } from './pdf-text.ts';

/** The page, the colours and the one way text and rules are drawn on the invoice PDFs. */

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 36;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Rows stop here; below are "Continued on the next page", the page number and the bottom margin. */
export const BODY_BOTTOM = A4.height - MARGIN - 30;
export const INK = '#1a1a1a';
export const MUTED = '#5a5a5a';
export const RULE = '#9a9a9a';
export const SHADE = '#efebe4';

/** 1,23,456.78: core's formatter, Indian grouping, no symbol (the columns say ₹). */
export const amount = (paise: Paise): string => formatPaiseAmount(paise);

export interface Canvas {
  doc: PDFKit.PDFDocument;
  /** Draws `value` with its top at y (9 points, in ink, unless styled); returns the y below it. */
  text: (value: string, x: number, y: number, style?: Partial<TextStyle>) => number;
  /** The height `text` would take. */
  height: (value: string, style: TextStyle) => number;
  /** A horizontal rule at y, from `x` (the left margin) to the right margin. */
  rule: (y: number, color?: string, width?: number, x?: number) => void;
}

export function canvasOf(doc: PDFKit.PDFDocument): Canvas {
  const writer = pdfTextWriter(doc);
  return {
    doc,
    text: (value, x, y, style = {}) => writer.draw(value, x, y, { size: 9, color: INK, ...style }),
    height: (value, style) => writer.height(value, style),
    rule: (y, color = RULE, width = 0.6, x = MARGIN) => {
      doc
        .moveTo(x, y)
        .lineTo(A4.width - MARGIN, y)
        .lineWidth(width)
        .strokeColor(color)
        .stroke();
    },
  };
}

/** Label and value pairs, the label muted in `labelWidth`, the value bold beside it; returns the y below. */
export function drawPairs(
  canvas: Canvas,
  pairs: readonly (readonly [string, string])[],
  x: number,
  top: number,
  { labelWidth, width, alignValue = 'left' }: { labelWidth: number; width: number; alignValue?: 'left' | 'right' },
): number {
  let y = top;
  for (const [label, value] of pairs) {
    canvas.text(label, x, y, { size: 8.5, color: MUTED, width: labelWidth });
    y = canvas.text(value, x + labelWidth, y, {
      weight: 'bold',
      size: 8.5,
      width: width - labelWidth,
      align: alignValue,
    });
    y += 2;
  }
  return y;
}
