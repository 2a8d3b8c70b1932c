/**
 * Migration 0041 (issue 30): order lines placed before it get their product's Hindi name as the product
 * has it when the migration runs; add-on lines, products without a Hindi name and products gone from the
 * catalog keep none. Migration 0044 likewise gives lines their variant's and add-on's Hindi name.
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

/** Closes each database the file made, and removes its copy of the migrations. */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function migrationsUpTo(last: number): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'rr-migrations-'));
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

/** A database migrated up to migration `last`, given the rows `seed` writes, then migrated to the newest. */
async function migratedAfter(last: number, seed: (db: Database) => Promise<void>): Promise<Database> {
  const client = newPglite();
  const raw = drizzle(client, { schema });
  const folder = migrationsUpTo(last);
  cleanups.push(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });
  await migrate(raw, { migrationsFolder: folder });
  await seed(raw as unknown as Database);
  await migrate(raw, { migrationsFolder: MIGRATIONS });
  return raw as unknown as Database;
}

/** An order placed before the migration, of `totalPaise`. */
const insertOldOrder = (db: Database, id: string, totalPaise: number) =>
  db.execute(sql`insert into orders (id, customer_name, customer_email, customer_phone, recipient_name,
    recipient_phone, address, city, postal_code, state, payment_method, items_paise, shipping_paise, tax_paise,
    discount_paise, total_paise) values (${id}, 'Old Buyer', 'old@example.in', '9876500001', 'Old Buyer',
    '9876500001', '1 Old Road', 'Lucknow', '226001', 'Uttar Pradesh', 'Cash on Delivery', ${totalPaise}, 0, 0, 0,
    ${totalPaise})`);

const ORDER = '00000000-0000-4000-8000-000000000041';
const NEELAM = '00000000-0000-4000-8000-0000000000a1';
const PLAIN = '00000000-0000-4000-8000-0000000000a2';
const ADD_ON = '00000000-0000-4000-8000-0000000000a3';

let db: Database;
beforeAll(async () => {
  db = await migratedAfter(BEFORE_HINDI_LINES, async (before) => {
    await before.execute(sql`insert into products (id, name, name_hi, image, category, price_paise) values
      (${NEELAM}, 'Blue Sapphire (Neelam)', 'नीलम (ब्लू सफ़ायर)', '/x.svg', 'gems', 1000000),
      (${PLAIN}, 'Plain bead', '', '/x.svg', 'rudraksha', 10000)`);
    await insertOldOrder(before, ORDER, 1060100);
    await before.execute(sql`insert into order_items (order_id, product_id, name, image, line_no, price_paise, qty,
      gst_basis_points, taxable_paise, tax_paise, add_on_id, add_on_of) values
      (${ORDER}, ${NEELAM}, 'Blue Sapphire (Neelam)', '/x.svg', 0, 1000000, 1, 300, 1000000, 0, null, null),
      (${ORDER}, ${NEELAM}, 'Energisation', '/x.svg', 1, 50100, 1, 1800, 50100, 0, ${ADD_ON}, 0),
      (${ORDER}, ${PLAIN}, 'Plain bead', '/x.svg', 2, 10000, 1, 300, 10000, 0, null, null),
      (${ORDER}, null, 'A bead no longer sold', '/x.svg', 3, 0, 1, 0, 0, 0, null, null)`);
  });
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

describe("migration 0044: the Hindi names of a line's variant and add-ons placed before it", () => {
  const BEFORE_CHOICE_NAMES = 43;
  const LATER = '00000000-0000-4000-8000-000000000044';
  const BEAD = '00000000-0000-4000-8000-0000000000b1';
  const TWENTY = '00000000-0000-4000-8000-0000000000b2';
  const TWENTY_TWO = '00000000-0000-4000-8000-0000000000b3';
  const CAPPING = '00000000-0000-4000-8000-0000000000b4';
  const BOX = '00000000-0000-4000-8000-0000000000b5';
  let laterDb: Database;
  beforeAll(async () => {
    laterDb = await migratedAfter(BEFORE_CHOICE_NAMES, async (before) => {
      await before.execute(sql`insert into products (id, name, name_hi, image, category, price_paise) values
        (${BEAD}, 'Nepal 5 Mukhi', 'पंचमुखी', '/x.svg', 'rudraksha', 60000)`);
      await before.execute(sql`insert into product_variants (id, product_id, position, name, name_hi, sku,
        price_paise) values (${TWENTY}, ${BEAD}, 0, '20 mm', '20 मिमी', 'MIG-20', 60000),
        (${TWENTY_TWO}, ${BEAD}, 1, '22 mm', null, 'MIG-22', 90000)`);
      await before.execute(sql`insert into product_add_ons (id, product_id, position, name, name_hi, price_paise)
        values (${CAPPING}, ${BEAD}, 0, 'Silver capping', 'चाँदी की कैपिंग', 35000),
          (${BOX}, ${BEAD}, 1, 'Gift box', '', 5000)`);
      await insertOldOrder(before, LATER, 190000);
      await before.execute(sql`insert into order_items (order_id, product_id, name, name_hi, image, line_no,
        price_paise, qty, gst_basis_points, taxable_paise, tax_paise, variant_id, variant_name, add_on_id, add_on_of)
        values
        (${LATER}, ${BEAD}, 'Nepal 5 Mukhi', 'पंचमुखी', '/x.svg', 0, 60000, 1, 0, 60000, 0, ${TWENTY}, '20 mm', null, null),
        (${LATER}, ${BEAD}, 'Silver capping', null, '/x.svg', 1, 35000, 1, 0, 35000, 0, null, null, ${CAPPING}, 0),
        (${LATER}, ${BEAD}, 'Gift box', null, '/x.svg', 2, 5000, 1, 0, 5000, 0, null, null, ${BOX}, 0),
        (${LATER}, ${BEAD}, 'Nepal 5 Mukhi', 'पंचमुखी', '/x.svg', 3, 90000, 1, 0, 90000, 0, ${TWENTY_TWO}, '22 mm', null, null)`);
    });
  });

  it("are the variant's and add-on's Hindi names today, where they have one", async () => {
    const rows = await rawRows<{ name: string; name_hi: string | null; variant_name_hi: string | null }>(
      laterDb,
      sql`select name, name_hi, variant_name_hi from order_items where order_id = ${LATER} order by line_no`,
    );
    expect(rows).toEqual([
      { name: 'Nepal 5 Mukhi', name_hi: 'पंचमुखी', variant_name_hi: '20 मिमी' },
      { name: 'Silver capping', name_hi: 'चाँदी की कैपिंग', variant_name_hi: null },
      { name: 'Gift box', name_hi: null, variant_name_hi: null },
      { name: 'Nepal 5 Mukhi', name_hi: 'पंचमुखी', variant_name_hi: null },
    ]);
  });
});
