import { MESSAGES, type ReviewInput } from '@rr/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products, reviews } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { UUID, refreshProductRating } from '../catalog/service.ts';

export const ALREADY_REVIEWED = 'Product already reviewed';

/** One review per customer per product; the product's rating and count are recomputed with it. */
export async function addReview(db: Database, productId: string, author: AuthUser, input: ReviewInput): Promise<void> {
  if (!UUID.test(productId)) throw new HttpError(404, MESSAGES.productNotFound);
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw new HttpError(404, MESSAGES.productNotFound);
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, author.id)));
    if (existing) throw new HttpError(409, ALREADY_REVIEWED);
    const [bought] = await tx
      .select({ n: sql<number>`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, productId), eq(orders.userId, author.id), eq(orders.isCancelled, false)))
      .limit(1);
    await tx.insert(reviews).values({
      productId,
      userId: author.id,
      name: author.name,
      rating: input.rating,
      comment: input.comment,
      verifiedPurchase: Boolean(bought),
    });
    await refreshProductRating(tx, productId);
  });
}
