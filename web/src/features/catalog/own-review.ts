import type { Review } from '@rr/core';

/** Whether one of the product's reviews is the signed-in customer's: reviews name their reviewer's id. */
export function hasOwnReview(reviews: readonly Review[], userId: string): boolean {
  return reviews.some((review) => review.user === userId);
}
