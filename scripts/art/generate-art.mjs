#!/usr/bin/env node
// Generates all original art for Rudraksha Ratna: product images, home banners, collection cards,
// logo, logo mark and favicon. Deterministic output.
//
//   node scripts/art/generate-art.mjs
//
// The art is drawn as SVG here. The logo, logo mark and favicon are written as SVG; the pictures (products,
// banners, collections) are rasterised with sharp to WebP in a few widths, named <name>-w<width>.webp,
// because their noise, lighting and clip filters cost a phone far more to paint than a small WebP costs
// to download (see docs/decisions/0018). Product art uses core's IMAGE_WIDTHS (320, 720, 1200) so that
// core's responsiveImage gives it a srcset like an upload; the demo catalog points at the -w720 file.
//
// The PRODUCTS list below must match the slugs in server/src/db/seed/demo-catalog.ts;
// the script warns at the end about any catalog slug that has no art (and vice versa).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PUB = join(ROOT, 'web/public');
const CATALOG = join(ROOT, 'server/src/db/seed/demo-catalog.ts');

// Shop palette
const MAROON = '#7b1e1e';
const SAFFRON = '#d9822b';
const GOLD = '#c9a227';
const CREAM = '#faf6f0';
const TEXT = '#2b1d14';
const SERIF = "Georgia, 'Times New Roman', serif";

// ---------------------------------------------------------------- product art parameters
// kind: bead | gauri | ganesh | garbh | thread | gem | pearl | coral | catseye | opal | mala
const PRODUCTS = [
  {
    slug: '1-mukhi-rudraksha-collector-grade',
    title: '1 Mukhi Rudraksha, Collector Grade with X-Ray Report',
    kind: 'bead',
    mukhi: 1,
    r: 150,
    label: '1 Mukhi · Collector',
  },
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((m) => ({
    slug: `nepal-${m}-mukhi-rudraksha`,
    title: `Nepal ${m} Mukhi Rudraksha`,
    kind: 'bead',
    mukhi: m,
    r: 138 + m * 2,
    label: `${m} Mukhi`,
  })),
  {
    slug: 'nepal-14-mukhi-rudraksha',
    title: 'Nepal 14 Mukhi Rudraksha (Dev Mani)',
    kind: 'bead',
    mukhi: 14,
    r: 162,
    label: '14 Mukhi · Dev Mani',
  },
  {
    slug: 'gauri-shankar-rudraksha-nepal',
    title: 'Gauri Shankar Rudraksha, Nepal',
    kind: 'gauri',
    label: 'Gauri Shankar',
  },
  {
    slug: 'ganesh-rudraksha-natural-trunk',
    title: 'Ganesh Rudraksha with Natural Trunk',
    kind: 'ganesh',
    label: 'Ganesh Rudraksha',
  },
  { slug: 'garbh-gauri-rudraksha-nepal', title: 'Garbh Gauri Rudraksha, Nepal', kind: 'garbh', label: 'Garbh Gauri' },
  {
    slug: 'java-5-mukhi-rudraksha-small',
    title: 'Java 5 Mukhi Rudraksha Bead, Small 8 mm',
    kind: 'bead',
    mukhi: 5,
    r: 96,
    java: true,
    label: 'Java · 5 Mukhi',
  },
  {
    slug: 'indonesian-3-mukhi-rudraksha',
    title: 'Indonesian 3 Mukhi Rudraksha Bead',
    kind: 'bead',
    mukhi: 3,
    r: 108,
    java: true,
    label: 'Indonesian · 3 Mukhi',
  },
  {
    slug: 'red-silk-thread-silver-caps',
    title: 'Red Silk Thread with Silver Rudraksha Caps (Pack of 2)',
    kind: 'thread',
    label: 'Thread + Silver Caps',
  },

  {
    slug: 'natural-ruby-manik-5-25-ratti',
    title: 'Natural Ruby (Manik) 5.25 Ratti',
    kind: 'gem',
    shape: 'oval',
    color: '#c0102e',
    label: 'Manik · 5.25 Ratti',
  },
  {
    slug: 'zambian-emerald-panna-4-25-ratti',
    title: 'Zambian Emerald (Panna) 4.25 Ratti',
    kind: 'gem',
    shape: 'octagon',
    color: '#0e8a4c',
    label: 'Panna · 4.25 Ratti',
  },
  {
    slug: 'ceylon-yellow-sapphire-pukhraj-5-50-ratti',
    title: 'Ceylon Yellow Sapphire (Pukhraj) 5.50 Ratti with Lab Report',
    kind: 'gem',
    shape: 'cushion',
    color: '#f0c020',
    label: 'Pukhraj · 5.50 Ratti',
  },
  {
    slug: 'blue-sapphire-neelam-4-ratti-unheated',
    title: 'Blue Sapphire (Neelam) 4.00 Ratti, Unheated',
    kind: 'gem',
    shape: 'oval',
    color: '#1d3da6',
    label: 'Neelam · 4.00 Ratti',
  },
  {
    slug: 'freshwater-pearl-moti-7-25-ratti',
    title: 'Freshwater Pearl (Moti) 7.25 Ratti',
    kind: 'pearl',
    label: 'Moti · 7.25 Ratti',
  },
  {
    slug: 'italian-red-coral-moonga-8-25-ratti',
    title: 'Italian Red Coral (Moonga) 8.25 Ratti',
    kind: 'coral',
    label: 'Moonga · 8.25 Ratti',
  },
  {
    slug: 'ceylon-hessonite-gomed-7-25-ratti',
    title: 'Ceylon Hessonite (Gomed) 7.25 Ratti',
    kind: 'gem',
    shape: 'oval',
    color: '#b0561a',
    label: 'Gomed · 7.25 Ratti',
    tall: true,
  },
  {
    slug: 'chrysoberyl-cats-eye-lehsunia-5-25-ratti',
    title: "Chrysoberyl Cat's Eye (Lehsunia) 5.25 Ratti",
    kind: 'catseye',
    label: 'Lehsunia · 5.25 Ratti',
  },
  {
    slug: 'australian-white-opal-4-10-carat',
    title: 'Australian White Opal 4.10 Carat',
    kind: 'opal',
    label: 'Opal · 4.10 ct',
  },
  {
    slug: 'white-sapphire-safed-pukhraj-3-80-carat',
    title: 'White Sapphire (Safed Pukhraj) 3.80 Carat',
    kind: 'gem',
    shape: 'round',
    color: '#c9d3de',
    label: 'Safed Pukhraj · 3.80 ct',
  },
  {
    slug: 'amethyst-katela-6-15-carat',
    title: 'Amethyst (Katela) 6.15 Carat',
    kind: 'gem',
    shape: 'pear',
    color: '#7a3aa8',
    label: 'Katela · 6.15 ct',
  },
  {
    slug: 'citrine-sunela-5-50-carat',
    title: 'Citrine (Sunela) 5.50 Carat',
    kind: 'gem',
    shape: 'octagon',
    color: '#e7961f',
    label: 'Sunela · 5.50 ct',
    wide: true,
  },
  {
    slug: 'iolite-neeli-4-30-carat',
    title: 'Iolite (Neeli) 4.30 Carat',
    kind: 'gem',
    shape: 'round',
    color: '#4a48a8',
    label: 'Neeli · 4.30 ct',
  },

  {
    slug: 'sphatik-jaap-mala-8mm',
    title: 'Sphatik (Clear Quartz) Jaap Mala, 8 mm, 108+1 Beads',
    kind: 'mala',
    bead: 'glass',
    c: ['#ffffff', '#e3eef5', '#9fb6c6'],
    br: 12,
    tassel: SAFFRON,
    label: 'Sphatik · 108+1',
  },
  {
    slug: 'nepal-5-mukhi-rudraksha-jaap-mala',
    title: 'Nepal 5 Mukhi Rudraksha Jaap Mala, 108+1 Beads, 6 mm',
    kind: 'mala',
    bead: 'rudraksha',
    c: ['#c98a55', '#7a3d1a', '#3c1a08'],
    br: 11,
    tassel: '#b3261e',
    label: '5 Mukhi · 108+1',
  },
  {
    slug: 'tulsi-jaap-mala',
    title: 'Tulsi Jaap Mala, 108+1 Beads',
    kind: 'mala',
    bead: 'wood',
    c: ['#f1d9a6', '#c9a063', '#8a6532'],
    br: 8,
    tassel: SAFFRON,
    label: 'Tulsi · 108+1',
  },
  {
    slug: 'kamal-gatta-lotus-seed-mala',
    title: 'Kamal Gatta (Lotus Seed) Mala',
    kind: 'mala',
    bead: 'seed',
    c: ['#7a5a44', '#3b281c', '#150d08'],
    br: 12,
    tassel: '#b3261e',
    label: 'Kamal Gatta',
  },
  {
    slug: 'red-sandalwood-rakt-chandan-mala',
    title: 'Red Sandalwood (Rakt Chandan) Mala',
    kind: 'mala',
    bead: 'wood',
    c: ['#c4524a', '#8e2420', '#4c0e0c'],
    br: 11,
    tassel: GOLD,
    label: 'Rakt Chandan',
  },
  {
    slug: 'rose-quartz-mala-8mm',
    title: 'Rose Quartz Mala, 8 mm',
    kind: 'mala',
    bead: 'glass',
    c: ['#fff2f5', '#f3b7c5', '#c97a8e'],
    br: 12,
    tassel: '#d65f84',
    label: 'Rose Quartz',
  },
  {
    slug: 'karungali-ebony-mala-8mm',
    title: 'Karungali (Ebony Wood) Mala, 8 mm',
    kind: 'mala',
    bead: 'gloss',
    c: ['#6d6a66', '#24211f', '#080706'],
    br: 12,
    tassel: MAROON,
    label: 'Karungali',
  },
  {
    slug: 'freshwater-pearl-moti-mala',
    title: 'Freshwater Pearl (Moti) Mala, 108+1 Beads',
    kind: 'mala',
    bead: 'gloss',
    c: ['#ffffff', '#ebdfcd', '#a08a6c'],
    br: 11,
    tassel: GOLD,
    label: 'Moti Mala',
  },
  {
    slug: 'vaijanti-mala',
    title: 'Vaijanti Mala',
    kind: 'mala',
    bead: 'seed',
    c: ['#f3f1ec', '#b9b3a8', '#6f6a61'],
    br: 12,
    tassel: SAFFRON,
    label: 'Vaijanti',
  },
  {
    slug: 'haldi-turmeric-mala',
    title: 'Haldi (Turmeric) Mala',
    kind: 'mala',
    bead: 'rough',
    c: ['#f6cf5a', '#d99a16', '#8c5a06'],
    br: 11,
    tassel: '#b3261e',
    label: 'Haldi Mala',
  },
  {
    slug: 'rudraksha-kantha-silver-caps',
    title: 'Rudraksha Kantha with Silver Caps, 32+1 Beads',
    kind: 'mala',
    bead: 'rudraksha',
    c: ['#c98a55', '#7a3d1a', '#3c1a08'],
    br: 15,
    caps: true,
    tassel: '#b3261e',
    label: 'Kantha · 32+1',
  },
  {
    slug: 'navratna-gemstone-mala',
    title: 'Navratna Gemstone Mala, 108+1 Beads',
    kind: 'mala',
    bead: 'navratna',
    br: 10,
    tassel: GOLD,
    label: 'Navratna Mala',
  },
];

