import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedDemoCatalog } from './seed.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
const seeded = await seedDemoCatalog(database.db);
console.log(`Demo data reset: ${seeded.products} products, ${seeded.reviews} reviews (${database.kind} database).`);
await database.close();
