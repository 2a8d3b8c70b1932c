import { errorCodes, type ReviewInput, UUID_PATTERN } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, reviews } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { productNotFound, refreshProductRating } from '../catalog/index.ts';

export const ALREADY_REVIEWED = 'Product already reviewed';

/**
 * One review per customer per product; the product's rating and count are recomputed with it, from
 * verified purchases only. Whether a review is one is worked out when reviews are read and again when
 * the reviewer's orders change, so it follows the orders.
 */
export async function addReview(db: Database, productId: string, author: AuthUser, input: ReviewInput): Promise<void> {
  if (!UUID_PATTERN.test(productId)) throw productNotFound();
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      // A draft is not in the shop yet: nobody can have bought it, nor review it.
      .where(and(eq(products.id, productId), eq(products.isDraft, false)))
      .for('update');
    if (!product) throw productNotFound();
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, author.id)));
    if (existing) throw new DomainError('conflict', errorCodes.alreadyReviewed, ALREADY_REVIEWED);
    await tx.insert(reviews).values({
      productId,
      userId: author.id,
      name: author.name,
      rating: input.rating,
      comment: input.comment,
    });
    await refreshProductRating(tx, productId);
  });
}
