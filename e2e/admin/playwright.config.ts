import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'

/**
 * The merchant admin in Debian Chromium: the global setup builds the SPA (ADMIN_SKIP_BUILD=1 reuses
 * apps/admin/dist), starts `fanshelf serve` on a spare loopback port with a temporary DATA_DIR, and
 * every spec signs in with the seeded demo admins.
 *   npx playwright test -c e2e/admin        (CHROME_PATH overrides /usr/bin/chromium)
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  // Two shared cores: lazy chunks and password hashing can take a few seconds under load.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: process.env.ADMIN_E2E_ORIGIN,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
