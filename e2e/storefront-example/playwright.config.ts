import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'
import { storefrontOrigin } from './servers.ts'

/**
 * The example storefront (examples/storefront) in Debian Chromium, built and served against a local
 * Fanshelf server with a fresh demo shop:
 *   npx playwright test -c e2e/storefront-example
 * STOREFRONT_E2E_API_PORT (4651), STOREFRONT_E2E_PORT (4652) and STOREFRONT_E2E_DIR override.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: storefrontOrigin,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
