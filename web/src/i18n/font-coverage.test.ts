// The committed Devanagari font (web/public/fonts/devanagari-subset.woff2, issue 30) has every character
// the Hindi pages show. When this fails, a Hindi text has a letter the subset lacks: run
// `node web/scripts/subset-devanagari.mjs` and commit the font.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hi } from './hi.ts';

// fontkit (the server's PDF font reader, installed at the root) reads woff2; typed here for what is used.
const fontkit = createRequire(import.meta.url)('fontkit') as {
  create(data: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
};

const root = resolve(import.meta.dirname, '../../..');
/** Devanagari, Vedic Extensions, Devanagari Extended: the font-face's unicode-range less the symbols. */
const isDevanagari = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x900 && code <= 0x97f) || (code >= 0x1cd0 && code <= 0x1cff) || (code >= 0xa8e0 && code <= 0xa8ff);
};

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** The Devanagari of the texts, the Hindi static pages and the demo catalogue's Hindi names. */
function devanagariShown(): Set<string> {
  const sources = ['web/src/features/content/hindi', 'server/src/db/seed'].flatMap((dir) =>
    filesUnder(join(root, dir)),
  );
  const text = Object.values(hi).join('') + sources.map((file) => readFileSync(file, 'utf8')).join('');
  return new Set([...text].filter(isDevanagari));
}

describe('the Devanagari web font', () => {
  const font = fontkit.create(readFileSync(join(root, 'web/public/fonts/devanagari-subset.woff2')));

  it('has every Devanagari character of the Hindi pages', () => {
    const shown = [...devanagariShown()];
    expect(shown.length).toBeGreaterThan(40);
    const missing = shown.filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!));
    expect(missing).toEqual([]);
  });

  it('has the basic letters and matras a new product name may use, and the rupee sign', () => {
    const basic = 'अआइईउऊएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहािीुूृेैोौंःँ्ऑॉ₹';
    expect([...basic].filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!))).toEqual([]);
  });

  it('stays small', () => {
    expect(statSync(join(root, 'web/public/fonts/devanagari-subset.woff2')).size).toBeLessThan(80_000);
  });
});
