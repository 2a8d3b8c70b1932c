/**
 * npm run bench:start: how fast the compiled server starts and how much memory it holds idle, on
 * PostgreSQL (the targets: healthy within 1 s, idle RSS within 100 MB) and on PGlite (on a data folder
 * as `npm start` runs it: healthy within 1 s, idle RSS within 200 MB; and in memory). Issue 31. Each is started START_RUNS times (default 3) on an
 * already migrated and seeded database, as a restart is (in memory every start is the first: it makes
 * its database, migrates and seeds it); the median start is printed.
 * START_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/rr_start) is created when missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase } from './scale-data.ts';
import { startServer, type ServerBuild } from './server-process.ts';

const runs = Number(process.env.START_RUNS ?? 3);
const url = process.env.START_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rr_start';
const START_LIMIT_MS = 1_000;
/** Idle: after start-up, once the first requests are answered and timers have run. */
const IDLE_AFTER_MS = 3_000;

interface Figures {
  startMs: number;
  idleRssMb: number | null;
}

async function measure(env: Record<string, string>, build: ServerBuild): Promise<Figures> {
  // The first start migrates and seeds; it is not what a restart costs, so it is not counted.
  await (await startServer(env, 120_000, build)).stop();
  const starts: number[] = [];
  let idleRssMb: number | null = null;
  for (let i = 0; i < runs; i++) {
    const server = await startServer(env, 60_000, build);
    starts.push(server.healthyAfterMs);
    await fetch(`${server.base}/api/products`);
    await new Promise((r) => setTimeout(r, IDLE_AFTER_MS));
    const rss = server.rssMb();
    if (rss !== null) idleRssMb = Math.max(idleRssMb ?? 0, rss);
    await server.stop();
  }
  starts.sort((a, b) => a - b);
  return { startMs: starts[Math.floor(starts.length / 2)]!, idleRssMb };
}

await ensureDatabase(url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-start-'));
try {
  /** `rssLimitMb`: the case has targets (start within 1 s, idle RSS within that). */
  const cases: Array<{ name: string; env: Record<string, string>; build: ServerBuild; rssLimitMb?: number }> = [
    { name: 'PostgreSQL, compiled', env: { DATABASE_URL: url }, build: 'compiled', rssLimitMb: 100 },
    { name: 'PostgreSQL, tsx (before)', env: { DATABASE_URL: url }, build: 'source' },
    {
      name: 'PGlite data folder, compiled',
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      build: 'compiled',
      rssLimitMb: 200,
    },
    { name: 'PGlite in memory, compiled', env: { DATABASE_URL: 'memory://' }, build: 'compiled' },
  ];
  const rows: Array<{ name: string; figures: Figures; rssLimitMb?: number }> = [];
  for (const c of cases) {
    const figures = await measure(c.env, c.build);
    rows.push({ name: c.name, figures, rssLimitMb: c.rssLimitMb });
    console.log(`  ${c.name}: healthy after ${figures.startMs} ms, idle RSS ${figures.idleRssMb ?? '?'} MB`);
  }
  console.log(`\nstart to healthy (median of ${runs}) and idle RSS, demo data, production mode\n`);
  console.log('server                          start ms   idle RSS MB   within 1 s / its RSS limit');
  for (const { name, figures, rssLimitMb } of rows) {
    const within =
      rssLimitMb !== undefined
        ? `${figures.startMs <= START_LIMIT_MS ? 'yes' : 'NO'} / ${
            figures.idleRssMb !== null && figures.idleRssMb <= rssLimitMb ? 'yes' : 'NO'
          } (${rssLimitMb} MB)`
        : '-';
    console.log(
      [
        name.padEnd(30),
        String(figures.startMs).padStart(9),
        String(figures.idleRssMb ?? '?').padStart(13),
        within.padStart(22),
      ].join(' '),
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
