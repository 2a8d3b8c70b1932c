import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryOnce } from './query-retry.ts';

describe('retryOnce', () => {
  it('does not retry a 4xx answer', () => {
    expect(retryOnce(0, new ApiError('Product not found', 404))).toBe(false);
    expect(retryOnce(0, new ApiError('Not authorized, token failed', 401))).toBe(false);
    expect(retryOnce(0, new ApiError('keyword must be at most 100 characters', 400))).toBe(false);
  });

  it('retries a network failure or a 5xx once', () => {
    for (const error of [new ApiError('Failed to fetch', 0), new ApiError('Server error', 503), new Error('x')]) {
      expect(retryOnce(0, error)).toBe(true);
      expect(retryOnce(1, error)).toBe(false);
    }
  });
});
