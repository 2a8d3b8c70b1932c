import pg from 'pg';
import { openDatabase } from '/work/wt-search14/server/src/db/client.ts';
import { listProducts } from '/work/wt-search14/server/src/modules/catalog/service.ts';
import { productFacets, suggest } from '/work/wt-search14/server/src/modules/catalog/listing.ts';
import { sql } from 'drizzle-orm';

const server = 'postgres://postgres@127.0.0.1:5432/test';
const name = 'rr_search14_perf';
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const database = openDatabase({ kind: 'postgres', url, timeouts: { statementMs: 900_000, queryMs: 900_000 } });
await database.migrate();
const db = database.db;
await db.execute(sql`insert into products (name, image, description, category, price_paise, count_in_stock, mukhi, origin, created_at)
  select case g % 5
      when 0 then 'Nepal ' || (g % 14 + 1) || ' Mukhi Rudraksha lot ' || g
      when 1 then (array['Blue Sapphire','Yellow Sapphire','Ruby','Emerald','Pearl','Red Coral','Hessonite'])[g % 7 + 1] || ' ' || (g % 9 + 2) || ' Ratti no ' || g
      when 2 then (array['Tulsi','Sphatik','Rudraksha','Karungali','Kamal Gatta'])[g % 5 + 1] || ' Jaap Mala ' || g
      when 3 then 'Java ' || (g % 10 + 1) || ' Mukhi Bead ' || g
      else 'Silver Cap Pendant model ' || md5(g::text) end,
    '/x.svg', 'A product description with words about beads, prayer and the planet Saturn, number ' || g,
    (array['rudraksha','gems','mala','rudraksha','rudraksha'])[g % 5 + 1], 10000 + (g % 500) * 100, g % 7,
    case when g % 5 in (0, 3) then (g % 14 + 1) else null end,
    case when g % 5 = 0 then 'Nepal' when g % 5 = 3 then 'Indonesia' else null end,
    now() - (g || ' seconds')::interval
  from generate_series(1, 100000) g`);
await db.execute(sql`analyze products`);
const time = async (label: string, fn: () => Promise<unknown>) => {
  await fn();
  const runs = 3;
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  console.log(`${label}: ${((performance.now() - start) / runs).toFixed(1)} ms`);
};
for (const keyword of ['neelam', 'panchmukhi', 'rudrakash', 'saphire', 'माला', 'blue sapphire 5 ratti', "' or 1=1", 'zzzz']) {
  await time(`list ${keyword}`, () => listProducts(db, { keyword }));
}
await time('list category+filters', () => listProducts(db, { category: 'rudraksha', minPrice: '200', mukhi: '5,6', inStock: 'true', sort: 'price_asc' }));
await time('list no keyword', () => listProducts(db, {}));
await time('facets neelam', () => productFacets(db, { keyword: 'neelam' }));
await time('facets category', () => productFacets(db, { category: 'rudraksha', inStock: 'true' }));
await time('suggest neel', () => suggest(db, 'neel'));
await time('suggest panchmukhi', () => suggest(db, 'panchmukhi'));
const plan = await db.execute(sql`explain analyze select id from products where lower(name) like '%neelam%' or search_name like '% blue sapphire %'`);
console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
await database.close();
const cleanup = new pg.Client({ connectionString: server });
await cleanup.connect();
await cleanup.query(`drop database if exists ${name} with (force)`);
await cleanup.end();