// ---------------------------------------------------------------- helpers
const f = (v) => String(Math.round(v * 10) / 10);
const pts = (arr) => arr.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(' ');
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hashStr(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
function rng(seed) {
  let a = typeof seed === 'number' ? seed : hashStr(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hex2rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const rgb2hex = (a) =>
  '#' +
  a
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const mix = (a, b, t) => {
  const A = hex2rgb(a);
  const B = hex2rgb(b);
  return rgb2hex(A.map((v, i) => v + (B[i] - v) * t));
};
const lighten = (c, t) => mix(c, '#ffffff', t);
const darken = (c, t) => mix(c, '#000000', t);
const lerp = (p, q, t) => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];

const stops = (list) =>
  list
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`)
    .join('');
const radial = (id, list, extra = '') => `<radialGradient id="${id}"${extra}>${stops(list)}</radialGradient>`;
const linear = (id, list, extra = '') => `<linearGradient id="${id}"${extra}>${stops(list)}</linearGradient>`;

function svgDoc(w, h, title, defs, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t">` +
    `<title id="t">${esc(title)}</title><defs>${defs}</defs>${body}</svg>\n`
  );
}

// Bumpy surface texture for rudraksha (multiplies lighting of fractal noise onto the source).
function texFilter(id, freq, scale, seed) {
  return (
    `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed}"/>` +
    `<feComponentTransfer result="n"><feFuncA type="table" tableValues="0 0 .15 .7 1"/></feComponentTransfer>` +
    `<feDiffuseLighting in="n" surfaceScale="${scale}" lighting-color="#fff" result="l"><feDistantLight azimuth="225" elevation="50"/></feDiffuseLighting>` +
    `<feComposite in="SourceGraphic" in2="l" operator="arithmetic" k1="1.3" result="m"/>` +
    `<feComposite in="m" in2="SourceGraphic" operator="in"/></filter>`
  );
}
const shadowFilter = (id, dy = 3, sd = 2.5, op = 0.3) =>
  `<filter id="${id}" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${sd}" flood-color="${TEXT}" flood-opacity="${op}"/></filter>`;

// ---------------------------------------------------------------- product frame
function productFrame(p, defs, body) {
  const fs = 24;
  const w = Math.max(170, Math.round(p.label.length * fs * 0.5 + 56));
  const frameDefs =
    linear(
      'bg',
      [
        [0, CREAM],
        [1, '#f5ddb8'],
      ],
      ' x1="0" y1="0" x2="0.3" y2="1"',
    ) +
    radial('gl', [
      [0, '#ffffff', 0.85],
      [1, '#ffffff', 0],
    ]) +
    radial('sh', [
      [0, TEXT, 0.28],
      [1, TEXT, 0],
    ]);
  const frame =
    `<rect width="600" height="600" fill="url(#bg)"/>` +
    `<circle cx="300" cy="280" r="250" fill="url(#gl)"/>` +
    `<circle cx="300" cy="280" r="262" fill="none" stroke="${GOLD}" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="2 7"/>` +
    `<ellipse cx="300" cy="${p.shadowY ?? 478}" rx="${p.shadowRx ?? 170}" ry="22" fill="url(#sh)"/>`;
  const pill =
    `<rect x="${300 - w / 2}" y="522" width="${w}" height="46" rx="23" fill="${MAROON}"/>` +
    `<text x="300" y="553" text-anchor="middle" font-family="${SERIF}" font-size="${fs}" fill="${CREAM}">${esc(p.label)}</text>`;
  return svgDoc(600, 600, p.title, frameDefs + defs, frame + body + pill);
}

// ---------------------------------------------------------------- rudraksha
const NEPAL = [
  [0, '#d09560'],
  [0.45, '#8f4c22'],
  [0.85, '#5a2a10'],
  [1, '#3a1a08'],
];
const JAVA = [
  [0, '#dba57a'],
  [0.5, '#a45c30'],
  [0.9, '#6e3518'],
  [1, '#4f240e'],
];

