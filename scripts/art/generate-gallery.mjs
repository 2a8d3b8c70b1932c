#!/usr/bin/env node
// Issue 14: extra demo pictures and sample certificate images, made from the shop's own product art.
// No dependencies; deterministic output.
//
//   node scripts/art/generate-gallery.mjs
//
// Writes web/public/images/products/gallery/<slug>-<view>.svg (a close-up and a view with a millimetre
// scale) for the products in GALLERY, and web/public/images/certificates/<slug>.svg (a sample lab
// report: clearly marked as a demo) for the products in CERTIFICATES. Keep both lists in step with
// server/src/db/seed/demo-facts.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRODUCTS = join(ROOT, 'web/public/images/products');
const GALLERY_DIR = join(PRODUCTS, 'gallery');
const CERT_DIR = join(ROOT, 'web/public/images/certificates');

const MAROON = '#7b1e1e';
const CREAM = '#faf6f0';
const TEXT = '#2b1d14';
const SERIF = "Georgia, 'Times New Roman', serif";

/** Products that get extra pictures, with the size in mm the scale view shows. */
const GALLERY = {
  '1-mukhi-rudraksha-collector-grade': 22,
  'nepal-5-mukhi-rudraksha': 20,
  'gauri-shankar-rudraksha-nepal': 28,
  'natural-ruby-manik-5-25-ratti': 9,
  'blue-sapphire-neelam-4-ratti-unheated': 8,
  'ceylon-yellow-sapphire-pukhraj-5-50-ratti': 9,
  'nepal-5-mukhi-rudraksha-jaap-mala': 6,
};

/** Gems with a sample certificate: [lab line, certificate number, stone line]. */
const CERTIFICATES = {
  '1-mukhi-rudraksha-collector-grade': ['X-ray report', 'RR-XR-1001', 'Natural rudraksha, one seed chamber'],
  'natural-ruby-manik-5-25-ratti': ['Gem identification report', 'RR-GT-2101', 'Natural ruby (corundum)'],
  'zambian-emerald-panna-4-25-ratti': ['Gem identification report', 'RR-GT-2102', 'Natural emerald (beryl)'],
  'ceylon-yellow-sapphire-pukhraj-5-50-ratti': [
    'Gem identification report',
    'RR-GT-2103',
    'Natural yellow sapphire (corundum)',
  ],
  'blue-sapphire-neelam-4-ratti-unheated': [
    'Gem identification report',
    'RR-GT-2104',
    'Natural blue sapphire, no heat seen',
  ],
  'freshwater-pearl-moti-7-25-ratti': ['Pearl identification report', 'RR-GT-2105', 'Freshwater cultured pearl'],
  'italian-red-coral-moonga-8-25-ratti': ['Gem identification report', 'RR-GT-2106', 'Natural red coral'],
  'ceylon-hessonite-gomed-7-25-ratti': ['Gem identification report', 'RR-GT-2107', 'Natural hessonite garnet'],
  'chrysoberyl-cats-eye-lehsunia-5-25-ratti': [
    'Gem identification report',
    'RR-GT-2108',
    "Natural chrysoberyl cat's eye",
  ],
  'white-sapphire-safed-pukhraj-3-80-carat': [
    'Gem identification report',
    'RR-GT-2109',
    'Natural white sapphire (corundum)',
  ],
};

/** The inner markup of a product's SVG (its <svg> element's children). */
function innerOf(slug) {
  const svg = readFileSync(join(PRODUCTS, `${slug}.svg`), 'utf8');
  return svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<title[^>]*>.*?<\/title>/, '');
}

const escape = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function closeUp(slug) {
  // The middle of the picture, enlarged: the surface and the lines of the bead or the stone's cut.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="150 130 300 300" width="600" height="600" role="img"><title>Close-up</title>${innerOf(slug)}</svg>\n`;
}

function scaleView(slug, mm) {
  const ticks = Array.from({ length: 11 }, (_, i) => {
    const x = 120 + i * 36;
    const long = i % 5 === 0;
    return `<line x1="${x}" y1="520" x2="${x}" y2="${long ? 548 : 538}" stroke="${TEXT}" stroke-width="2"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img"><title>Size against a millimetre scale</title><rect width="600" height="600" fill="${CREAM}"/><g transform="translate(90 20) scale(0.7)">${innerOf(slug)}</g><rect x="100" y="500" width="400" height="70" rx="6" fill="#f3e3c3" stroke="${TEXT}" stroke-opacity="0.3"/>${ticks}<text x="300" y="590" text-anchor="middle" font-family="${SERIF}" font-size="22" fill="${TEXT}">about ${mm} mm</text></svg>\n`;
}

function certificate(slug, [kind, number, stone]) {
  const title = readFileSync(join(PRODUCTS, `${slug}.svg`), 'utf8').match(/<title[^>]*>(.*?)<\/title>/)?.[1] ?? slug;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 560" width="800" height="560" role="img"><title>Sample certificate ${number}</title><rect width="800" height="560" fill="#fffdf8"/><rect x="16" y="16" width="768" height="528" fill="none" stroke="${MAROON}" stroke-width="4"/><rect x="28" y="28" width="744" height="504" fill="none" stroke="${MAROON}" stroke-width="1"/><text x="400" y="86" text-anchor="middle" font-family="${SERIF}" font-size="34" fill="${MAROON}">${escape(kind)}</text><text x="400" y="120" text-anchor="middle" font-family="${SERIF}" font-size="18" fill="${TEXT}">Sample for the Rudraksha Ratna demo shop: not a real laboratory document</text><g font-family="${SERIF}" font-size="22" fill="${TEXT}"><text x="70" y="190">Certificate no.</text><text x="320" y="190">${escape(number)}</text><text x="70" y="240">Item</text><text x="320" y="240">${escape(title)}</text><text x="70" y="290">Identification</text><text x="320" y="290">${escape(stone)}</text><text x="70" y="340">Method</text><text x="320" y="340">Refractometer, microscope, specific gravity</text></g><g transform="translate(560 360) scale(0.28)">${innerOf(slug)}</g><circle cx="170" cy="450" r="56" fill="none" stroke="${MAROON}" stroke-width="3" stroke-dasharray="6 4"/><text x="170" y="456" text-anchor="middle" font-family="${SERIF}" font-size="16" fill="${MAROON}">DEMO SEAL</text></svg>\n`;
}

mkdirSync(GALLERY_DIR, { recursive: true });
mkdirSync(CERT_DIR, { recursive: true });
for (const [slug, mm] of Object.entries(GALLERY)) {
  writeFileSync(join(GALLERY_DIR, `${slug}-close-up.svg`), closeUp(slug));
  writeFileSync(join(GALLERY_DIR, `${slug}-scale.svg`), scaleView(slug, mm));
}
for (const [slug, lines] of Object.entries(CERTIFICATES))
  writeFileSync(join(CERT_DIR, `${slug}.svg`), certificate(slug, lines));
console.log(`${Object.keys(GALLERY).length * 2} gallery pictures, ${Object.keys(CERTIFICATES).length} certificates`);
