import { setFlagsFromString } from 'node:v8';

/**
 * V8's settings that held memory the shop does not need (issue 31: idle memory), set by server.ts before
 * any other module is loaded.
 * - V8 compiles PGlite's WebAssembly (9 MB) a second time, optimised, in the background, on as many
 *   threads as it likes; their scratch memory stayed resident (about 30 MB idle). One thread does it
 *   in about the same time on a small machine.
 * - The young generation grew from 2 MB to 32 MB while the modules loaded and the database migrated,
 *   and was never given back: start-up kept it for good. So it is kept at 2 MB while the server starts,
 *   and may grow again once it serves (`serving`, decision 0065).
 */
const V8_FLAGS = ['--wasm-num-compilation-tasks=1', '--semi-space-growth-factor=1'];

for (const flag of V8_FLAGS) setFlagsFromString(flag);

/**
 * Called once the server listens. Under traffic a young generation of 2 MB filled every few dozen
 * requests of tens of kilobytes: what requests under way still held was moved to the old generation and
 * collected there, at a cost that showed in the slowest answers (admin lists at a million orders: p99 a
 * few milliseconds lower with growth in most measured pairs, decision 0065). V8's own factor (2) lets it
 * grow under load, and V8 gives the space back once the load is gone (RSS 15 s after a burst: 113-115 MB
 * either way; the young generation back at 1 MB after about 20 s).
 */
export function serving(): void {
  setFlagsFromString('--semi-space-growth-factor=2');
}