// Grooves (mukhi lines) on an ellipsoid bead whose top is tilted towards the viewer by `tilt`
// radians, so every line can be seen leaving the top pole. Returns {defs, body, poleY, ryOut}.
function grooves(id, cx, cy, rx, ry, n, offset, tilt, width = 7, round = Math.round) {
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  let d = '';
  for (let k = 0; k < n; k++) {
    const th = offset + (2 * Math.PI * k) / n;
    let seg = '';
    let open = false;
    for (let i = 0; i <= 18; i++) {
      const ph = Math.PI / 2 - (Math.PI * i) / 18;
      const x = rx * 0.97 * Math.cos(ph) * Math.sin(th);
      const y = ry * 0.97 * Math.sin(ph);
      const z = rx * 0.97 * Math.cos(ph) * Math.cos(th);
      const yy = y * ct - z * st;
      const zz = y * st + z * ct;
      if (zz > -2) {
        seg += `${open ? 'L' : 'M'}${round(cx + x)},${round(cy - yy)}`;
        open = true;
      } else open = false;
    }
    d += seg;
  }
  const defs = `<path id="${id}" d="${d}"/>`;
  const body =
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    `<use href="#${id}" stroke="#2a1206" stroke-opacity=".22" stroke-width="${f(width * 3.4)}"/>` +
    `<use href="#${id}" stroke="#e0a878" stroke-opacity=".5" stroke-width="${f(width * 0.45)}" transform="translate(${f(width * 0.6)},1)"/>` +
    `<use href="#${id}" stroke="#241005" stroke-opacity=".85" stroke-width="${f(width)}"/></g>`;
  return { defs, body, poleY: cy - ry * ct, ryOut: Math.sqrt(ry * ry * ct * ct + rx * rx * st * st) };
}

// A single bead; returns {defs, body, top}. id must be unique within the document.
function beadArt({
  id,
  cx,
  cy,
  rx,
  ry,
  mukhi,
  java = false,
  seed = 1,
  offset,
  texScale,
  crown = true,
  groove = 7,
  tilt = 0.55,
}) {
  const off = offset ?? (mukhi === 1 ? 0.3 : Math.PI / mukhi + 0.1);
  const g = grooves(`${id}p`, cx, cy, rx, ry, mukhi, off, tilt, groove);
  const R = g.ryOut;
  const defs =
    radial(`${id}c`, java ? JAVA : NEPAL, ' cx=".42" cy=".38" fx=".33" fy=".28" r=".65"') +
    texFilter(`${id}t`, java ? 0.1 : 0.06, texScale ?? (java ? 2 : 3.6), seed) +
    radial(`${id}h`, [
      [0, '#fff', 0.35],
      [1, '#fff', 0],
    ]) +
    g.defs;
  const shape = (fill = '') => `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(R)}"${fill}/>`;
  const body =
    `<clipPath id="${id}k">${shape()}</clipPath>` +
    `<g filter="url(#${id}t)">${shape(` fill="url(#${id}c)"`)}` +
    `<g clip-path="url(#${id}k)">${g.body}</g>` +
    (crown
      ? `<ellipse cx="${f(cx)}" cy="${f(g.poleY)}" rx="${f(rx * 0.1)}" ry="${f(rx * 0.05)}" fill="#2a1206"/>`
      : '') +
    `</g>` +
    `<ellipse cx="${f(cx - rx * 0.38)}" cy="${f(cy - R * 0.4)}" rx="${f(rx * 0.3)}" ry="${f(R * 0.18)}" fill="url(#${id}h)"/>`;
  return { defs, body, top: g.poleY, ry: R };
}

const thread = (cx, topY) =>
  `<path d="M${f(cx)},${f(topY)}C${f(cx - 18)},${f(topY - 60)} ${f(cx - 110)},${f(topY - 84)} ${f(cx - 170)},${f(topY - 76)}M${f(cx)},${f(topY)}C${f(cx + 18)},${f(topY - 60)} ${f(cx + 110)},${f(topY - 84)} ${f(cx + 170)},${f(topY - 76)}" fill="none" stroke="#b3261e" stroke-width="5" stroke-linecap="round"/>`;

function artBead(p) {
  const r = p.r;
  const rx = p.java ? r * 0.9 : r;
  const ry = p.java ? r * 1.06 : r * 0.93;
  const cy = 305;
  const b = beadArt({
    id: 'b',
    cx: 300,
    cy,
    rx,
    ry,
    mukhi: p.mukhi,
    java: p.java,
    seed: p.mukhi + (p.java ? 20 : 0),
    groove: p.java ? 5 : 7,
  });
  return productFrame({ ...p, shadowRx: rx * 1.05, shadowY: cy + b.ry + 14 }, b.defs, b.body + thread(300, b.top));
}

function artGauri(p) {
  const L = beadArt({ id: 'l', cx: 232, cy: 305, rx: 92, ry: 128, mukhi: 6, seed: 3, offset: 0.3, tilt: 0.3 });
  const R = beadArt({ id: 'r', cx: 368, cy: 305, rx: 92, ry: 128, mukhi: 6, seed: 4, offset: -0.3, tilt: 0.3 });
  const seam = `<path d="M300,214Q292,305 300,396" fill="none" stroke="#241005" stroke-width="6" stroke-opacity=".8"/>`;
  return productFrame(
    { ...p, shadowRx: 190, shadowY: 450 },
    L.defs + R.defs,
    R.body + L.body + seam + thread(300, 212),
  );
}

function artGarbh(p) {
  const B = beadArt({ id: 'l', cx: 262, cy: 300, rx: 128, ry: 138, mukhi: 5, seed: 5 });
  const S = beadArt({ id: 'r', cx: 418, cy: 356, rx: 62, ry: 72, mukhi: 4, seed: 6, groove: 5, crown: false });
  return productFrame({ ...p, shadowRx: 200, shadowY: 452 }, B.defs + S.defs, S.body + B.body + thread(262, B.top));
}

function artGanesh(p) {
  const B = beadArt({ id: 'b', cx: 300, cy: 305, rx: 140, ry: 132, mukhi: 3, seed: 7, offset: 1.2 });
  // A tapered, curling raised ridge: the natural "trunk".
  const trunk =
    'M282,196C330,200 350,250 336,300C324,345 346,385 380,392C394,396 392,410 376,410C332,412 302,370 312,312C320,262 306,226 270,214Z';
  const t =
    `<g filter="url(#bt)"><path d="${trunk}" fill="#2a1206" transform="translate(5,6)"/>` +
    `<path d="${trunk}" fill="#a8652f" stroke="#3a1a08" stroke-width="3"/>` +
    `<path d="M292,212C330,222 336,262 326,300" fill="none" stroke="#e6b080" stroke-opacity=".55" stroke-width="6" stroke-linecap="round"/></g>`;
  return productFrame({ ...p, shadowRx: 150, shadowY: 452 }, B.defs, B.body + t + thread(300, B.top));
}

function artThread(p) {
  const B = beadArt({ id: 'b', cx: 300, cy: 372, rx: 72, ry: 68, mukhi: 5, seed: 8, groove: 5, crown: false });
  const silver = linear(
    's',
    [
      [0, '#ffffff'],
      [0.5, '#c9cdd2'],
      [1, '#868b91'],
    ],
    ' x1="0" y1="0" x2="1" y2="1"',
  );
  const cap = (y, dir) => {
    const rim = y + dir * 2;
    let sc = '';
    for (let i = -2; i <= 2; i++) sc += `<circle cx="${300 + i * 15}" cy="${rim + dir * Math.abs(i) * -3}" r="8"/>`;
    return `<g fill="url(#s)" stroke="#7c8187" stroke-width="1.5"><path d="M262,${rim}Q300,${y - dir * 52} 338,${rim}Z"/>${sc}</g>`;
  };
  const loops =
    `<g fill="none" stroke-linecap="round"><ellipse cx="300" cy="226" rx="196" ry="150" stroke="#9e1f18" stroke-width="7"/>` +
    `<ellipse cx="300" cy="238" rx="172" ry="128" stroke="#c8382c" stroke-width="6"/></g>` +
    `<rect x="288" y="64" width="24" height="40" rx="6" fill="#8a1a14"/><rect x="288" y="84" width="24" height="4" fill="${GOLD}"/>`;
  return productFrame(
    { ...p, shadowRx: 110, shadowY: 470 },
    B.defs + silver,
    loops + B.body + cap(310, 1) + cap(434, -1),
  );
}

