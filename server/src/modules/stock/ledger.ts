import { STOCK_HISTORY_LIMIT, type StockHistory } from '@rr/core';
import { and, desc, eq, getTableName, inArray, isNotNull, max, sql, type AnyColumn } from 'drizzle-orm';
import { rawRows, type Database } from '../../db/client.ts';
import { products, stockLedger, users } from '../../db/schema/index.ts';

/** A product's latest stock changes, newest first, with who made them. */
export async function stockHistory(db: Database, productId: string): Promise<StockHistory | null> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const rows = await db
    .select({
      at: stockLedger.at,
      before: stockLedger.before,
      after: stockLedger.after,
      reason: stockLedger.reason,
      actorName: users.name,
      actorRole: users.role,
      reference: stockLedger.reference,
    })
    .from(stockLedger)
    .leftJoin(users, eq(users.id, stockLedger.actorId))
    .where(eq(stockLedger.productId, productId))
    .orderBy(desc(stockLedger.id))
    .limit(STOCK_HISTORY_LIMIT);
  return {
    entries: rows.map(({ actorRole, ...r }) => ({ ...r, actorIsStaff: actorRole !== null, at: r.at.toISOString() })),
  };
}

/** Whose stock a version names: a product's, or (issue 25) one variant's. */
export type StockOwner = 'product' | 'variant';
const OWNER_COLUMN = { product: stockLedger.productId, variant: stockLedger.variantId } as const;

/**
 * A product's (or a variant's) stock version: the id of its latest ledger entry, as text (a bigint), or
 * null. Read in the same statement as the stock, it names the point of the history that figure was read
 * at (decision 31).
 */
export const stockVersionOf = (id: AnyColumn, owner: StockOwner = 'product') =>
  // Qualified by hand: drizzle writes a lone table's columns unqualified, which the subquery would take
  // for its own.
  sql<string | null>`(select max(l.id)::text from stock_ledger l where ${sql.raw(`l.${owner}_id`)} = ${sql.identifier(
    getTableName(id.table),
  )}.${sql.identifier(id.name)})`;

/** Each product's (or variant's) stock version now (in an import's apply, read after they are locked). */
export async function stockVersions(
  db: Database,
  ids: string[],
  owner: StockOwner = 'product',
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const column = OWNER_COLUMN[owner];
  const rows = await db
    .select({ id: column, version: max(stockLedger.id) })
    .from(stockLedger)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((r) => [r.id!, Number(r.version)]));
}

/** The stock each of these versions left its product (or variant, `owner`) with, keyed by version. */
export async function stockAtVersions(
  db: Database,
  versions: number[],
  owner: StockOwner = 'product',
): Promise<Map<number, { productId: string; stock: number }>> {
  if (versions.length === 0) return new Map();
  const column = OWNER_COLUMN[owner];
  const rows = await db
    .select({ id: stockLedger.id, owner: column, stock: stockLedger.after })
    .from(stockLedger)
    .where(and(inArray(stockLedger.id, versions), isNotNull(column)));
  return new Map(rows.map((r) => [r.id, { productId: r.owner!, stock: r.stock }]));
}

/**
 * Products whose ledger does not account for their stock: its changes do not add up to the stock
 * column, or one change does not start where the one before it ended. A product's own changes and each
 * of its variants' (issue 25) are chains of their own, and a variant's changes add up to its stock.
 * Empty when all is well.
 */
export async function ledgerDisagreements(db: Database): Promise<Array<{ productId: string; problem: string }>> {
  const rows = await rawRows<{ product_id: string; problem: string }>(
    db,
    sql`
    with chained as (
      select product_id, before, after,
        lag(after, 1, 0) over (partition by product_id, variant_id order by id) as previous
      from stock_ledger
    ),
    broken as (
      select distinct product_id, 'a change starts where the last did not end' as problem
      from chained where before <> previous
    ),
    totals as (
      select p.id as product_id, p.count_in_stock, coalesce(sum(l.after - l.before), 0) as net
      from products p left join stock_ledger l on l.product_id = p.id
      group by p.id, p.count_in_stock
    ),
    variant_totals as (
      select v.product_id, v.name, v.count_in_stock, coalesce(sum(l.after - l.before), 0) as net
      from product_variants v left join stock_ledger l on l.variant_id = v.id
      group by v.id, v.product_id, v.name, v.count_in_stock
    )
    select product_id, problem from broken
    union all
    select product_id, 'the changes add up to ' || net || ', the stock is ' || count_in_stock
    from totals where net <> count_in_stock
    union all
    select product_id, 'the changes of ' || name || ' add up to ' || net || ', its stock is ' || count_in_stock
    from variant_totals where net <> count_in_stock`,
  );
  return rows.map((r) => ({ productId: r.product_id, problem: r.problem }));
}
