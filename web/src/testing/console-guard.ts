import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A web test that makes anything (React, a library, our own code) write to console.error or
 * console.warn fails: such a message is a fault the test would otherwise pass over (an act() warning, a
 * hydration mismatch, a query that threw). The messages still print; the test fails once it has
 * finished, cleanup included. Fix the cause: a test that expects a message should not produce it.
 */
const LEVELS = ['error', 'warn'] as const;

type Console = Record<(typeof LEVELS)[number], (...args: unknown[]) => void>;

/** Starts recording what `target` writes as errors and warnings; the function returned stops and tells. */
export function watchConsole(target: Console = console): () => string[] {
  const spies = LEVELS.map((level) => vi.spyOn(target, level));
  return () => {
    const written = spies.flatMap((spy, i) => spy.mock.calls.map((args) => `console.${LEVELS[i]}: ${format(...args)}`));
    for (const spy of spies) spy.mockRestore();
    return written;
  };
}

let stop: (() => string[]) | null = null;

beforeEach(() => {
  stop = watchConsole();
});

afterEach(() => {
  const written = stop?.() ?? [];
  stop = null;
  if (written.length > 0) throw new Error(`The test wrote to the console:\n${written.join('\n')}`);
});
