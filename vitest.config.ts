import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['web/src/**/*.test.ts'] } },
      {
        // Component tests render into a DOM; only they pay for starting jsdom.
        test: {
          name: 'web-dom',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          // Migrates (and seeds) once; each test file copies the result (server/test/global-setup.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // A time budget, not a retry: under load on the 2-core machines (CI's among them) the heaviest
          // tests (property tests over random carts, concurrent placements) took over 30 s while passing.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is CPU-bound WebAssembly: one test file a core.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