// ---------------------------------------------------------------- gems
function girdle(shape, cx, cy, w, h, N) {
  const P = [];
  for (let i = 0; i < N; i++) {
    const t = (2 * Math.PI * i) / N;
    const s = Math.sin(t);
    const c = Math.cos(t);
    if (shape === 'cushion') {
      P.push([cx + w * Math.sign(s) * Math.abs(s) ** 0.55, cy - h * Math.sign(c) * Math.abs(c) ** 0.55]);
    } else if (shape === 'pear') {
      P.push([cx + w * s * ((1 - c) / 2) ** 0.55 * 1.08, cy - h * c]);
    } else {
      P.push([cx + w * s, cy - h * c]);
    }
  }
  return P;
}

function facetShade(color, c, poly, r) {
  const m = poly.reduce((a, p) => [a[0] + p[0] / poly.length, a[1] + p[1] / poly.length], [0, 0]);
  const vx = m[0] - c[0];
  const vy = m[1] - c[1];
  const len = Math.hypot(vx, vy) || 1;
  const b = 0.5 + 0.3 * ((-vx - vy) / len / Math.SQRT2) + (r() - 0.5) * 0.55;
  return b > 0.5 ? lighten(color, Math.min(0.75, (b - 0.5) * 1.3)) : darken(color, Math.min(0.7, (0.5 - b) * 1.2));
}

// Faceted stone; brilliant-style for round/oval/cushion/pear, step cut for octagon.
function gemArt({ id, cx, cy, w, h, shape, color, seed, N = 12 }) {
  const r = rng(seed);
  const polys = [];
  let table;
  let outline;
  const c = [cx, cy + (shape === 'pear' ? h * 0.18 : 0)];
  if (shape === 'octagon') {
    const k = 0.3 * Math.min(w, h);
    const oct = (s) =>
      [
        [-w + k, -h],
        [w - k, -h],
        [w, -h + k],
        [w, h - k],
        [w - k, h],
        [-w + k, h],
        [-w, h - k],
        [-w, -h + k],
      ].map(([x, y]) => [cx + x * s, cy + y * s]);
    const rings = [1, 0.85, 0.7, 0.55].map(oct);
    for (let b = 0; b < 3; b++)
      for (let i = 0; i < 8; i++) {
        const j = (i + 1) % 8;
        polys.push([rings[b][i], rings[b][j], rings[b + 1][j], rings[b + 1][i]]);
      }
    table = rings[3];
    outline = rings[0];
  } else {
    const G = girdle(shape, cx, cy, w, h, N);
    const T = G.map((p) => lerp(c, p, 0.52));
    const M = G.map((p, i) => lerp(c, lerp(p, G[(i + 1) % N], 0.5), 0.8));
    for (let i = 0; i < N; i++) {
      const j = (i + 1) % N;
      const pm = (i + N - 1) % N;
      polys.push([T[i], T[j], M[i]]);
      polys.push([T[i], M[i], G[i], M[pm]]);
      polys.push([M[i], G[i], G[j]]);
    }
    table = T;
    outline = G;
  }
  const defs =
    radial(`${id}g`, [
      [0, color, 0.35],
      [1, color, 0],
    ]) +
    linear(
      `${id}t`,
      [
        [0, lighten(color, 0.45)],
        [0.55, color],
        [1, darken(color, 0.2)],
      ],
      ' x1="0" y1="0" x2="1" y2="1"',
    );
  const R = Math.max(w, h);
  const sp = lerp(c, table[Math.floor(table.length * 0.8)], 0.55);
  const spark = (x, y, s) =>
    `<path d="M${f(x)},${f(y - s)}L${f(x + s * 0.22)},${f(y - s * 0.22)}L${f(x + s)},${f(y)}L${f(x + s * 0.22)},${f(y + s * 0.22)}L${f(x)},${f(y + s)}L${f(x - s * 0.22)},${f(y + s * 0.22)}L${f(x - s)},${f(y)}L${f(x - s * 0.22)},${f(y - s * 0.22)}Z" fill="#fff"/>`;
  const body =
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.45)}" fill="url(#${id}g)"/>` +
    `<g stroke="#fff" stroke-opacity=".35" stroke-width="1" stroke-linejoin="round">` +
    polys.map((q) => `<polygon points="${pts(q)}" fill="${facetShade(color, c, q, r)}"/>`).join('') +
    `<polygon points="${pts(table)}" fill="url(#${id}t)"/></g>` +
    `<polygon points="${pts(outline)}" fill="none" stroke="${darken(color, 0.5)}" stroke-width="2.5" stroke-linejoin="round"/>` +
    spark(sp[0], sp[1], R * 0.16);
  return { defs, body };
}

// Cheaper stylised stone for banners and collection cards.
function gemSimple({ id, cx, cy, rr, color, kind = 'gem' }) {
  if (kind === 'pearl' || kind === 'cab') {
    const defs = radial(
      `${id}`,
      kind === 'pearl'
        ? [
            [0, '#ffffff'],
            [0.55, '#efe7dc'],
            [1, '#b8aa98'],
          ]
        : [
            [0, lighten(color, 0.55)],
            [0.5, color],
            [1, darken(color, 0.45)],
          ],
      ' fx=".35" fy=".3"',
    );
    return {
      defs,
      body: `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr)}" fill="url(#${id})"/><ellipse cx="${f(cx - rr * 0.32)}" cy="${f(cy - rr * 0.38)}" rx="${f(rr * 0.25)}" ry="${f(rr * 0.14)}" fill="#fff" opacity=".7"/>`,
    };
  }
  const N = 8;
  const G = girdle('round', cx, cy, rr, rr, N);
  const T = G.map((p) => lerp([cx, cy], p, 0.55));
  const r = rng(hashStr(id));
  let s = '';
  for (let i = 0; i < N; i++) {
    const q = [T[i], G[i], G[(i + 1) % N], T[(i + 1) % N]];
    s += `<polygon points="${pts(q)}" fill="${facetShade(color, [cx, cy], q, r)}"/>`;
  }
  const defs = linear(
    id,
    [
      [0, lighten(color, 0.45)],
      [1, color],
    ],
    ' x1="0" y1="0" x2="1" y2="1"',
  );
  return {
    defs,
    body: `<g stroke="#fff" stroke-opacity=".35" stroke-linejoin="round">${s}<polygon points="${pts(T)}" fill="url(#${id})"/></g><polygon points="${pts(G)}" fill="none" stroke="${darken(color, 0.5)}" stroke-width="1.5"/>`,
  };
}

function artGem(p) {
  const w = p.wide ? 185 : p.tall ? 130 : p.shape === 'round' ? 165 : p.shape === 'pear' ? 140 : 150;
  const h = p.wide
    ? 140
    : p.tall
      ? 175
      : p.shape === 'round'
        ? 165
        : p.shape === 'pear'
          ? 180
          : p.shape === 'oval'
            ? 182
            : 150;
  const g = gemArt({ id: 'g', cx: 300, cy: 285, w, h, shape: p.shape, color: p.color, seed: p.slug });
  return productFrame({ ...p, shadowRx: w * 1.05, shadowY: 285 + h + 22 }, g.defs, g.body);
}

function cabochon(id, cx, cy, rx, ry, list) {
  return {
    defs:
      radial(`${id}c`, list, ' cx=".45" cy=".42" fx=".36" fy=".3" r=".62"') +
      radial(`${id}h`, [
        [0, '#fff', 0.85],
        [1, '#fff', 0],
      ]),
    body:
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${id}c)"/>` +
      `<ellipse cx="${f(cx - rx * 0.32)}" cy="${f(cy - ry * 0.45)}" rx="${f(rx * 0.34)}" ry="${f(ry * 0.18)}" fill="url(#${id}h)"/>`,
  };
}

