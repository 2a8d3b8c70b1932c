/** Reading the invoice PDFs back, as a viewer, a copy-and-paste or a screen reader would. */
import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Each page's text as lines: pdf.js items grouped by their baseline, left to right, joined by a space.
 * With `leftOf`, only the items that start left of that x (the amount in words beside the totals).
 * pdf.js reads glyphs in the order they are drawn, ignoring ActualText: Devanagari comes back in visual
 * order (ि before its consonant).
 */
export async function pdfLines(pdf: Buffer, leftOf = Number.POSITIVE_INFINITY): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '' || (item.transform[4] as number) >= leftOf) continue;
      const y = Math.round(item.transform[5] as number);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] as number, text: item.str.trim() });
      rows.set(y, row);
    }
    pages.push(
      [...rows.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((cell) => cell.text)
            .join(' '),
        ),
    );
  }
  await document.destroy();
  return pages;
}

/** A PDF literal string's bytes: (...) with its backslash escapes. */
function literalBytes(literal: string): Buffer {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const out = literal.replace(/\\([0-7]{1,3}|.)/gs, (_, escaped: string) =>
    /^[0-7]/.test(escaped) ? String.fromCharCode(parseInt(escaped, 8)) : (escapes[escaped] ?? escaped),
  );
  return Buffer.from(out, 'latin1');
}

/** A PDF text string: UTF-16BE after a byte-order mark, else one byte a character. */
function textString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/**
 * The ActualText of every marked span in the page contents, in drawing order: what readers that honour
 * it (Acrobat, poppler's pdftotext, screen readers) copy instead of the glyphs.
 */
export function actualTexts(pdf: Buffer): string[] {
  return streams(pdf).flatMap((content) =>
    [...content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/gs)].map((span) => textString(literalBytes(span[1]!))),
  );
}

/** Every compressed stream of the PDF, inflated (page contents, ToUnicode maps, font files). */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\/FlateDecode[^]*?>>\s*stream\r?\n/g)].map((match) => {
    const start = match.index + match[0].length;
    return inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
  });
}

/** The fonts the PDF's text uses, by their /BaseFont (a subset's starts with six letters and "+"), and whether it carries the font. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const raw = pdf.toString('latin1');
  const carried = new Set(
    [...raw.matchAll(/\/FontName \/([^\s/]+)[^]*?\/FontFile[23]? \d+ 0 R/g)].map((match) => match[1]!),
  );
  const names = new Set([...raw.matchAll(/\/Type \/Font\s[^>]*?\/BaseFont \/([^\s/]+)/g)].map((match) => match[1]!));
  return [...names].sort().map((name) => ({ name, embedded: carried.has(name) }));
}

/**
 * What each glyph the PDF draws stands for (its ToUnicode entries): a conjunct shaped into one glyph
 * stands for several characters ("श्र" is श, ्, र).
 */
export function glyphTexts(pdf: Buffer): string[] {
  return streams(pdf)
    .filter((content) => content.includes('begincmap'))
    .flatMap((cmap) =>
      [...cmap.matchAll(/\[([^\]]*)\]/g)].flatMap((array) => [...array[1]!.matchAll(/<([0-9a-f ]+)>/gi)]),
    )
    .map((entry) => String.fromCharCode(...entry[1]!.split(' ').map((hex) => parseInt(hex, 16))));
}
