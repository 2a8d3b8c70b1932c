// Reports the gzipped size of the JavaScript the home page loads: the entry chunk, its static
// imports, and the home route's chunk with its imports (read from Vite's manifest). Over the budget,
// it fails (exit code 1), and with it `npm run build`: a line that only said "over" went unread while
// the home page grew from 70 to 100 KiB (issue 30).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const HOME_MODULE = 'src/features/catalog/pages/home-page.tsx';

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key);
collect(HOME_MODULE);

/** Issue 30's budget for the home page's JavaScript, gzipped (issue 13's was 90 KiB). */
const BUDGET_KIB = 70;

const sizes = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzipped - a.gzipped);
const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
const gzipped = sizes.reduce((sum, s) => sum + s.gzipped, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const within = gzipped / 1024 <= BUDGET_KIB;
console.log(
  `Home page JavaScript: ${sizes.length} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped ` +
    `(budget ${BUDGET_KIB} KiB: ${within ? 'within' : `${kb(gzipped - BUDGET_KIB * 1024)} over`})`,
);
if (!within) process.exitCode = 1;

// The largest files, so a change that adds weight shows where it went.
for (const s of sizes.slice(0, Number(process.env.TOP ?? 5))) console.log(`  ${kb(s.gzipped).padStart(10)}  ${s.file}`);

// The server-rendered pages that load on first visit (the product and listing pages) come painted by the
// server: their styles must be in the stylesheets index.html links, not in their own chunks (vite.config.ts).
const LAZY_SERVER_RENDERED = [
  'src/features/catalog/pages/product-page.tsx',
  'src/features/catalog/pages/listing-page.tsx',
];
const lateStyles = new Set();
const visited = new Set(files);
function collectLateStyles(key) {
  const chunk = manifest[key];
  if (!chunk || visited.has(chunk.file)) return;
  visited.add(chunk.file);
  for (const css of chunk.css ?? []) lateStyles.add(css);
  for (const imported of chunk.imports ?? []) collectLateStyles(imported);
}
for (const key of LAZY_SERVER_RENDERED) collectLateStyles(key);
if (lateStyles.size > 0) {
  console.log(`Styles that come only with a server-rendered page's code: ${[...lateStyles].join(', ')}`);
  process.exitCode = 1;
}

// React Router's development build in a production bundle (vite.config.ts `routerForProduction`): its
// warnings' texts, in a file the first page loads.
const DEVELOPMENT_ONLY = 'You rendered descendant <Routes>';
const withWarnings = [...files].filter((file) =>
  readFileSync(path.join(dist, file), 'utf8').includes(DEVELOPMENT_ONLY),
);
if (withWarnings.length > 0) {
  console.log(`React Router's development build is in ${withWarnings.join(', ')}`);
  process.exitCode = 1;
}
