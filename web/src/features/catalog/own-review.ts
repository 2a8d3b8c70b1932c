import type { Review } from '@rr/core';
import * as z from 'zod/mini';
import { createPersistedStore, useStore } from '../../lib/persisted-store.ts';

/** At most this many products are remembered per account; the oldest are forgotten first. */
const REMEMBERED = 500;

const reviewedByUser = z.record(z.string(), z.array(z.string()));

/**
 * The products each account reviewed from this browser, by user id. The product API does not say whose a
 * review is (a review carries the reviewer's name only), so this is how a reload knows that the customer
 * already reviewed a product and hides the form. Ids of public reviews only: nothing private is kept.
 */
export const reviewedStore = createPersistedStore<Record<string, string[]>>('reviewedProducts', {}, (raw) => {
  const parsed = reviewedByUser.safeParse(raw);
  return parsed.success ? parsed.data : null;
});

export function useReviewedProducts(userId: string): readonly string[] {
  return useStore(reviewedStore)[userId] ?? [];
}

export function rememberReviewed(userId: string, productId: string): void {
  reviewedStore.set((all) => {
    const mine = all[userId] ?? [];
    if (mine.includes(productId)) return all;
    return { ...all, [userId]: [...mine, productId].slice(-REMEMBERED) };
  });
}

/**
 * Whether one of the product's reviews is the signed-in customer's. A review that names its reviewer's
 * id (`user`) settles it; without one, a review this browser sent for this account, still listed under
 * the customer's name, does. (A name alone is not enough: two customers can share one.)
 */
export function hasOwnReview(
  reviews: readonly Review[],
  productId: string,
  user: { _id: string; name: string },
  reviewedHere: readonly string[],
): boolean {
  const owned = reviews as readonly (Review & { user?: unknown })[];
  if (owned.some((review) => typeof review.user === 'string')) return owned.some((review) => review.user === user._id);
  return reviewedHere.includes(productId) && reviews.some((review) => review.name === user.name);
}
