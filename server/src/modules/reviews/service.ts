import { errorCodes, type ReviewInput, UUID_PATTERN } from '@rr/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, reviews } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { productNotFound, refreshProductRating } from '../catalog/index.ts';
import { isStoredPicture, type FileStore } from '../uploads/index.ts';

export const ALREADY_REVIEWED = 'Product already reviewed';

/**
 * Whether the customer has reviewed the product `productId` names (a column of the caller's query,
 * written with its table: in a selected field drizzle names columns without it), as a selectable field:
 * a review request leaves such products out.
 */
export const reviewedBy = (userId: string, productId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${reviews} r where r.user_id = ${userId} and r.product_id = ${productId})`;

/**
 * One review per customer per product; the product's rating and count are recomputed with it, from
 * verified purchases only. Whether a review is one is worked out when reviews are read and again when
 * the reviewer's orders change, so it follows the orders.
 */
export async function addReview(
  db: Database,
  files: FileStore,
  productId: string,
  author: AuthUser,
  input: ReviewInput,
): Promise<void> {
  if (!UUID_PATTERN.test(productId)) throw productNotFound();
  const photos = [...new Set(input.photos ?? [])];
  await checkPhotosStored(files, photos);
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
      photos,
    });
    await refreshProductRating(tx, productId);
  });
}

/** Issue 28: a review shows only pictures this shop stored (uploaded, metadata stripped), never a link. */
async function checkPhotosStored(files: FileStore, photos: readonly string[]): Promise<void> {
  for (const photo of photos) {
    if (!(await isStoredPicture(files, photo)))
      throw new DomainError(
        'invalid_data',
        errorCodes.unknownReviewPhoto,
        'photos must be pictures uploaded to this shop: upload each one again',
      );
  }
}
