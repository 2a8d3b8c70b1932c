import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { describeDemoAccounts, seedDemoData } from './seed.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
const seeded = await seedDemoData(database.db);
console.log(`Demo data reset: ${seeded.products} products, ${seeded.reviews} reviews (${database.kind} database).`);
console.log(`Demo sign-ins:\n${describeDemoAccounts()}`);
await database.close();
