// Reports the gzipped size of the JavaScript the home page loads: the entry chunk, its static
// imports, and the home route's chunk with its imports (read from Vite's manifest).
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

let raw = 0;
let gzipped = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const bytes = readFileSync(path.join(dist, file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Home page JavaScript: ${files.size} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped`);