function artPearl(p) {
  const c = cabochon('p', 300, 290, 165, 165, [
    [0, '#ffffff'],
    [0.45, '#f6f0e7'],
    [0.8, '#ddd1c2'],
    [1, '#a89986'],
  ]);
  const sheen = radial(
    'o',
    [
      [0, '#f7c9d2', 0],
      [0.75, '#f7c9d2', 0],
      [0.9, '#f3b9c6', 0.45],
      [1, '#f3b9c6', 0],
    ],
    ' cx=".55" cy=".58"',
  );
  return productFrame(
    { ...p, shadowRx: 160, shadowY: 468 },
    c.defs + sheen,
    c.body + `<circle cx="300" cy="290" r="165" fill="url(#o)"/>`,
  );
}

function artCoral(p) {
  const c = cabochon('c', 300, 285, 150, 190, [
    [0, '#ffa07a'],
    [0.4, '#ec5a36'],
    [0.8, '#c0321f'],
    [1, '#7e1b10'],
  ]);
  return productFrame({ ...p, shadowRx: 150, shadowY: 488 }, c.defs, c.body);
}

function artCatseye(p) {
  const c = cabochon('c', 300, 285, 170, 150, [
    [0, '#e4d48a'],
    [0.45, '#b49b3c'],
    [0.85, '#6f5d1c'],
    [1, '#3e330e'],
  ]);
  const band =
    linear('e', [
      [0, '#fffbe8', 0],
      [0.5, '#fffbe8', 0.95],
      [1, '#fffbe8', 0],
    ]) + `<clipPath id="k"><ellipse cx="300" cy="285" rx="170" ry="150"/></clipPath>`;
  const body =
    c.body +
    `<g clip-path="url(#k)"><path d="M284,130Q312,285 284,440L316,440Q344,285 316,130Z" fill="url(#e)"/>` +
    `<path d="M298,130Q326,285 298,440" fill="none" stroke="#fff" stroke-width="3" stroke-opacity=".9"/></g>`;
  return productFrame({ ...p, shadowRx: 170, shadowY: 455 }, c.defs + band, body);
}

function artOpal(p) {
  const c = cabochon('c', 300, 285, 150, 185, [
    [0, '#ffffff'],
    [0.55, '#eeeef2'],
    [0.9, '#c8cbd4'],
    [1, '#9da2ae'],
  ]);
  const r = rng(p.slug);
  const cols = ['#3fbf9a', '#4f86ee', '#f2963e', '#b055de', '#76cf4e', '#ee5b7a'];
  let blobs = '';
  for (let i = 0; i < 18; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * 0.9;
    blobs += `<ellipse cx="${f(300 + Math.sin(a) * 150 * d)}" cy="${f(285 + Math.cos(a) * 185 * d)}" rx="${f(20 + r() * 24)}" ry="${f(10 + r() * 14)}" transform="rotate(${Math.round(r() * 180)} ${f(300 + Math.sin(a) * 150 * d)} ${f(285 + Math.cos(a) * 185 * d)})" fill="${cols[i % cols.length]}"/>`;
  }
  const defs =
    c.defs +
    `<clipPath id="k"><ellipse cx="300" cy="285" rx="150" ry="185"/></clipPath><filter id="bl"><feGaussianBlur stdDeviation="8"/></filter>`;
  // Colour flashes go between the body of the stone and its highlight.
  const cut = c.body.indexOf('/>') + 2;
  const [base, hi] = [c.body.slice(0, cut), c.body.slice(cut)];
  return productFrame(
    { ...p, shadowRx: 150, shadowY: 488 },
    defs,
    base + `<g clip-path="url(#k)" opacity=".42"><g filter="url(#bl)">${blobs}</g></g>` + hi,
  );
}

// ---------------------------------------------------------------- malas
const NAVRATNA = ['#c0102e', '#f4efe6', '#e8502c', '#0e8a4c', '#f0c020', '#dfe7ee', '#1d3da6', '#b0561a', '#a89440'];

// Returns {defs, body}. (cx, cy): loop centre, R: loop radius. The guru bead sits at the bottom.
function malaArt({ id, cx, cy, R, p }) {
  const br = p.br;
  const gap = p.caps ? 11 : 3;
  const guruR = br * 1.7;
  const a0 = (guruR + br + 2) / R;
  const n = Math.floor(((2 * Math.PI - 2 * a0) * R) / (2 * br + gap)) + 1;
  let defs = shadowFilter(`${id}d`, 2.5, 2, 0.35);
  const grad = (gid, c) =>
    radial(
      gid,
      [
        [0, c[0]],
        [0.55, c[1]],
        [1, c[2]],
      ],
      ' fx=".35" fy=".3"',
    );
  let beadIds;
  if (p.bead === 'navratna') {
    beadIds = NAVRATNA.map((c, i) => {
      defs +=
        grad(`${id}g${i}`, [lighten(c, 0.55), c, darken(c, 0.45)]) +
        `<circle id="${id}b${i}" r="${br}" fill="url(#${id}g${i})"/>`;
      return `${id}b${i}`;
    });
  } else if (p.bead === 'seed') {
    defs += grad(`${id}g`, p.c) + `<ellipse id="${id}b" rx="${f(br * 0.85)}" ry="${f(br * 1.1)}" fill="url(#${id}g)"/>`;
    beadIds = [`${id}b`];
  } else if (p.bead === 'rough') {
    defs += grad(`${id}g`, p.c);
    beadIds = [0, 1, 2].map((v) => {
      const r = rng(v + 11);
      const q = [];
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * Math.PI * 2;
        const rr = br * (0.82 + r() * 0.3);
        q.push([Math.sin(a) * rr, Math.cos(a) * rr]);
      }
      defs += `<polygon id="${id}b${v}" points="${pts(q)}" fill="url(#${id}g)" stroke-linejoin="round" stroke="${p.c[2]}" stroke-width="1"/>`;
      return `${id}b${v}`;
    });
  } else {
    const shiny = p.bead === 'glass' || p.bead === 'gloss';
    defs +=
      grad(`${id}g`, p.c) +
      `<g id="${id}b"><circle r="${br}" fill="url(#${id}g)"${p.bead === 'glass' ? ` stroke="${p.c[2]}" stroke-width="1"` : ''}/>` +
      (shiny
        ? `<circle cx="${f(-br * 0.35)}" cy="${f(-br * 0.38)}" r="${f(br * 0.22)}" fill="#fff" opacity=".8"/>`
        : '') +
      `</g>`;
    beadIds = [`${id}b`];
  }
  const silver = [
    [0, '#ffffff'],
    [0.5, '#c9cdd2'],
    [1, '#7d8288'],
  ];
  if (p.caps) defs += radial(`${id}s`, silver, ' fx=".35" fy=".3"');
  if (p.bead === 'rudraksha') defs += texFilter(`${id}t`, br > 12 ? 0.22 : 0.3, 1.6, 9);
  const threadCol = p.bead === 'glass' || p.bead === 'gloss' || p.bead === 'seed' ? darken(p.tassel, 0.1) : '#b3261e';
  // One ring of beads on a circle of radius rr around (x0, y0), from angle a1 to a2 (0 = bottom).
  const ring = (x0, y0, rr, a1, a2, count, closed) => {
    let beads = '';
    let caps = '';
    for (let k = 0; k < count; k++) {
      const a = a1 + ((a2 - a1) * k) / (closed ? count : count - 1);
      const x = Math.round(x0 + rr * Math.sin(a));
      const y = Math.round(y0 + rr * Math.cos(a));
      const bid = beadIds[k % beadIds.length];
      if (p.bead === 'seed')
        beads += `<use href="#${bid}" transform="translate(${x} ${y}) rotate(${Math.round((-a * 180) / Math.PI)})"/>`;
      else beads += `<use href="#${bid}" x="${x}" y="${y}"/>`;
      if (p.caps) {
        for (const sg of [-1, 1]) {
          const ca = a + (sg * (br + 3)) / rr;
          caps += `<circle cx="${Math.round(x0 + rr * Math.sin(ca))}" cy="${Math.round(y0 + rr * Math.cos(ca))}" r="4.5"/>`;
        }
      }
    }
    const thread = `<circle cx="${x0}" cy="${y0}" r="${rr}" fill="none" stroke="${threadCol}" stroke-width="2"/>`;
    return (
      thread +
      (p.bead === 'rudraksha' ? `<g filter="url(#${id}t)">${beads}</g>` : beads) +
      (caps ? `<g fill="url(#${id}s)">${caps}</g>` : '')
    );
  };
  // Long malas are shown coiled twice: a closed inner ring behind the outer one.
  let inner = '';
  if (p.coil !== false && !p.caps) {
    const R2 = R * 0.64;
    const n2 = Math.floor((2 * Math.PI * R2) / (2 * br + gap));
    inner = `<g opacity=".92">${ring(cx, cy - R * 0.12, R2, 0.3, 0.3 + 2 * Math.PI, n2, true)}</g>`;
  }
  const outer = ring(cx, cy, R, a0, 2 * Math.PI - a0, n, false);
  const gy = cy + R + guruR * 0.35;
  const guruColor = p.bead === 'navratna' ? `url(#${id}g0)` : `url(#${id}g)`;
  const tc = p.tassel;
  defs += linear(
    `${id}q`,
    [
      [0, lighten(tc, 0.2)],
      [1, darken(tc, 0.25)],
    ],
    ' x1="0" y1="0" x2="0" y2="1"',
  );
  const ty = gy + guruR;
  const tl = 86;
  let strands = '';
  for (let i = -3; i <= 3; i++) strands += `M${f(cx + i * 2)},${f(ty + 22)}L${f(cx + i * 7)},${f(ty + tl)}`;
  const tassel =
    `<path d="M${cx - 7},${f(ty + 14)}L${cx + 7},${f(ty + 14)}L${cx + 28},${f(ty + tl)}Q${cx},${f(ty + tl + 8)} ${cx - 28},${f(ty + tl)}Z" fill="url(#${id}q)"/>` +
    `<path d="${strands}" stroke="${darken(tc, 0.35)}" stroke-opacity=".45" stroke-width="1.5" fill="none"/>` +
    `<circle cx="${cx}" cy="${f(ty + 8)}" r="8" fill="${darken(tc, 0.15)}"/>` +
    `<rect x="${cx - 10}" y="${f(ty + 24)}" width="20" height="6" rx="2" fill="${GOLD}"/>`;
  const guru =
    `<circle cx="${cx}" cy="${f(gy)}" r="${f(guruR)}" fill="${guruColor}"${p.bead === 'rudraksha' ? ` filter="url(#${id}t)"` : ''}/>` +
    (p.caps
      ? `<path d="M${f(cx - guruR * 0.8)},${f(gy - guruR * 0.55)}Q${cx},${f(gy - guruR * 1.5)} ${f(cx + guruR * 0.8)},${f(gy - guruR * 0.55)}Z" fill="url(#${id}s)"/>`
      : '') +
    `<ellipse cx="${f(cx - guruR * 0.35)}" cy="${f(gy - guruR * 0.4)}" rx="${f(guruR * 0.28)}" ry="${f(guruR * 0.16)}" fill="#fff" opacity=".5"/>`;
  const body = `<g filter="url(#${id}d)">${inner}${outer}${tassel}${guru}</g>`;
  return { defs, body };
}

