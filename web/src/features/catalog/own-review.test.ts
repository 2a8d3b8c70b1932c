import type { Review } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { hasOwnReview } from './own-review.ts';

const review = (over: Partial<Review> = {}): Review => ({
  _id: 'r1',
  name: 'Priya Sharma',
  rating: 4,
  comment: 'Good',
  createdAt: '2026-01-01T00:00:00.000Z',
  user: 'u2',
  verifiedPurchase: false,
  photos: [],
  ...over,
});

describe('hasOwnReview', () => {
  it('goes by the reviewer id, not the name (two customers can share a name)', () => {
    expect(hasOwnReview([review()], 'u1')).toBe(false);
    expect(hasOwnReview([review({ name: 'Renamed', user: 'u1' })], 'u1')).toBe(true);
  });

  it('is false for the shop’s own reviews, which have no reviewer id', () => {
    expect(hasOwnReview([review({ user: null })], 'u1')).toBe(false);
  });
});
