import { buildApp } from './app.ts';
import { isLoopback, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeDemoAccounts, isCatalogEmpty, seedDemoData } from './db/seed.ts';
import { moveDiskFilesToStore, openFileStore } from './modules/uploads/index.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
if (config.demoData && (await isCatalogEmpty(database.db))) {
  const seeded = await seedDemoData(database.db);
  console.log(`Seeded the demo data: ${seeded.products} products, ${seeded.reviews} reviews, and these sign-ins:`);
  console.log(describeDemoAccounts());
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
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
