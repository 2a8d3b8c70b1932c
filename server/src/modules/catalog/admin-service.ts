import { MESSAGES, toPaise, type Product, type ProductInput } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { UUID, getProduct } from './service.ts';

export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';

/** SPEC: Create Product makes a product the admin then edits; it stays a hidden draft until saved. */
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
  return (await getProduct(db, row!.id))!;
}

export async function updateProduct(db: Database, id: string, input: ProductInput): Promise<Product> {
  if (!UUID.test(id)) throw new HttpError(404, MESSAGES.productNotFound);
  const updated = await db
    .update(products)
    .set({
      name: input.name,
      pricePaise: toPaise(input.price),
      mrpPaise: input.mrp == null ? null : toPaise(input.mrp),
      image: input.image,
      brand: input.brand,
      category: input.category,
      description: input.description,
      countInStock: input.countInStock,
      // Saving the form publishes a draft.
      isDraft: false,
      updatedAt: new Date(),
    })
    .where(
      input.stockWas === undefined
        ? eq(products.id, id)
        : and(eq(products.id, id), eq(products.countInStock, input.stockWas)),
    )
    .returning({ id: products.id });
  if (updated.length === 0) {
    const current = await getProduct(db, id);
    if (!current) throw new HttpError(404, MESSAGES.productNotFound);
    throw new HttpError(
      409,
      `Orders changed the stock to ${current.countInStock} while you were editing. Check Count In Stock and update again.`,
    );
  }
  return (await getProduct(db, id))!;
}

/** Past orders keep their lines (the product link becomes empty); its reviews go with it. */
export async function deleteProduct(db: Database, id: string): Promise<void> {
  if (!UUID.test(id)) throw new HttpError(404, MESSAGES.productNotFound);
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw new HttpError(404, MESSAGES.productNotFound);
}
