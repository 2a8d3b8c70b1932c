import { UUID_PATTERN, type Product, type ProductUpdate } from '@rr/core';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { Actor } from '../audit/index.ts';
import { runningSales } from '../offers/index.ts';
import { setStockCause } from '../stock/index.ts';
import { auditedProductDelete, auditedProductUpdate, recordProductsCreated } from './product-audit.ts';
import { PLACEHOLDER_IMAGE } from './product-writes.ts';
import { productWithSale } from './sale-prices.ts';
import { getProduct, productNotFound } from './service.ts';

/** The product as the admin's save answers it: read fresh, with the sale running now. */
const productNow = async (db: Database, id: string): Promise<Product> =>
  productWithSale(await getProduct(db, id), await runningSales(db));

/** SPEC: Create Product makes a product the admin then edits; it stays a hidden draft until published. */
export async function createDraftProduct(db: Database, actor: Actor): Promise<Product> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: 'New product',
        image: PLACEHOLDER_IMAGE,
        category: 'rudraksha',
        pricePaise: 100,
        countInStock: 0,
        isDraft: true,
      })
      .returning({ id: products.id });
    await recordProductsCreated(tx, actor, [row!.id]);
    return row!.id;
  });
  return productNow(db, id);
}

/**
 * PUT /api/products/:id: the admin form's save (catalog/product-writes.ts), its stock changes recorded in
 * the ledger as the admin's edit, and the fields it changed in the audit log (issue 29).
 */
export async function updateProduct(
  db: Database,
  id: string,
  input: ProductUpdate,
  by: { actor: Actor; shopUrl: string },
): Promise<Product> {
  if (!UUID_PATTERN.test(id)) throw productNotFound();
  await db.transaction(async (tx) => {
    await setStockCause(tx, { reason: 'admin-edit', actorId: by.actor.id, shopUrl: by.shopUrl });
    await auditedProductUpdate(tx, by.actor, id.toLowerCase(), input);
  });
  return productNow(db, id);
}

/** Past orders keep their lines (the product link becomes empty); its reviews go with it. */
export async function deleteProduct(db: Database, id: string, actor: Actor): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw productNotFound();
  const deleted = await db.transaction((tx) => auditedProductDelete(tx, actor, id.toLowerCase()));
  if (!deleted) throw productNotFound();
}
