/** The part of fontkit (pdfkit's font engine, which ships no types) the invoice text uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
