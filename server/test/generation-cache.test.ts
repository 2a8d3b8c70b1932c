/**
 * The LRU under the server's caches (catalog answers, pages, signed-in users, search counts): budgets of
 * entries and bytes, least recently used out first, and values kept only under the generation they were
 * read in.
 */
import { describe, expect, it } from 'vitest';
import { GenerationCache } from '../src/generation-cache.ts';

describe('GenerationCache', () => {
  it('keeps at most maxEntries, the least recently used going first', () => {
    const cache = new GenerationCache<string, string>({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set('a', 'A', 0);
    cache.set('b', 'B', 0);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 0);
    expect(cache.size.entries).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('keeps within maxBytes as bytesOf counts them, and never keeps a value larger than that', () => {
    const cache = new GenerationCache<string, string>({ maxBytes: 100, bytesOf: (s) => s.length, maxAgeMs: 60_000 });
    for (const key of ['a', 'b', 'c']) expect(cache.set(key, key.repeat(40), 0)).toBe(true);
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('huge', 'x'.repeat(101), 0)).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    // Within both budgets at once.
    const both = new GenerationCache<string, string>({
      maxEntries: 3,
      maxBytes: 100,
      bytesOf: (s) => s.length,
      maxAgeMs: 60_000,
    });
    for (const key of ['a', 'b', 'c', 'd']) both.set(key, key, 0);
    expect(both.size).toEqual({ entries: 3, bytes: 3 });
  });

  it('keeps nothing read under an older generation; invalidate drops one key or all', () => {
    const cache = new GenerationCache<string, number>({ maxEntries: 10, maxAgeMs: 60_000 });
    const readUnder = cache.generation;
    cache.set('a', 1, readUnder);
    cache.set('b', 2, readUnder);
    cache.invalidate('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    // A read begun before the change is not kept.
    expect(cache.set('a', 1, readUnder)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', 3, cache.generation)).toBe(true);
    cache.invalidate();
    expect(cache.size.entries).toBe(0);
  });

  it('follows a generation numbered elsewhere: a newer one empties it, an older one is refused', () => {
    const cache = new GenerationCache<string, number>({ maxEntries: 10, maxAgeMs: 60_000 });
    expect(cache.follow(5)).toBe(true);
    cache.set('a', 1, 5);
    expect(cache.follow(5)).toBe(true);
    expect(cache.get('a')).toBe(1);
    expect(cache.follow(4)).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.follow(6)).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', 1, 5)).toBe(false);
  });

  it('reads a value again once it is older than maxAgeMs', async () => {
    const cache = new GenerationCache<string, number>({ maxEntries: 10, maxAgeMs: 30 });
    cache.set('a', 1, 0);
    expect(cache.get('a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('a')).toBeUndefined();
  });
});
