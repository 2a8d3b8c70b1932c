/**
 * hotStatement (db/client.ts, decision 0070): a statement of the quote and order path is built once per
 * process and run with each call's values, on the database or inside a transaction (on the
 * transaction's own connection), its rows mapped as drizzle maps them. On PostgreSQL it runs as a named
 * prepared statement. constantPiece: statements sharing a big constant piece are built without it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constantPiece, hotStatement, rawRows } from '../src/db/client.ts';
import { categories, products } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let builds = 0;
/** Products by id with a joined, computed and mapped column: what the quote reads. */
const productsById = hotStatement((db) => {
  builds++;
  return db
    .select({
      id: products.id,
      name: products.name,
      tax: sql<number>`coalesce(${products.gstBasisPoints}, ${categories.gstBasisPoints})`.mapWith(Number),
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(sql`${products.id} = any(${sql.placeholder('ids')})`)
    .orderBy(products.name);
});
const rename = hotStatement((db) =>
  db
    .update(products)
    .set({ name: sql`${sql.placeholder('name')}` })
    .where(eq(products.id, sql.placeholder('id'))),
);

describe('hotStatement', () => {
  it('builds once and answers each call with its own values, mapped as the query builder maps them', async () => {
    const a = await make.product(t, { name: `Hot A ${Math.random()}` });
    const b = await make.product(t, { name: `Hot B ${Math.random()}` });
    const both = await productsById(t.db, { ids: [a, b] });
    expect(both.map((p) => p.id)).toEqual([a, b]);
    expect(typeof both[0]!.tax).toBe('number');
    expect(both[0]!.updatedAt).toBeInstanceOf(Date);
    expect((await productsById(t.db, { ids: [b] })).map((p) => p.id)).toEqual([b]);
    await t.db.transaction(async (tx) => {
      expect((await productsById(tx, { ids: [a] })).map((p) => p.id)).toEqual([a]);
    });
    expect(await productsById(t.db, { ids: [] })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs inside a transaction on the transaction's connection: a rollback undoes its write", async () => {
    const name = `Kept ${Math.random()}`;
    const id = await make.product(t, { name });
    await expect(
      t.db.transaction(async (tx) => {
        await rename(tx, { id, name: 'Renamed, then rolled back' });
        const [seen] = await productsById(tx, { ids: [id] });
        expect(seen!.name).toBe('Renamed, then rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await productsById(t.db, { ids: [id] }))[0]!.name).toBe(name);
    await rename(t.db, { id, name: `${name} (renamed)` });
    expect((await productsById(t.db, { ids: [id] }))[0]!.name).toBe(`${name} (renamed)`);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is a named prepared statement on PostgreSQL, parsed once per connection',
    async () => {
      const id = await make.product(t);
      await t.db.transaction(async (tx) => {
        await productsById(tx, { ids: [id] });
        await productsById(tx, { ids: [id] });
        const prepared = await rawRows<{ name: string }>(
          tx,
          sql`select name from pg_prepared_statements where statement like '%= any($1)%' and name like 'rr\_%'`,
        );
        expect(prepared).toHaveLength(1);
      });
    },
  );
});

describe('constantPiece', () => {
  const card = constantPiece(sql`json_build_object('id', ${products.id}, 'name', ${products.name}, 'shop', 'RR')`);
  const cardsOf = (ids: string[], keep = true) =>
    card.execute<{ card: { id: string; name: string; shop: string } }>(
      t.db,
      sql`select ${card.mark} as card from ${products} where ${products.id} = any(${`{${ids.join(',')}}`}::uuid[]) order by ${products.name}`,
      keep,
    );

  it('runs each statement that holds it with the piece put back and its own values', async () => {
    const a = await make.product(t, { name: `Piece A ${Math.random()}` });
    const b = await make.product(t, { name: `Piece B ${Math.random()}` });
    expect((await cardsOf([a, b])).map((r) => r.card)).toEqual([
      { id: a, name: expect.stringMatching(/^Piece A/), shop: 'RR' },
      { id: b, name: expect.stringMatching(/^Piece B/), shop: 'RR' },
    ]);
    expect((await cardsOf([b], false)).map((r) => r.card.id)).toEqual([b]);
    const [one] = await card.execute<{ card: { id: string } }>(
      t.db,
      sql`select ${card.mark} as card from ${products} where ${products.id} = ${a}`,
    );
    expect(one!.card.id).toBe(a);
  });

  it('refuses a piece with parameters, and a statement without the piece', async () => {
    expect(() => constantPiece(sql`json_build_object('id', ${'a value'})`)).toThrow(/no parameters/);
    await expect(card.execute(t.db, sql`select 1`)).rejects.toThrow(/does not hold the piece/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('is a named prepared statement on PostgreSQL, piece included', async () => {
    const id = await make.product(t);
    await t.db.transaction(async (tx) => {
      const statement = sql`select ${card.mark} as card from ${products} where ${products.id} = ${id}`;
      await card.execute(tx, statement);
      await card.execute(tx, statement);
      const prepared = await rawRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%''shop'', ''RR''%"id" = $1' and name like 'rr\_%'`,
      );
      expect(prepared).toHaveLength(1);
    });
  });
});
