/**
 * The users of signed-in requests, kept in memory until their row changes (decision 0019, addendum
 * 2026-11-25). Every signed-in request needs its user's admin right and token version, so that a removed
 * right, a changed password or a deleted account take effect at once; reading the row each time was one
 * of the two database round trips of an order list or the dashboard. Migration 0024 sends the user's id
 * on the catalog channel whenever one of these columns changes or the row goes; the response cache's
 * listener hands those notices here. While notices may be missed (the listener is down, or the cache is
 * switched off) nothing is kept: every request reads its user.
 */
import type { StaffRole } from '@rr/core';
import { GenerationCache } from '../generation-cache.ts';

/** What a signed-in request reads of its user (plugins/auth.ts). */
export interface SignedInRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: StaffRole | null;
  tokenVersion: number;
}

/** Notices about users start with this; the rest is the user's id, or `*` for every user. */
export const USER_NOTICE_PREFIX = 'user:';

export interface SignedInUsersOptions {
  maxEntries: number;
  /** A safety net: a row older than this is read again even without a notice. */
  maxAgeMs: number;
}

export class SignedInUsers {
  #live = false;
  /**
   * Every notice raises the generation: a read that began before one may hold what it changed, so it is
   * not kept. The least recently used go first past the entry budget.
   */
  readonly #rows: GenerationCache<string, SignedInRow>;

  constructor(options: Partial<SignedInUsersOptions> = {}) {
    const { maxEntries, maxAgeMs } = { maxEntries: 10_000, maxAgeMs: 60_000, ...options };
    this.#rows = new GenerationCache({ maxEntries, maxAgeMs });
  }

  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#rows.size.entries;
  }

  setLive(live: boolean): void {
    // Either way a change may have gone unheard: going down, or coming back after a gap.
    this.forget('*');
    this.#live = live;
  }

  /** A user changed or went (`*`: all of them). */
  forget(id: string): void {
    this.#rows.invalidate(id === '*' ? undefined : id);
  }

  /** The user `id`, kept or read by `read` (and kept when nothing changed meanwhile). */
  async get(id: string, read: () => Promise<SignedInRow | undefined>): Promise<SignedInRow | undefined> {
    const kept = this.#rows.get(id);
    if (kept) return kept;
    const generation = this.#rows.generation;
    const row = await read();
    if (row && this.#live) this.#rows.set(id, row, generation);
    return row;
  }
}
