import { defineConfig } from 'vitest/config';
import { reactLibraries, reactToPreact } from './web/preact-aliases.ts';

/**
 * The web app's code runs on Preact in its tests, as it ships (decision 0024): React's imports resolve
 * to preact/compat, in our code and in the libraries. So that the aliases reach the libraries, Vitest
 * runs them (and Preact, so that there is one copy of it) through Vite instead of leaving them to Node,
 * from their ES module builds: a CommonJS build's require() would be Node's, and load React itself.
 */
const esModules = { conditions: ['module', 'development|production'], mainFields: ['module', 'main'] };
const onPreact = {
  resolve: { alias: reactToPreact, ...esModules },
  ssr: { resolve: { conditions: ['module', 'node', 'development|production'] } },
};
const consoleGuard = 'web/src/testing/console-guard.ts';
const inlined = { deps: { inline: [...reactLibraries, 'preact', 'preact-render-to-string'] } };
/**
 * A time budget, not a retry: the property tests (fast-check, thousands of generated values) take about
 * a second alone and ran past vitest's 5 s default beside the other projects on a loaded 2-core machine.
 */
const unitTimeout = 30_000;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], testTimeout: unitTimeout } },
      {
        ...onPreact,
        // A console.error or console.warn fails the test that wrote it (web/src/testing/console-guard.ts).
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          setupFiles: [consoleGuard],
          server: inlined,
          testTimeout: unitTimeout,
        },
      },
      {
        ...onPreact,
        // Component tests render into a DOM; only they pay for starting jsdom.
        test: {
          name: 'web-dom',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: unitTimeout,
          // The guard first: its check runs after setup.ts's cleanup, so what unmounting writes counts too.
          setupFiles: [consoleGuard, 'web/src/testing/setup.ts'],
          server: inlined,
        },
      },
      {
        // The storefront's API test renders web/src/entry-server.tsx: on Preact, as the build does.
        ...onPreact,
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
          server: inlined,
        },
      },
    ],
  },
});
