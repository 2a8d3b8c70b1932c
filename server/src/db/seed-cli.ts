import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { describeDemoAccounts, seedDemoAccounts, seedDemoCatalog, seedDemoOffers } from './seed.ts';

// The demo catalog replaces every product, and the demo sign-ins have public passwords.
const config = loadConfig();
if (config.env === 'production') {
  console.error('npm run seed is for development and demos: it replaces the catalog and adds demo sign-ins.');
  console.error('It does not run with NODE_ENV=production.');
  process.exit(1);
}
const database = openDatabase(config.database);
await database.migrate();
const seeded = await seedDemoCatalog(database.db);
const { skipped } = await seedDemoAccounts(database.db);
await seedDemoOffers(database.db);
console.log(`Demo data reset: ${seeded.products} products, ${seeded.reviews} reviews (${database.kind} database).`);
console.log(`Demo sign-ins:\n${describeDemoAccounts()}`);
if (skipped.length) {
  console.log(`Left alone, because an account already uses the phone: ${skipped.join(', ')}.`);
}
await database.close();
