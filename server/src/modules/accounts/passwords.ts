import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { errorCodes } from '@rr/core';
import { DomainError } from '../../domain-error.ts';

/** scrypt (memory-hard): N=2^15, r=8, p=1 uses 32 MiB and about 60 ms a hash on one core. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads, which also read static files) and keeps a core busy
 * for ~60 ms a hash. At most one hash a core but one runs at once (one on a 2-core machine), and a
 * bounded queue waits for them, so a flood of sign-ins is turned away with a 503 instead of taking every
 * core and thread from the rest of the shop (measured with npm run bench:flood).
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(3, availableParallelism() - 1));
export const MAX_QUEUED_HASHES = 32;
let running = 0;
const waiting: Array<() => void> = [];

const BUSY = 'Signing in is busy just now. Please try again in a few seconds.';

/**
 * For the routes that hash: refuses at once, before any parsing or database work, while the queue is
 * full, so a flood costs the shop as little as possible.
 */
export function refuseWhileHashingIsFull(): void {
  if (running >= MAX_CONCURRENT_HASHES && waiting.length >= MAX_QUEUED_HASHES) {
    throw new DomainError('unavailable', errorCodes.signInBusy, BUSY, { retryAfterSeconds: 5 });
  }
}

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    refuseWhileHashingIsFull();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or give it up.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const UNUSABLE_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;
