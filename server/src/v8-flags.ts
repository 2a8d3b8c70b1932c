import { setFlagsFromString } from 'node:v8';

/**
 * V8's settings that held memory the shop does not need (issue 31: idle memory), set by server.ts before
 * any other module is loaded.
 * - V8 compiles PGlite's WebAssembly (9 MB) a second time, optimised, in the background, on as many
 *   threads as it likes; their scratch memory stayed resident (about 30 MB idle). One thread does it
 *   in about the same time on a small machine.
 * - The young generation grew from 2 MB to 32 MB while the modules loaded and the database migrated,
 *   and was never given back, idle or not. Kept at 2 MB it is collected more often, and each time
 *   costs next to nothing: what a request leaves behind dies young.
 */
const V8_FLAGS = ['--wasm-num-compilation-tasks=1', '--semi-space-growth-factor=1'];

for (const flag of V8_FLAGS) setFlagsFromString(flag);
