import { buildApp } from './app.ts';
import { StartRefused, isLoopback, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeDemoAccounts, isCatalogEmpty, publicDemoSignIns, seedDemoData } from './db/seed.ts';
import { moveDiskFilesToStore, openFileStore } from './modules/uploads/index.ts';
import { serving } from './v8-flags.ts';

/** What closing may take beyond the requests' grace: the workers and the database. */
const SHUTDOWN_BACKSTOP_MS = 1_500;

/**
 * Decision 0065: while the server starts, a timer keeps Node's event loop from running empty. On PGlite
 * nothing else is pending for a moment (the database answers in this process: no socket, no timer), and
 * an empty loop makes Node wait for every background task of V8 before it looks again; V8 is then still
 * compiling PGlite's WebAssembly optimised, on one thread, for about 300 ms. The next file read (a
 * module loaded on demand, the API docs' logo) waited that long: 1,050-1,130 ms to healthy, 800-820 with
 * the timer. Cleared once the server listens, whose socket keeps the loop from then on: this starts the
 * timer and returns what clears it.
 */
function keepLoopAwake(): () => void {
  const timer = setInterval(() => {}, 1_000);
  return () => clearInterval(timer);
}

async function start(): Promise<void> {
  const letLoopRest = keepLoopAwake();
  try {
    await open();
  } finally {
    letLoopRest();
  }
}

async function open(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await database.migrate();
  if (config.demoData && (await isCatalogEmpty(database.db))) {
    const seeded = await seedDemoData(database.db);
    console.log(`Seeded the demo data: ${seeded.products} products, ${seeded.reviews} reviews, and these sign-ins:`);
    console.log(describeDemoAccounts());
  }
  if (!isLoopback(config.host)) {
    const open = await publicDemoSignIns(database.db);
    if (open.length) {
      await database.close();
      throw new StartRefused(
        `Refusing to listen on ${config.host}, reachable from other machines: the demo sign-ins ${open.join(', ')} ` +
          'still have their published passwords. Change their passwords or delete them, or keep the demo on HOST=127.0.0.1.',
      );
    }
  }

  const files = await openFileStore(config.fileStore, database.db);
  // Uploads an older version kept on this machine's disk (decision 0034). Left there when the store is
  // away, for the next start to move: the shop opens meanwhile.
  await moveDiskFilesToStore(files, config.dataDir, console).catch((err: unknown) =>
    console.error(
      `Moving uploads from ${config.dataDir} into the file store failed, and is tried again at the next start: ${(err as Error).message}`,
    ),
  );

  const app = await buildApp(config, database, { files });
  await app.listen({ host: config.host, port: config.port });
  serving();
  const { port } = app.server.address() as { port: number };
  const where = isLoopback(config.host)
    ? `http://localhost:${port} (this machine only)`
    : `port ${port} on ${config.host} (reachable from other machines)`;
  console.log(`Rudraksha Ratna is open on ${where}, ${config.env} mode, ${database.kind} database`);

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Requests under way get the grace (plugins/graceful-close.ts); the database and the workers a
    // moment more, then the process goes anyway, before a supervisor's kill (systemd, Docker: 10 s).
    setTimeout(() => {
      console.error(`${signal}: still closing after ${config.http.shutdownGraceMs + SHUTDOWN_BACKSTOP_MS} ms; exiting`);
      process.exit(1);
    }, config.http.shutdownGraceMs + SHUTDOWN_BACKSTOP_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

try {
  await start();
} catch (err) {
  // A refusal is its reason; anything else keeps its stack for whoever has to look into it.
  console.error(err instanceof StartRefused ? err.message : err);
  process.exit(1);
}
