// Writes web/public/fonts/devanagari-subset.woff2 (issue 30): Noto Sans Devanagari (variable weight,
// from @fontsource-variable/noto-sans-devanagari) cut down to the Devanagari the storefront shows: every
// Devanagari character of the Hindi texts (web/src/i18n/hi, the Hindi static pages) and of the demo
// catalogue's Hindi names (server/src/db/seed), plus the basic letters, signs and matras, so that a new
// product name still renders. Run it by hand when the Hindi texts change: `node web/scripts/subset-devanagari.mjs`
// (font-coverage.test.ts fails when a Hindi text has a character the committed font lacks).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FONT_PATH = join(root, 'web/public/fonts/devanagari-subset.woff2');
/**
 * The language switch's label on English pages (हिन्दी), alone, at the switch's weight: about 2.4 kB,
 * inlined into the stylesheet (vite.config.ts), so that a computer without a Devanagari font (a bare Linux
 * desktop) shows the word rather than boxes, without English pages fetching the whole font.
 */
export const LABEL_FONT_PATH = join(root, 'web/src/styles/hindi-label.woff2');
export const LABEL_TEXT = 'हिन्दी';

/** Where Hindi text lives: the texts files, the Hindi static pages, the demo catalogue. */
export const HINDI_SOURCES = ['web/src/i18n/hi', 'web/src/features/content/hindi', 'server/src/db/seed'];

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** Devanagari, Vedic Extensions, Devanagari Extended: the font-face's unicode-range less the symbols. */
const isDevanagari = (char) => {
  const code = char.codePointAt(0);
  return (code >= 0x900 && code <= 0x97f) || (code >= 0x1cd0 && code <= 0x1cff) || (code >= 0xa8e0 && code <= 0xa8ff);
};

/** Every Devanagari character in the Hindi sources. */
export function devanagariUsed() {
  const used = new Set();
  for (const file of HINDI_SOURCES.flatMap((dir) => filesUnder(join(root, dir)))) {
    if (!/\.(ts|tsx)$/.test(file) || /\.test\./.test(file)) continue;
    for (const char of readFileSync(file, 'utf8')) if (isDevanagari(char)) used.add(char);
  }
  return used;
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/**
 * The basic block every name may need: candrabindu to visarga, the vowels अ to औ (and ऍ ऑ), the consonants
 * क to ह with nukta forms, the matras and virama, ॐ, danda, the nukta letters क़ to य़, and the joiners,
 * the rupee sign and the dotted circle a lone matra is drawn on.
 */
const BASIC = [
  ...range(0x0901, 0x0903),
  ...range(0x0905, 0x0914),
  ...range(0x0915, 0x0939),
  ...range(0x093c, 0x094d),
  '\u0950',
  '\u0964',
  '\u0965',
  ...range(0x0958, 0x095f),
  '\u0970',
  '\u200c',
  '\u200d',
  '\u20b9',
  '\u25cc',
];

async function main() {
  const require = createRequire(import.meta.url);
  const source =
    require.resolve('@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2');
  const text = [...new Set([...devanagariUsed(), ...BASIC])].sort().join('');
  // Weights 400 to 700 stay (the pages' regular, 600 and bold text); wider axes are dropped.
  const font = await subsetFont(readFileSync(source), text, {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: 400, max: 700 } },
  });
  writeFileSync(FONT_PATH, font);
  console.log(`${FONT_PATH}: ${font.length} bytes, ${text.length} characters`);
  const label = await subsetFont(readFileSync(source), LABEL_TEXT, {
    targetFormat: 'woff2',
    variationAxes: { wght: 600 },
  });
  writeFileSync(LABEL_FONT_PATH, label);
  console.log(`${LABEL_FONT_PATH}: ${label.length} bytes`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
