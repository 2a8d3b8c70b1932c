import type { Review } from '@rr/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

const { hasOwnReview, rememberReviewed, reviewedStore } = await import('./own-review.ts');

const review = (over: Partial<Review> & { user?: string } = {}): Review => ({
  _id: 'r1',
  name: 'Priya Sharma',
  rating: 4,
  comment: 'Good',
  createdAt: '2026-01-01T00:00:00.000Z',
  verifiedPurchase: false,
  ...over,
});
const priya = { _id: 'u1', name: 'Priya Sharma' };

describe('hasOwnReview', () => {
  beforeEach(() => reviewedStore.set({}));

  it('is false when this browser sent no review for the account, even under the same name', () => {
    expect(hasOwnReview([review()], 'p1', priya, [])).toBe(false);
  });

  it('is true for a product reviewed here that lists a review under the customer’s name', () => {
    expect(hasOwnReview([review({ name: 'Someone Else' }), review()], 'p1', priya, ['p1'])).toBe(true);
  });

  it('is false when the review sent from here is no longer listed', () => {
    expect(hasOwnReview([review({ name: 'Someone Else' })], 'p1', priya, ['p1'])).toBe(false);
    expect(hasOwnReview([review()], 'p2', priya, ['p1'])).toBe(false);
  });

  it('goes by the reviewer id when reviews carry one', () => {
    expect(hasOwnReview([review({ user: 'u2' })], 'p1', priya, ['p1'])).toBe(false);
    expect(hasOwnReview([review({ name: 'Renamed', user: 'u1' })], 'p1', priya, [])).toBe(true);
  });
});

describe('rememberReviewed', () => {
  beforeEach(() => reviewedStore.set({}));

  it('keeps products per account, once each, in localStorage', () => {
    rememberReviewed('u1', 'p1');
    rememberReviewed('u1', 'p1');
    rememberReviewed('u2', 'p2');
    expect(reviewedStore.get()).toEqual({ u1: ['p1'], u2: ['p2'] });
    expect(JSON.parse(storage.get('reviewedProducts')!)).toEqual({ u1: ['p1'], u2: ['p2'] });
  });
});
