import { errorCodes, stockUnits } from '@rr/core';
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productVariants, products, type StockReason } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { alertWishlisters, tellBackInStock } from './alerts.ts';

/**
 * A line whose stock is taken: the product (and its variant, issue 25), how many, and its name for the
 * refusal. An add-on's line (`addOnOf` set) has no stock of its own: the stock functions pass over it.
 */
export type StockLine = {
  productId: string;
  variantId?: string | null;
  name: string;
  /** Issue 30: the product's Hindi name, for a refusal to name it on Hindi pages. */
  nameHi?: string | null;
  qty: number;
  addOnOf?: number | null;
};

/** Why stock changes, for the stock ledger: what happened, who did it and what it belongs to. */
export interface StockCause {
  reason: Exclude<StockReason, 'opening' | 'created' | 'direct'>;
  /** The user who caused it (the admin, the customer); null or absent for the shop itself. */
  actorId?: string | null;
  /** The order, payment hold or import it belongs to. */
  reference?: string | null;
  /**
   * Issue 28: the shop's public address, for a change that may sell a product out: the customers who
   * saved it then wait for it (alertWishlisters), and their message links to the product there.
   */
  shopUrl?: string;
}

/**
 * Runs `change` with `cause` as the reason the ledger trigger records for every stock change it makes
 * (migration stock-ledger-trigger), then clears it, so a later change in the same transaction is never
 * recorded under this cause. Every write of `products.count_in_stock` in the server goes through here.
 */
export async function withStockCause<T>(tx: Transaction, cause: StockCause, change: () => Promise<T>): Promise<T> {
  await setStockCause(tx, cause);
  const result = await change();
  await tx.execute(sql`select set_config('rr.stock_cause', '', true)`);
  return result;
}

/**
 * Sets `cause` for the stock changes of the rest of the transaction: for a transaction whose last
 * statements are its stock changes (an admin's save), where clearing it again would be a wasted trip.
 */
export async function setStockCause(tx: Transaction, cause: StockCause): Promise<void> {
  const value = JSON.stringify({
    reason: cause.reason,
    actor: cause.actorId ?? null,
    ref: cause.reference ?? null,
    shop: cause.shopUrl ?? null,
  });
  await tx.execute(sql`select set_config('rr.stock_cause', ${value}, true)`);
}

/**
 * Takes the stock of every line of a priced cart, in its product-id order. The update only succeeds
 * while enough is left, so concurrent buyers can never take more than there is; when another buyer got
 * there first, the caller's transaction is refused (and rolls back what was taken). `countSold`: the
 * order these units are taken for is written in this transaction, and its units sold are counted here,
 * in the same update of each product's row (issue 31: every update of a product writes all its indexes
 * and runs its triggers), instead of by `insertOrder`.
 */
export async function takeCart(
  tx: Transaction,
  lines: readonly StockLine[],
  cause: StockCause,
  { countSold = false }: { countSold?: boolean } = {},
): Promise<void> {
  await withStockCause(tx, cause, async () => {
    await lockVariants(tx, lines);
    // Whether a product may have run out: then its wishlisters wait for it (a variant's product is not read).
    let ranOut = false;
    for (const line of stockUnits(lines)) {
      const left = await takeStock(tx, line, countSold);
      if (left === null) {
        throw new DomainError('conflict', errorCodes.soldOut, `${line.name} sold out while you were ordering.`, {
          details: { product: line.name, ...(line.nameHi ? { productHi: line.nameHi } : {}) },
        });
      }
      if (left === 0 || line.variantId) ranOut = true;
    }
    if (countSold) await countUnitsSold(tx, variantLines(lines), +1);
    if (!ranOut) return;
    await alertWishlisters(
      tx,
      lines.map((l) => l.productId),
    );
  });
}

/** The lines taken from a variant (whose product's row the variant's trigger updates, not the take). */
const variantLines = (lines: readonly StockLine[]) => lines.filter((line) => line.variantId);

/**
 * Sets a product's stock to `count` (an admin's edit, an import), under the cause the caller set with
 * `setStockCause`; the customers waiting for it are told when it is back (issue 14). Only this module
 * writes `count_in_stock` once a product exists (decision 0039).
 */
export async function setStockLevel(tx: Transaction, productId: string, count: number): Promise<void> {
  await tx.update(products).set({ countInStock: count }).where(eq(products.id, productId));
  if (count > 0) await tellBackInStock(tx, [productId]);
}

/**
 * Locks the variants the lines take or give back, all of them and in (product, variant) order, before
 * any product row: a variant's change locks its product (its trigger), so a transaction that locked a
 * product and then wanted a second variant of it could wait on one that holds that variant and wants the
 * product. Variants first, then products, is the order every writer of both keeps (the admin's save and
 * the catalog import too: catalog/variant-writes.ts).
 */
