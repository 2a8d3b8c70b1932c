import { GUESS_WINDOW_MINUTES, MAX_WRONG_COUPON_CODES, couponMessages, errorCodes } from '@rr/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain-error.ts';
import { clientKey } from '../../plugins/client-address.ts';

/** Guards a call that takes a coupon code against guessing codes (issue 26). */
export interface CouponGuessGuard {
  /**
   * Runs `call` with the code: refused with 429 while the client or the account is blocked, and a wrong
   * code (no coupon has it) counted against both. Calls without a code pass straight through.
   */
  <T>(request: FastifyRequest, userId: string | null, code: string | undefined, call: () => Promise<T>): Promise<T>;
}

const WINDOW_MS = GUESS_WINDOW_MINUTES * 60_000;

/**
 * Wrong codes are counted per client (an IPv6 client by its /64) and per account in the rate-limit
 * store (shared through Redis between instances), MAX_WRONG_COUPON_CODES in GUESS_WINDOW_MINUTES. Only
 * wrong codes count: a customer whose cart is re-quoted with a good code is never slowed. Once either
 * count is passed, every call with a code is refused until the window ends, so a right guess after the
 * limit tells nothing. The blocked-until times are kept by each instance (another instance learns of a
 * block at its next wrong code). RATE_LIMITS=false lifts the limit with the others.
 */
export function couponGuessGuard(app: FastifyInstance, enabled: boolean): CouponGuessGuard {
  const blockedUntil = new Map<string, number>();
  // The key a wrong code is counted under, for the limiter's key generator (one count per key).
  const countingKey = new WeakMap<FastifyRequest, string>();
  const count = app.createRateLimit({
    max: MAX_WRONG_COUPON_CODES,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => countingKey.get(request) ?? '',
  });
  const keysOf = (request: FastifyRequest, userId: string | null) => [
    `coupon-guess:${clientKey(request.ip)}`,
    ...(userId ? [`coupon-guess:user:${userId}`] : []),
  ];
  const refuse = (until: number) =>
    new DomainError('rate_limited', errorCodes.couponTooManyTries, couponMessages.tooManyTries, {
      retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)),
    });
  return async (request, userId, code, call) => {
    if (!code || !enabled) return call();
    const keys = keysOf(request, userId);
    const now = Date.now();
    for (const key of keys) {
      const until = blockedUntil.get(key);
      if (until !== undefined && until > now) throw refuse(until);
      if (until !== undefined) blockedUntil.delete(key);
    }
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== errorCodes.couponInvalid) throw err;
      let blocked = 0;
      for (const key of keys) {
        countingKey.set(request, key);
        const counted = await count(request);
        if (!counted.isAllowed && counted.isExceeded) {
          blocked = Date.now() + counted.ttlInSeconds * 1000;
          blockedUntil.set(key, blocked);
        }
      }
      if (blockedUntil.size > 10_000) blockedUntil.clear();
      throw blocked ? refuse(blocked) : err;
    }
  };
}
