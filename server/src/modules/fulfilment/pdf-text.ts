import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

/**
 * Text on the invoice PDFs (docs/decisions/0035): Google's Noto Sans, from npm, embedded as a subset of
 * the glyphs a document uses. It draws Latin with the IAST letters, Devanagari and "₹" in one design.
 * Text is cut into runs of one script, since the shaper picks its rules (Devanagari's conjuncts, matras
 * and reph) from the first letter it sees, and each Devanagari run carries its text as ActualText:
 * its glyphs are in visual order (ि before its consonant), which copying or a reader would otherwise
 * read back in that order.
 */

export type Weight = 'regular' | 'bold';

const FONT_FILES: Record<Weight, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};
/** The names the faces are registered under in each document: pdfkit's /BaseFont is the font's own. */
const FACE_NAME: Record<Weight, string> = { regular: 'NotoSans', bold: 'NotoSans-Bold' };

let faces: Record<Weight, Fontkit.Font> | undefined;

/**
 * Read and parsed on the first document, once per process, and shared by every document after: parsing
 * the layout tables of a 4,500-glyph font took longer than drawing a whole invoice. pdfkit takes a
 * parsed fontkit font as a font's source (PDFFontFactory.open; @types/pdfkit lists only bytes), reads it
 * without changing it, and subsets it per document. fontkit is pdfkit's own copy, required so both
 * share it.
 */
function loadFaces(): Record<Weight, Fontkit.Font> {
  if (!faces) {
    const require = createRequire(import.meta.url);
    const fontkit = require('fontkit') as typeof Fontkit;
    const open = (weight: Weight) => fontkit.create(readFileSync(require.resolve(FONT_FILES[weight])));
    faces = { regular: open('regular'), bold: open('bold') };
  }
  return faces;
}

/**
 * Loads pdfkit and parses the font, and shapes a Devanagari word once, so that the first invoice or credit
 * note does not: that first time held the event loop ~0.8 s on an idle 2-core machine (measured
 * 2026-11-27), past the load shedding's 1 s under load, so requests beside it got 503 (a CI run). A
 * small document drawn once the shop listens (server.ts), when nothing is waiting yet, does it instead.
 */
export async function warmDocumentFonts(): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4' });
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', () => undefined);
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // Both weights, both scripts and the rupee sign: what a tax invoice draws.
  const writer = pdfTextWriter(doc);
  writer.draw('रुद्राक्ष Rudraksha ₹1,499.00', 40, 40, { size: 10 });
  writer.draw('कर बीजक TAX INVOICE', 40, 60, { size: 12, weight: 'bold' });
  doc.end();
  await done;
}

/**
 * What the font can draw of `text`: each character it has no glyph for becomes its base letters when
 * they can be drawn (a letter with a mark the font lacks) and "?" otherwise (Tamil, emoji, control
 * characters), rather than the empty box the font would draw. Tabs and typographic spaces are spaces.
 */