async function lockVariants(tx: Transaction, lines: readonly ProductLine[]): Promise<void> {
  const ids = stockUnits(lines).flatMap((l) => (l.variantId ? [l.variantId] : []));
  if (ids.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(productVariants.productId, productVariants.id)
    .for('update');
}

/**
 * Sets a variant's stock to `count` (an admin's edit, an import), like `setStockLevel`: its trigger
 * records it with the variant and moves its product's count, and waiting customers are told.
 */
export async function setVariantStockLevel(tx: Transaction, productId: string, variantId: string, count: number) {
  await tx
    .update(productVariants)
    .set({ countInStock: count })
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (count > 0) await tellBackInStock(tx, [productId]);
}

/**
 * Takes `qty` units of the line's variant (or of its product, without one) if that many are left: the
 * count left (the variant's, for a variant), or null (not enough, or gone). A variant's trigger takes them
 * off its product's count too. `countSold` adds them to a product's units sold in the same update.
 */
async function takeStock(tx: Transaction, line: StockLine, countSold = false): Promise<number | null> {
  const { productId, variantId, qty } = line;
  const taken = variantId
    ? await tx
        .update(productVariants)
        .set({ countInStock: sql`${productVariants.countInStock} - ${qty}` })
        .where(
          and(
            eq(productVariants.id, variantId),
            eq(productVariants.productId, productId),
            gte(productVariants.countInStock, qty),
          ),
        )
        .returning({ left: productVariants.countInStock })
    : await tx
        .update(products)
        .set({
          countInStock: sql`${products.countInStock} - ${qty}`,
          ...(countSold ? unitsSoldChange(qty) : {}),
        })
        .where(and(eq(products.id, productId), gte(products.countInStock, qty)))
        .returning({ left: products.countInStock });
  return taken[0]?.left ?? null;
}

/**
 * Takes the stock of every line again (for a paid hold that had ended): all of it, or none when a line's
 * product is gone or sold out (what was taken goes back). True when all was taken.
 */
export function retakeAll(tx: Transaction, lines: readonly StockLine[], cause: StockCause): Promise<boolean> {
  return withStockCause(tx, cause, async () => {
    const taken: StockLine[] = [];
    await lockVariants(tx, lines);
    for (const line of stockUnits(lines)) {
      if ((await takeStock(tx, line)) === null) {
        // Back to where this transaction found it (in stock): no alert can be waiting on it.
        await addBack(tx, taken);
        return false;
      }
      taken.push(line);
    }
    await alertWishlisters(
      tx,
      lines.map((l) => l.productId),
    );
    return true;
  });
}

/** The ids among `ids` of products still in the catalog. */
export async function listedProductIds(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((p) => p.id));
}

/**
 * A line of an order or hold; its product is null when it has left the catalog. Add-on lines (`addOnOf`
 * set) hold no stock and are no units sold.
 */
export type ProductLine = {
  productId: string | null;
  variantId?: string | null;
  qty: number;
  addOnOf?: number | null;
};

/**
 * Changes a counter of each line's product (for products still in the catalog), in id order like every
 * stock update, so concurrent transactions lock rows in the same order and never deadlock.
 */
async function updateEachProduct(
  tx: Transaction,
  lines: ProductLine[],
  change: (qty: number) => Partial<Record<'unitsSold', SQL>>,
): Promise<void> {
  for (const line of stockUnits(lines)) {
    if (line.productId) await tx.update(products).set(change(line.qty)).where(eq(products.id, line.productId));
  }
}

/**
 * Puts units back on the line's variant (whose trigger adds them to its product) or on its product. A
 * variant removed since is gone with its units: nothing to put back. A product that has variants now but
 * was bought without one gets them back on its default variant, so it still adds up to its variants.
 */
async function addBack(tx: Transaction, lines: ProductLine[]): Promise<void> {
  await lockVariants(tx, lines);
  for (const { productId, variantId, qty } of stockUnits(lines)) {
    const more = { countInStock: sql`${productVariants.countInStock} + ${qty}` };
    if (variantId) {
      await tx
        .update(productVariants)
        .set(more)
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId!)));
      continue;
    }
    const back = await tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} + ${qty}` })
      .where(
        and(
          eq(products.id, productId!),
          sql`not exists (select 1 from ${productVariants} v where v.product_id = ${products.id})`,
        ),
      )
      .returning({ id: products.id });
    if (!back.length) {
      await tx
        .update(productVariants)
        .set(more)
        .where(and(eq(productVariants.productId, productId!), eq(productVariants.isDefault, true)));
    }
  }
}

/**
 * Puts stock back, for products still in the catalog (a cancelled order, a released hold), and tells
 * the customers waiting for a product that was out of stock (issue 14), in the same transaction.
 */
export async function returnStock(tx: Transaction, lines: ProductLine[], cause: StockCause): Promise<void> {
  await withStockCause(tx, cause, () => addBack(tx, lines));
  await tellBackInStock(
    tx,
    lines.map((l) => l.productId),
  );
}

/** Keeps `products.unitsSold` (what best sellers read) in step with the orders that are not cancelled. */
export function countUnitsSold(tx: Transaction, lines: ProductLine[], sign: 1 | -1): Promise<void> {
  return updateEachProduct(tx, lines, (qty) => unitsSoldChange(sign * qty));
}

const unitsSoldChange = (units: number) => ({ unitsSold: sql`greatest(${products.unitsSold} + ${units}, 0)` });
