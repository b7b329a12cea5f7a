import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'
import { origin } from './server.ts'

/**
 * API reference pages in Debian Chromium against the local server (which serves the built site):
 *   cd apps/site && npx docusaurus build && cd ../.. && npx playwright test -c e2e/reference
 * REFERENCE_SITE_DIR (default apps/site/build) and REFERENCE_PORT (default 4631) override.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(tmpdir(), 'fanshelf-reference-test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Two shared cores: lazy chunks and password checks can take a few seconds under load.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Playwright gives every launch a fresh, temporary profile (the stack notes' --user-data-dir).
  use: {
    baseURL: origin,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
