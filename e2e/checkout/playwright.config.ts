import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'

/**
 * The hosted checkout in Debian Chromium: `npx playwright test -c e2e/checkout`.
 * Each spec file starts its own Fanshelf server (fanshelf serve) on a spare port with a fresh
 * DATA_DIR and stops it afterwards (see server.ts); nothing needs to be running beforehand.
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
  use: {
    browserName: 'chromium',
    // Playwright gives every launch a fresh, temporary profile (the stack notes' --user-data-dir).
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
