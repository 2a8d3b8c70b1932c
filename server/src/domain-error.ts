import type { ErrorCode, ErrorReply } from '@rr/core';

/**
 * What kind of refusal an error is, in the terms of the business. Services say which kind; only the
 * error plugin (plugins/errors.ts) knows which HTTP status each kind is.
 */
export type ErrorKind =
  | 'invalid_data'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'upstream_failed'
  | 'unavailable';

/** A refusal for the client: its message is written for people, its code (from core) for programs. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      /** Seconds after which trying again may succeed (sent as Retry-After). */
      retryAfterSeconds?: number;
      /** The figures the message says (the reply's `details`, issue 30): see core's errorReply. */
      details?: ErrorReply['details'];
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
  }
}
