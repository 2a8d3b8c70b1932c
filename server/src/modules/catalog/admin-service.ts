import {
  MRP_BELOW_PRICE,
  errorCodes,
  formatRupees,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type Product,
  type ProductUpdate,
  UUID_PATTERN,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { gstBasisPointsOfCategory } from '../categories/index.ts';
import { setStockCause, tellBackInStock } from '../stock/index.ts';
import { getProduct, productNotFound } from './service.ts';

export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';

/** SPEC: Create Product makes a product the admin then edits; it stays a hidden draft until published. */
export async function createDraftProduct(db: Database): Promise<Product> {
  const [row] = await db
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
  return getProduct(db, row!.id);
}

/**
 * Changes the fields the update carries; an absent field keeps its value (PRODUCT.md "The contract":
 * SPEC's edit form sends no `mrp`, and no `image` when it was not changed). `isDraft` is the admin's
 * switch; SPEC's form has none and its save is its publish, so without it the product is published.
 */
export async function updateProduct(db: Database, id: string, input: ProductUpdate, adminId: string): Promise<Product> {
  if (!UUID_PATTERN.test(id)) throw productNotFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        pricePaise: products.pricePaise,
        mrpPaise: products.mrpPaise,
        countInStock: products.countInStock,
        category: products.category,
      })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!current) throw productNotFound();
    // The stock the form was loaded with: orders placed since must not be undone by this save.
    if (input.stockWas !== undefined && input.stockWas !== current.countInStock) {
      throw new DomainError(
        'conflict',
        errorCodes.stockChanged,
        `Orders changed the stock to ${current.countInStock} while you were editing. Check Count In Stock and update again.`,
      );
    }
    const pricePaise = input.price === undefined ? current.pricePaise : toPaise(input.price);
    const mrpPaise = input.mrp === undefined ? current.mrpPaise : input.mrp === null ? null : toPaise(input.mrp);
    // The MRP includes the GST of the product's category (the new one when it moves).
    const gstBasisPoints = await gstBasisPointsOfCategory(tx, input.category ?? current.category);
    if (mrpPaise !== null && mrpPaise < unitPriceWithGstPaise(pricePaise, gstBasisPoints)) {
      throw new DomainError(
        'invalid_data',
        errorCodes.mrpBelowPrice,
        input.mrp === undefined
          ? `${MRP_BELOW_PRICE}: the MRP is ${formatRupees(toRupees(mrpPaise))}: change the MRP too, or clear it`
          : MRP_BELOW_PRICE,
      );
    }
    await setStockCause(tx, { reason: 'admin-edit', actorId: adminId });
    await tx
      .update(products)
      .set({
        name: input.name,
        pricePaise,
        mrpPaise,
        image: input.image,
        brand: input.brand,
        category: input.category,
        description: input.description,
        countInStock: input.countInStock,
        mukhi: input.mukhi,
        origin: input.origin,
        sizeMm: input.sizeMm,
        weightCarats: input.weightCarats,
        beadCount: input.beadCount,
        planet: input.planet,
        certificateLab: input.certificateLab,
        certificateNumber: input.certificateNumber,
        certificateFile: input.certificateFile,
        images: input.images,
        isDraft: input.isDraft ?? false,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    // In stock: the customers waiting for it (it was at 0 while they waited) are told (issue 14).
    if ((input.countInStock ?? 0) > 0) await tellBackInStock(tx, [id]);
  });
  return getProduct(db, id);
}

/** Past orders keep their lines (the product link becomes empty); its reviews go with it. */
export async function deleteProduct(db: Database, id: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw productNotFound();
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw productNotFound();
}