function artMala(p) {
  const m = malaArt({ id: 'm', cx: 300, cy: 214, R: 160, p });
  return productFrame({ ...p, shadowRx: 200, shadowY: 500 }, m.defs, m.body);
}

const ART = {
  bead: artBead,
  gauri: artGauri,
  garbh: artGarbh,
  ganesh: artGanesh,
  thread: artThread,
  gem: artGem,
  pearl: artPearl,
  coral: artCoral,
  catseye: artCatseye,
  opal: artOpal,
  mala: artMala,
};

// ---------------------------------------------------------------- banners
function mandala(cx, cy, color, op) {
  let s = '';
  for (const [r, dash] of [
    [90, '1 8'],
    [140, '6 6'],
    [200, '2 10'],
    [260, '14 8'],
    [330, '2 12'],
  ]) {
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" stroke-dasharray="${dash}"/>`;
  }
  // One petal with an id, then 15 rotated copies (ids are unique per document: one mandala each).
  let petals = `<ellipse id="pt" cx="${cx}" cy="${cy - 170}" rx="16" ry="44"/>`;
  for (let i = 1; i < 16; i++) petals += `<use href="#pt" transform="rotate(${i * 22.5} ${cx} ${cy})"/>`;
  return `<g fill="none" stroke="${color}" stroke-opacity="${op}" stroke-width="2">${s}${petals}</g>`;
}

function bannerText({ lines, sub, cta, headColor, subColor, ctaFill, ctaText, x = 72 }) {
  let y = 150;
  let s = `<g font-family="${SERIF}">`;
  for (const l of lines) {
    s += `<text x="${x}" y="${y}" font-size="54" font-weight="bold" fill="${headColor}">${esc(l)}</text>`;
    y += 64;
  }
  s += `<text x="${x}" y="${y + 6}" font-size="25" fill="${subColor}">${esc(sub)}</text>`;
  const w = Math.round(cta.length * 11.5 + 64);
  s += `<rect x="${x}" y="${y + 44}" width="${w}" height="54" rx="27" fill="${ctaFill}"/>`;
  s += `<text x="${x + w / 2}" y="${y + 78}" text-anchor="middle" font-size="22" font-weight="bold" fill="${ctaText}">${esc(cta)}</text></g>`;
  return s;
}

function banner1() {
  const big = beadArt({ id: 'a', cx: 905, cy: 225, rx: 150, ry: 140, mukhi: 5, seed: 21 });
  const s1 = beadArt({ id: 'b', cx: 1088, cy: 330, rx: 60, ry: 56, mukhi: 7, seed: 22, groove: 5 });
  const s2 = beadArt({ id: 'c', cx: 728, cy: 350, rx: 48, ry: 45, mukhi: 3, seed: 23, groove: 4 });
  const defs =
    linear(
      'bg',
      [
        [0, '#8a2323'],
        [1, '#4a0f10'],
      ],
      ' x1="0" y1="0" x2="1" y2="1"',
    ) +
    radial('halo', [
      [0, GOLD, 0.55],
      [1, GOLD, 0],
    ]) +
    big.defs +
    s1.defs +
    s2.defs;
  const body =
    `<rect width="1200" height="450" fill="url(#bg)"/>` +
    mandala(905, 225, GOLD, 0.22) +
    `<circle cx="905" cy="225" r="235" fill="url(#halo)"/>` +
    big.body +
    s1.body +
    s2.body +
    bannerText({
      lines: ['Authentic Nepal', 'Rudraksha'],
      sub: 'Lab certified beads, 1 to 14 Mukhi',
      cta: 'Shop Rudraksha',
      headColor: CREAM,
      subColor: '#f1d48a',
      ctaFill: SAFFRON,
      ctaText: TEXT,
    });
  return svgDoc(1200, 450, 'Authentic Nepal Rudraksha, lab certified', defs, body);
}

