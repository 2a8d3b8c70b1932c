import { ApiError } from './api-client.ts';

/**
 * React Query's retry rule: a 4xx answer (not found, not allowed, bad input) will not change on a second
 * try, so it is not retried; a network failure or a 5xx gets one more try.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
