import { describe, expect, it } from 'vitest';
import { ApiError, refusedWith } from './api-client.ts';

describe('refusedWith', () => {
  it('tells refusals apart by their code, whatever their status', () => {
    const noOrder = new ApiError('Order not found', 404, null, 'ORDER_NOT_FOUND');
    expect(refusedWith(noOrder, 'ORDER_NOT_FOUND')).toBe(true);
    expect(refusedWith(noOrder, 'PHONE_NOT_REGISTERED', 'ORDER_NOT_FOUND')).toBe(true);
    // Another 404 (a server without the route) is not a missing order.
    expect(refusedWith(new ApiError('Not found', 404, null, 'ROUTE_NOT_FOUND'), 'ORDER_NOT_FOUND')).toBe(false);
    // Two refusals of one status: a code sent a moment ago, and the day's codes used up.
    const usedUp = new ApiError('Too many codes today', 429, 3600, 'CODE_DAILY_LIMIT');
    expect(refusedWith(usedUp, 'CODE_RESEND_WAIT')).toBe(false);
    expect(refusedWith(usedUp, 'CODE_DAILY_LIMIT')).toBe(true);
  });

  it('is false for failures that carry no code, and for other errors', () => {
    expect(refusedWith(new ApiError('Failed to fetch', 0), 'INTERNAL')).toBe(false);
    expect(refusedWith(new Error('ORDER_NOT_FOUND'), 'ORDER_NOT_FOUND')).toBe(false);
    expect(refusedWith(null, 'ORDER_NOT_FOUND')).toBe(false);
  });
});
