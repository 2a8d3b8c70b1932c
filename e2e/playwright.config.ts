import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-flags.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Specs that change shop-wide settings: they run after all the others (see `projects`). */
const SHOP_SETTINGS = /shop-settings\.spec/;

/** Debian's Chromium; Playwright's own browser download cannot work on these machines. */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  // No retries: a flaky test is fixed, not hidden.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Time budgets, not retries. On the 2-core machines CI runs on, Debian's Chromium 156.0.8078.108 made
  // the suite about three times slower than before (12 min against 3.6; the checkout walk 17 s alone
  // against 10 s beside another worker, on the old commit as on the new), and 30 s / 5 s budgets timed
  // out walks that were only slow. A step that never happens still fails, only later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: [/phone\.spec/, SHOP_SETTINGS],
    },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, launchOptions: chromium },
      testMatch: /phone\.spec/,
    },
    // Last and alone: these change what every other spec sees (a category's GST rate moves its prices).
    {
      name: 'shop-settings',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: SHOP_SETTINGS,
      dependencies: ['desktop', 'phone'],
      // One at a time: each of these sets shop-wide settings (a GST rate, the rate card, COD limits) and
      // expects to find them as it left them.
      workers: 1,
    },
  ],
  webServer: {
    // The compiled server, as production runs it (`npm run test:e2e` builds it first).
    command: 'node ../server/dist/server.js',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      // Uploads of the test run go to a folder of its own, never into the working tree.
      DATA_DIR: path.join(tmpdir(), `rr-e2e-${PORT}`),
      DEMO_DATA: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
      // Every test browses from 127.0.0.1: per-client limits would throttle the suite (API tests cover them).
      RATE_LIMITS: 'false',
    },
  },
});