function banner2() {
  const cx = 915;
  const cy = 225;
  const ring = [
    ['cab', '#f4efe6', 'pearl'],
    ['gem', '#e8502c', 'cab'],
    ['gem', '#0e8a4c'],
    ['gem', '#f0c020'],
    ['gem', '#dfe7ee'],
    ['gem', '#1d3da6'],
    ['gem', '#b0561a'],
    ['gem', '#a89440', 'cab'],
  ];
  let defs =
    linear(
      'bg',
      [
        [0, CREAM],
        [1, '#f3d9b0'],
      ],
      ' x1="0" y1="0" x2="1" y2="1"',
    ) +
    radial('halo', [
      [0, '#fff', 0.9],
      [1, '#fff', 0],
    ]);
  let body =
    `<rect width="1200" height="450" fill="url(#bg)"/>` +
    mandala(cx, cy, SAFFRON, 0.25) +
    `<circle cx="${cx}" cy="${cy}" r="200" fill="url(#halo)"/>`;
  const centre = gemSimple({ id: 'g0', cx, cy, rr: 58, color: '#c0102e' });
  defs += centre.defs;
  body += centre.body;
  ring.forEach(([, color, kind], i) => {
    const a = (i / ring.length) * Math.PI * 2;
    const g = gemSimple({
      id: `g${i + 1}`,
      cx: cx + Math.sin(a) * 140,
      cy: cy - Math.cos(a) * 140,
      rr: 40,
      color,
      kind: kind ?? 'gem',
    });
    defs += g.defs;
    body += g.body;
  });
  body += bannerText({
    lines: ['Navratna gemstones', 'for every planet'],
    sub: 'Nine planetary stones, each with a lab report',
    cta: 'Explore Gems',
    headColor: MAROON,
    subColor: TEXT,
    ctaFill: MAROON,
    ctaText: CREAM,
  });
  return svgDoc(1200, 450, 'Navratna gemstones for every planet', defs, body);
}

function banner3() {
  const m1 = malaArt({
    id: 'm',
    cx: 845,
    cy: 195,
    R: 132,
    p: { bead: 'rudraksha', c: ['#c98a55', '#7a3d1a', '#3c1a08'], br: 10, tassel: MAROON, coil: false },
  });
  const m2 = malaArt({
    id: 'n',
    cx: 1075,
    cy: 215,
    R: 98,
    p: { bead: 'glass', c: ['#ffffff', '#e3eef5', '#9fb6c6'], br: 9, tassel: '#b3261e', coil: false },
  });
  const defs =
    linear(
      'bg',
      [
        [0, '#f6d6a3'],
        [1, '#e9a44f'],
      ],
      ' x1="0" y1="0" x2="1" y2="1"',
    ) +
    m1.defs +
    m2.defs;
  const body =
    `<rect width="1200" height="450" fill="url(#bg)"/>` +
    mandala(930, 225, MAROON, 0.12) +
    m2.body +
    m1.body +
    bannerText({
      lines: ['Handmade jaap malas', '108+1 beads'],
      sub: 'Rudraksha, sphatik and tulsi, knotted by hand',
      cta: 'Shop Malas',
      headColor: '#5a1414',
      subColor: TEXT,
      ctaFill: MAROON,
      ctaText: CREAM,
    });
  return svgDoc(1200, 450, 'Handmade jaap malas, 108+1 beads', defs, body);
}

function banner4() {
  const cx = 920;
  const cy = 200;
  const b = beadArt({ id: 'a', cx, cy, rx: 110, ry: 104, mukhi: 5, seed: 31 });
  let rays = '';
  for (let i = 0; i < 24; i++)
    rays += `<path d="M${cx - 5},${cy - 130}L${cx},${cy - 215}L${cx + 5},${cy - 130}Z" transform="rotate(${i * 15} ${cx} ${cy})"/>`;
  let petals = '';
  for (const [dx, rot, s] of [
    [0, 0, 1],
    [-70, -30, 0.92],
    [70, 30, 0.92],
    [-125, -58, 0.8],
    [125, 58, 0.8],
  ]) {
    petals += `<path d="M0,0C-38,-30 -30,-85 0,-110C30,-85 38,-30 0,0Z" transform="translate(${cx + dx * 0.45} ${cy + 165}) rotate(${rot}) scale(${s})"/>`;
  }
  const defs =
    linear(
      'bg',
      [
        [0, '#5a1313'],
        [1, '#7b1e1e'],
      ],
      ' x1="0" y1="0" x2="1" y2="1"',
    ) +
    radial('halo', [
      [0, '#f7d27a', 0.75],
      [0.6, GOLD, 0.25],
      [1, GOLD, 0],
    ]) +
    linear(
      'lo',
      [
        [0, '#f7c9a0'],
        [1, SAFFRON],
      ],
      ' x1="0" y1="0" x2="0" y2="1"',
    ) +
    b.defs;
  const body =
    `<rect width="1200" height="450" fill="url(#bg)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="230" fill="url(#halo)"/>` +
    `<g fill="${GOLD}" opacity=".55">${rays}</g>` +
    `<g fill="url(#lo)" stroke="#a3561b" stroke-width="2">${petals}</g>` +
    b.body +
    bannerText({
      lines: ['Free touch energization', 'with every rudraksha'],
      sub: 'Blessed with mantra chanting before it ships to you',
      cta: 'How it works',
      headColor: CREAM,
      subColor: '#f1d48a',
      ctaFill: GOLD,
      ctaText: TEXT,
    });
  return svgDoc(1200, 450, 'Free touch energization with every rudraksha', defs, body);
}

// ---------------------------------------------------------------- collection cards
function collectionFrame(title, sub, defs, art) {
  const d =
    linear(
      'bg',
      [
        [0, CREAM],
        [1, '#f4d8ae'],
      ],
      ' x1="0" y1="0" x2="0.4" y2="1"',
    ) +
    radial('gl', [
      [0, '#fff', 0.9],
      [1, '#fff', 0],
    ]);
  const body =
    `<rect width="600" height="400" fill="url(#bg)"/>` +
    mandala(300, 160, SAFFRON, 0.18) +
    `<circle cx="300" cy="160" r="170" fill="url(#gl)"/>` +
    art +
    `<rect y="318" width="600" height="82" fill="${MAROON}"/><rect y="318" width="600" height="4" fill="${GOLD}"/>` +
    `<text x="300" y="356" text-anchor="middle" font-family="${SERIF}" font-size="32" font-weight="bold" fill="${CREAM}">${esc(title)}</text>` +
    `<text x="300" y="384" text-anchor="middle" font-family="${SERIF}" font-size="17" fill="#f1d48a">${esc(sub)}</text>`;
  return svgDoc(600, 400, `${title} collection`, d + defs, body);
}

function collectionRudraksha() {
  const a = beadArt({ id: 'a', cx: 300, cy: 160, rx: 105, ry: 98, mukhi: 5, seed: 41 });
  const b = beadArt({ id: 'b', cx: 142, cy: 215, rx: 62, ry: 58, mukhi: 7, seed: 42, groove: 5 });
  const c = beadArt({ id: 'c', cx: 455, cy: 212, rx: 52, ry: 66, mukhi: 3, seed: 43, groove: 5, java: true });
  return collectionFrame(
    'Rudraksha',
    '1 to 14 Mukhi, Gauri Shankar and more',
    a.defs + b.defs + c.defs,
    b.body + c.body + a.body,
  );
}

function collectionGems() {
  const items = [
    [150, 200, 52, '#0e8a4c'],
    [450, 200, 52, '#1d3da6'],
    [225, 120, 48, '#f0c020'],
    [375, 120, 44, '#e8502c', 'cab'],
    [300, 195, 70, '#c0102e'],
  ];
  let defs = '';
  let body = '';
  items.forEach(([x, y, rr, color, kind], i) => {
    const g = gemSimple({ id: `c${i}`, cx: x, cy: y, rr, color, kind: kind ?? 'gem' });
    defs += g.defs;
    body += g.body;
  });
  const p = gemSimple({ id: 'pp', cx: 300, cy: 68, rr: 30, kind: 'pearl' });
  return collectionFrame('Gemstones', 'Navratna and upratna, lab certified', defs + p.defs, body + p.body);
}

