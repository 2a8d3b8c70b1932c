/**
 * Migration 0041 (issue 30): order lines placed before it get their product's Hindi name as the product
 * has it when the migration runs; add-on lines, products without a Hindi name and products gone from the
 * catalog keep none.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite, rawRows, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');
const BEFORE_HINDI_LINES = 40;

let client: ReturnType<typeof newPglite>;
let db: Database;
let folder: string;

function migrationsUpTo(last: number): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'rr-migrations-'));
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

const ORDER = '00000000-0000-4000-8000-000000000041';
const NEELAM = '00000000-0000-4000-8000-0000000000a1';
const PLAIN = '00000000-0000-4000-8000-0000000000a2';
const ADD_ON = '00000000-0000-4000-8000-0000000000a3';

beforeAll(async () => {
  client = newPglite();
  const raw = drizzle(client, { schema });
  db = raw as unknown as Database;
  folder = migrationsUpTo(BEFORE_HINDI_LINES);
  await migrate(raw, { migrationsFolder: folder });
  await db.execute(sql`insert into products (id, name, name_hi, image, category, price_paise) values
    (${NEELAM}, 'Blue Sapphire (Neelam)', 'नीलम (ब्लू सफ़ायर)', '/x.svg', 'gems', 1000000),
    (${PLAIN}, 'Plain bead', '', '/x.svg', 'rudraksha', 10000)`);
  await db.execute(sql`insert into orders (id, customer_name, customer_email, customer_phone, recipient_name,
    recipient_phone, address, city, postal_code, state, payment_method, items_paise, shipping_paise, tax_paise,
    discount_paise, total_paise) values (${ORDER}, 'Old Buyer', 'old@example.in', '9876500001', 'Old Buyer',
    '9876500001', '1 Old Road', 'Lucknow', '226001', 'Uttar Pradesh', 'Cash on Delivery', 1060100, 0, 0, 0, 1060100)`);
  await db.execute(sql`insert into order_items (order_id, product_id, name, image, line_no, price_paise, qty,
    gst_basis_points, taxable_paise, tax_paise, add_on_id, add_on_of) values
    (${ORDER}, ${NEELAM}, 'Blue Sapphire (Neelam)', '/x.svg', 0, 1000000, 1, 300, 1000000, 0, null, null),
    (${ORDER}, ${NEELAM}, 'Energisation', '/x.svg', 1, 50100, 1, 1800, 50100, 0, ${ADD_ON}, 0),
    (${ORDER}, ${PLAIN}, 'Plain bead', '/x.svg', 2, 10000, 1, 300, 10000, 0, null, null),
    (${ORDER}, null, 'A bead no longer sold', '/x.svg', 3, 0, 1, 0, 0, 0, null, null)`);
  await migrate(raw, { migrationsFolder: MIGRATIONS });
});
afterAll(async () => {
  await client?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0041: the Hindi names of order lines placed before it', () => {
  it("are the product's Hindi name today, on product lines of products that have one", async () => {
    const rows = await rawRows<{ name: string; name_hi: string | null }>(
      db,
      sql`select name, name_hi from order_items where order_id = ${ORDER} order by line_no`,
    );
    expect(rows).toEqual([
      { name: 'Blue Sapphire (Neelam)', name_hi: 'नीलम (ब्लू सफ़ायर)' },
      { name: 'Energisation', name_hi: null },
      { name: 'Plain bead', name_hi: null },
      { name: 'A bead no longer sold', name_hi: null },
    ]);
  });
});
