/**
 * npm run lighthouse: Lighthouse 12 (mobile, its default simulated throttling) on the home page, a category
 * and a product page of the production build, in English and in Hindi (/hi, issue 30), served by the real server on a free port with a fresh data
 * directory and the demo catalog. Prints the scores and the findings that cost accessibility or SEO
 * points, and writes each report's JSON to lighthouse-reports/ (gitignored). Not a CI gate: the figures
 * move with the machine's load.
 *
 * It builds nothing: run `npm run build` first. CHROMIUM_PATH picks another browser than /usr/bin/chromium
 * (as for the e2e tests); LIGHTHOUSE_PAGES=home,hi-product runs some of the pages only; LIGHTHOUSE_RUNS (3 by
 * default) runs each page that many times, in turns, and prints the run with the median performance score
 * beside the spread, with the load average, because one run on a shared machine says little;
 * LIGHTHOUSE_PORT serves on that port (a free one by default).
 */
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium-flags.ts';
import { startServer } from './server-process.ts';

const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
const root = path.join(import.meta.dirname, '../..');
const outDir = path.join(root, 'lighthouse-reports');

const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('No production build in web/dist: run `npm run build` first.');
  process.exit(1);
}

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

interface Row {
  /** The page's name in LIGHTHOUSE_PAGES (home, hi-product, ...). */
  name: string;
  page: string;
  /** The machine's 1-minute load average as the run started. */
  load: number;
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
  /** Lighthouse's measure of the machine's speed as the run started (its benchmark index: higher is faster). */
  benchmarkIndex: number;
  findings: string[];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-lighthouse-'));
const server = await startServer({
  DATA_DIR: dataDir,
  ...(process.env.LIGHTHOUSE_PORT ? { PORT: process.env.LIGHTHOUSE_PORT } : {}),
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
});
const rows: Row[] = [];
let failedRuns = 0;
try {
  const listing = (await (await fetch(`${server.base}/api/products?category=rudraksha`)).json()) as {
    products: { _id: string }[];
  };
  const productId = listing.products[0]?._id;
  if (!productId) throw new Error('The demo catalog has no rudraksha product to open');
  const pages = Object.entries({
    home: '/',
    category: '/category/rudraksha',
    product: `/product/${productId}`,
    // The Hindi pages (issue 30): their texts load before the page renders, and their Devanagari font.
    'hi-home': '/hi',
    'hi-category': '/hi/category/gems',
    'hi-product': `/hi/product/${productId}`,
  }).filter(([name]) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(name));

  mkdirSync(outDir, { recursive: true });
  // Pages in turns (home, category, product, home, ...), so a burst of load elsewhere hits several pages.
  const runs = Array.from({ length: RUNS }, (_, run) => pages.map(([name, route]) => ({ name, route, run }))).flat();
  for (const { name, route, run } of runs) {
    const load = loadavg()[0] ?? 0;
    const result = await lighthouse(`${server.base}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: [...CATEGORIES],
      // Every run a first visit, as the Lighthouse command line's fresh browser profile gives: one browser
      // runs every page here, and its local storage would otherwise tell a Hindi page that the shop's
      // Devanagari font is at hand (early.js) while Lighthouse has emptied the cache it was in.
      clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { lhr } = result;
    writeFileSync(path.join(outDir, `${name}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
    if (lhr.runtimeError) {
      // A run Lighthouse could not record (NO_NAVSTART on a busy machine) has no figures: it is left out.
      console.error(`${name} run ${run + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      failedRuns++;
      continue;
    }
    const score = (id: string) => lhr.categories[id]?.score ?? 0;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items;
    const jsBytes = (requests ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
    // What cost points where the target is a full score: each failing audit of those two categories.
    const findings = (['accessibility', 'seo'] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.title ?? ''})`),
    );
    rows.push({
      name,
      page: `${name} ${route}`,
      load,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      cls: value('cumulative-layout-shift'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      jsKb: jsBytes / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      findings,
    });
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Each page's run with the median performance score (the middle one of an odd number of runs). */
const medians = [...new Set(rows.map((r) => r.page))].map((page) => {
  const own = rows.filter((r) => r.page === page).sort((a, b) => a.performance - b.performance);
  return { median: own[Math.floor((own.length - 1) / 2)]!, own };
});
const spread = (own: Row[], pick: (r: Row) => number, digits: number) =>
  own.length < 2
    ? ''
    : ` (${Math.min(...own.map(pick)).toFixed(digits)}-${Math.max(...own.map(pick)).toFixed(digits)})`;

console.log(
  `Lighthouse ${lighthouseVersion}, mobile, ${RUNS} run(s) a page: the median run by performance` +
    (failedRuns ? ` (${failedRuns} run(s) failed and left out)` : ''),
);
console.table(
  medians.map(({ median: r, own }) => ({
    page: r.page,
    load: r.load.toFixed(2),
    performance: r.performance.toFixed(2) + spread(own, (x) => x.performance, 2),
    accessibility: r.accessibility.toFixed(2),
    SEO: r.seo.toFixed(2),
    'best practices': r.bestPractices.toFixed(2),
    CLS: r.cls.toFixed(3),
    'LCP s': (r.lcpMs / 1000).toFixed(2) + spread(own, (x) => x.lcpMs / 1000, 2),
    'TBT ms': Math.round(r.tbtMs) + spread(own, (x) => x.tbtMs, 0),
    'JS KB': Math.round(r.jsKb),
    'bench index': Math.round(r.benchmarkIndex) + spread(own, (x) => x.benchmarkIndex, 0),
  })),
);
// Issue 30: each Hindi page beside its English page of the same run (a slow machine lowers both alike).
for (const { median: hindi } of medians.filter(({ median }) => median.name.startsWith('hi-'))) {
  const english = medians.find(({ median }) => median.name === hindi.name.slice('hi-'.length))?.median;
  if (english)
    console.log(
      `${hindi.page} ${hindi.performance.toFixed(2)} beside ${english.page} ${english.performance.toFixed(2)} (medians)`,
    );
}
for (const line of new Set(rows.flatMap((r) => r.findings.map((finding) => `${r.page}: ${finding}`))))
  console.log(line);
console.log(
  `Load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log(`Reports: ${path.relative(root, outDir)}/*.json (open one in the Lighthouse viewer for details)`);