export function drawableText(text: string, covers: (codePoint: number) => boolean): string {
  const canDraw = (char: string) => !/\p{Cc}/u.test(char) && covers(char.codePointAt(0)!);
  let out = '';
  for (const char of text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u2000-\u200a\u202f]/g, ' ')) {
    if (char === '\n' || canDraw(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every(canDraw) ? base : '?';
  }
  return out;
}

export interface ScriptRun {
  text: string;
  devanagari: boolean;
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

/**
 * `text` cut where its script changes: "Flat 402, श्री निवास, MG Road" is three runs. Digits, spaces,
 * punctuation, "₹" and combining marks join the run they follow (before any letter: the first letters').
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let leading = '';
  for (const char of text) {
    const devanagari = DEVANAGARI.test(char) ? true : /\p{L}/u.test(char) ? false : undefined;
    const last = runs.at(-1);
    if (devanagari === undefined) {
      if (last) last.text += char;
      else leading += char;
    } else if (last?.devanagari === devanagari) {
      last.text += char;
    } else {
      runs.push({ text: leading + char, devanagari });
      leading = '';
    }
  }
  if (leading !== '') runs.push({ text: leading, devanagari: false });
  return runs;
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  /** The box text wraps and aligns in; without it, text is one line per paragraph starting at x. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** false: no wrapping inside `width` (it still aligns there). */
  lineBreak?: boolean;
}

export interface PdfTextWriter {
  /** Draws `text` with its top at y and returns the y below its last line. */
  draw(text: string, x: number, y: number, style: TextStyle): number;
  /** The height `draw` would take. */
  height(text: string, style: TextStyle): number;
}

interface Line {
  runs: ScriptRun[];
  width: number;
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/** Registers Noto Sans in `doc` and returns the writer all its text goes through. */
export function pdfTextWriter(doc: PDFKit.PDFDocument): PdfTextWriter {
  const loaded = loadFaces();
  for (const weight of ['regular', 'bold'] as const) {
    doc.registerFont(FACE_NAME[weight], loaded[weight] as unknown as PDFKit.Mixins.PDFFontSource);
  }
  const covers = (weight: Weight) => (codePoint: number) => loaded[weight].hasGlyphForCodePoint(codePoint);

  const use = (style: TextStyle) => doc.font(FACE_NAME[style.weight ?? 'regular']).fontSize(style.size);
  const widthOf = (text: string) => doc.widthOfString(text);

  /** Words (and the spaces between them) laid into lines of at most `style.width`. */
  const layout = (text: string, style: TextStyle): Line[] => {
    use(style);
    const wrap = style.width !== undefined && style.lineBreak !== false ? style.width : Number.POSITIVE_INFINITY;
    const lines: Line[] = [];
    for (const paragraph of drawableText(text, covers(style.weight ?? 'regular')).split('\n')) {
      const pieces: string[] = [];
      let current = '';
      let currentWidth = 0;
      const flush = () => {
        pieces.push(current.trimEnd());
        current = '';
        currentWidth = 0;
      };
      for (const token of paragraph.match(/\s+|\S+/g) ?? []) {
        const isSpace = /^\s/.test(token);
        if (isSpace && current === '') continue;
        const tokenWidth = widthOf(token);
        if (currentWidth + tokenWidth <= wrap || isSpace) {
          current += token;
          currentWidth += tokenWidth;
          continue;
        }
        if (current.trim() !== '') flush();
        if (tokenWidth <= wrap) {
          current = token;
          currentWidth = tokenWidth;
          continue;
        }
        // A word longer than the box breaks between letters (a conjunct stays whole).
        for (const { segment } of graphemes.segment(token)) {
          const segmentWidth = widthOf(segment);
          if (current !== '' && currentWidth + segmentWidth > wrap) flush();
          current += segment;
          currentWidth += segmentWidth;
        }
      }
      flush();
      for (const piece of pieces) {
        const runs = scriptRuns(piece);
        lines.push({ runs, width: runs.reduce((sum, run) => sum + widthOf(run.text), 0) });
      }
    }
    return lines;
  };

  const lineHeight = (style: TextStyle) => use(style).currentLineHeight(true);

  return {
    height(text, style) {
      return layout(text, style).length * lineHeight(style);
    },
    draw(text, x, y, style) {
      const lines = layout(text, style);
      const step = lineHeight(style);
      doc.fillColor(style.color ?? '#000000');
      let top = y;
      for (const line of lines) {
        const room = style.width === undefined ? 0 : style.width - line.width;
        let left = x + (style.align === 'right' ? room : style.align === 'center' ? room / 2 : 0);
        for (const run of line.runs) {
          if (run.devanagari) doc.markContent('Span', { actual: run.text });
          doc.text(run.text, left, top, { lineBreak: false });
          if (run.devanagari) doc.endMarkedContent();
          left += widthOf(run.text);
        }
        top += step;
      }
      return top;
    },
  };
}
