import { errorCodes } from '@rr/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error.ts';
import { clientKey } from './client-address.ts';

/** Throws a 429 (with Retry-After) once the client has used up its allowance of a kind of work. */
export type WorkLimit = (request: FastifyRequest) => Promise<void>;

export interface WorkLimits {
  /** A catalog search the response cache could not answer: the database does the work (issue 23). */
  searchMiss: WorkLimit;
  /** A page rendered on the server rather than taken from the kept pages (a page not found, above all). */
  pageRender: WorkLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client allowances of work that costs this server (plugins/work-limits.ts). */
    workLimits: WorkLimits;
  }
}

/**
 * Limits on what a client can make this server do, as opposed to how often it may call: an answer kept
 * in memory costs next to nothing and is never counted, the work behind a miss is. Counted per client
 * (an IPv6 client by its /64) in the rate-limit store, so instances sharing Redis share the counts;
 * RATE_LIMITS=false lifts them with the others.
 */
export function registerWorkLimits(
  app: FastifyInstance,
  perMinute: { searchMisses: number; pageRenders: number },
): void {
  const limit = (name: string, max: number, what: string): WorkLimit => {
    // A limiter made outside a route has no route name in its keys: they carry their own.
    const count = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${name}:${clientKey(request.ip)}`,
    });
    return async (request) => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      throw new DomainError(
        'rate_limited',
        errorCodes.rateLimited,
        `Too many ${what} from your address. Please try again in ${counted.ttlInSeconds} seconds.`,
        { retryAfterSeconds: counted.ttlInSeconds },
      );
    };
  };
  app.decorate('workLimits', {
    searchMiss: limit('search-miss', perMinute.searchMisses, 'new searches'),
    pageRender: limit('page-render', perMinute.pageRenders, 'new pages'),
  });
}
