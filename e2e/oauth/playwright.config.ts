import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'

/**
 * Platform-app consent in Debian Chromium: the test starts its own Fanshelf server (a spare port,
 * a temporary DATA_DIR), registers an app with the CLI and walks the real sign-in and consent
 * pages, then exchanges the code with oauth4webapi.
 *   npx playwright test -c e2e/oauth        (CHROME_PATH overrides /usr/bin/chromium)
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