function collectionMala() {
  const m = malaArt({
    id: 'm',
    cx: 300,
    cy: 128,
    R: 98,
    p: { bead: 'rudraksha', c: ['#c98a55', '#7a3d1a', '#3c1a08'], br: 9, tassel: '#b3261e' },
  });
  return collectionFrame('Malas', 'Jaap malas of 108+1 beads', m.defs, m.body);
}

// ---------------------------------------------------------------- logo
function markDefs() {
  const g = grooves('mg', 32, 33, 20, 19, 5, 0.25, 0.5, 2, f);
  return (
    radial(
      'mk',
      [
        [0, '#f3c592'],
        [0.5, '#b86a32'],
        [1, '#5e2c10'],
      ],
      ' fx=".35" fy=".3"',
    ) +
    `<clipPath id="mc"><circle cx="32" cy="33" r="20"/></clipPath>` +
    g.defs
  );
}
function markBody(tx = 0, ty = 0, s = 1) {
  const poleY = 33 - 19 * Math.cos(0.5);
  return (
    `<g transform="translate(${tx} ${ty}) scale(${f(s)})">` +
    `<circle cx="32" cy="32" r="31.5" fill="${MAROON}"/>` +
    `<circle cx="32" cy="32" r="28" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
    `<circle cx="32" cy="33" r="20" fill="url(#mk)"/>` +
    `<g clip-path="url(#mc)" fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    `<use href="#mg" stroke="#2a1206" stroke-opacity=".25" stroke-width="5"/><use href="#mg" stroke="#2a1206" stroke-width="1.8"/></g>` +
    `<circle cx="32" cy="${f(poleY)}" r="2" fill="${GOLD}"/>` +
    `<ellipse cx="25" cy="25" rx="5" ry="2.8" fill="#fff" opacity=".35"/></g>`
  );
}
function logo() {
  const body =
    markBody(2, 2, 56 / 64) +
    `<text x="66" y="30" font-family="${SERIF}" font-size="23" font-weight="bold" fill="${MAROON}" textLength="168" lengthAdjust="spacingAndGlyphs">Rudraksha Ratna</text>` +
    `<text x="67" y="47" font-family="${SERIF}" font-size="9.5" fill="#8a5a1e" textLength="166" lengthAdjust="spacing">RUDRAKSHA · GEMS · MALAS</text>`;
  return svgDoc(240, 60, 'Rudraksha Ratna', markDefs(), body);
}
const logoMark = () => svgDoc(64, 64, 'Rudraksha Ratna', markDefs(), markBody());

// ---------------------------------------------------------------- checks and output
function wellFormed(xml) {
  const stack = [];
  const re = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;
  let last = 0;
  let m;
  while ((m = re.exec(xml))) {
    const between = xml.slice(last, m.index);
    if (/[<>]/.test(between) || /&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(between)) return `bad text near ${m.index}`;
    last = re.lastIndex;
    if (!m[2]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return `mismatched </${m[2]}>`;
    } else if (!m[4]) stack.push(m[2]);
  }
  if (/[<>]/.test(xml.slice(last).trim())) return 'trailing markup';
  return stack.length ? `unclosed <${stack.at(-1)}>` : null;
}

const written = [];
const problems = [];
const rasters = [];
/** Checks the SVG; writes it, or with `widths` queues it to be written as WebP in each width instead. */
function out(rel, svg, maxBytes, widths, quality) {
  const bytes = Buffer.byteLength(svg);
  if (widths) rasters.push({ rel, svg, widths, quality });
  else {
    const file = join(PUB, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg);
    written.push({ rel, bytes });
  }
  const err = wellFormed(svg);
  if (err) problems.push(`${rel}: not well-formed (${err})`);
  if (/<script|<image|<foreignObject|(?:xlink:)?href="(?!#)|url\((?!#)/i.test(svg))
    problems.push(`${rel}: external reference or forbidden element`);
  if (!/<title[^>]*>[^<]+<\/title>/.test(svg)) problems.push(`${rel}: missing <title>`);
  if (bytes > maxBytes) problems.push(`${rel}: ${bytes} bytes > ${maxBytes}`);
}

/** core's IMAGE_WIDTHS (this script cannot import TypeScript). */
const PRODUCT_WIDTHS = [320, 720, 1200];
/**
 * A phone (about 400 CSS px at 1.75 to 3 device pixels each) to a desktop's 1200 px slide. Banners and
 * collection cards carry lettering, so they get quality 80; the products' small label survives 75.
 */
const BANNER_WIDTHS = [480, 800, 1200];
/** 120 CSS px on a phone, about 380 on a desktop. */
const COLLECTION_WIDTHS = [320, 640];

const seen = new Set();
for (const p of PRODUCTS) {
  if (seen.has(p.slug)) problems.push(`duplicate art slug ${p.slug}`);
  seen.add(p.slug);
  out(`images/products/${p.slug}.svg`, ART[p.kind](p), 10240, PRODUCT_WIDTHS, 75);
}
out('images/banners/banner-1.svg', banner1(), 10240, BANNER_WIDTHS, 80);
out('images/banners/banner-2.svg', banner2(), 10240, BANNER_WIDTHS, 80);
out('images/banners/banner-3.svg', banner3(), 10240, BANNER_WIDTHS, 80);
out('images/banners/banner-4.svg', banner4(), 10240, BANNER_WIDTHS, 80);
out('images/collections/rudraksha.svg', collectionRudraksha(), 10240, COLLECTION_WIDTHS, 80);
out('images/collections/gems.svg', collectionGems(), 10240, COLLECTION_WIDTHS, 80);
out('images/collections/mala.svg', collectionMala(), 10240, COLLECTION_WIDTHS, 80);
out('images/logo.svg', logo(), 10240);
out('images/logo-mark.svg', logoMark(), 10240);
out('favicon.svg', logoMark(), 10240);

// Cross-check with the demo catalog (read as text: this script cannot import TypeScript).
if (existsSync(CATALOG)) {
  const catalogSlugs = [...readFileSync(CATALOG, 'utf8').matchAll(/slug:\s*'([^']+)'/g)].map((m) => m[1]);
  for (const s of catalogSlugs)
    if (!seen.has(s)) console.warn(`WARNING: catalog slug "${s}" has no art in generate-art.mjs`);
  for (const s of seen)
    if (!catalogSlugs.includes(s)) console.warn(`WARNING: art slug "${s}" is not in demo-catalog.ts`);
} else {
  console.warn(`WARNING: ${relative(ROOT, CATALOG)} not found; slugs not cross-checked`);
}

// Rasterise at the size each width needs (the SVG's density scaled), not a big picture shrunk.
for (const { rel, svg, widths, quality } of rasters) {
  const { width } = await sharp(Buffer.from(svg)).metadata();
  for (const w of widths) {
    const webpRel = rel.replace(/\.svg$/, `-w${w}.webp`);
    const file = join(PUB, webpRel);
    mkdirSync(dirname(file), { recursive: true });
    const webp = await sharp(Buffer.from(svg), { density: (72 * w) / width })
      .resize({ width: w })
      // Smart subsampling keeps the lettering and thin lines sharp on the maroon and cream; without it
      // they smear even at quality 80.
      .webp({ quality, smartSubsample: true, effort: 6 })
      .toBuffer();
    writeFileSync(file, webp);
    written.push({ rel: webpRel, bytes: webp.length });
  }
}

const largest = written.reduce((a, b) => (b.bytes > a.bytes ? b : a));
const productFiles = written.filter((w) => w.rel.startsWith('images/products/'));
console.log(
  `Wrote ${written.length} files under ${relative(ROOT, PUB)}/ (${productFiles.length} product images, ${PRODUCT_WIDTHS.length} widths each)`,
);
console.log(
  `Largest: ${largest.rel} (${largest.bytes} bytes); total ${written.reduce((a, b) => a + b.bytes, 0)} bytes`,
);
if (problems.length) {
  for (const p of problems) console.error(`ERROR: ${p}`);
  process.exit(1);
}
