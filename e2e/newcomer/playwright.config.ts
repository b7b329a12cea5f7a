import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'
import { origin } from './server.ts'

/**
 * A newcomer's first half hour, against the server as `npm start` runs it on a non-default PORT with
 * a PUBLIC_URL (server.ts): every served document names that origin, every guide's curl sample runs
 * as copied from the page, and the reference's try-it console answers 2xx for every operation.
 *   npm run build:site && npx playwright test -c e2e/newcomer
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(tmpdir(), 'fanshelf-newcomer-test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: origin,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  projects: [
    {
      name: 'phone',
      // Served documents do not depend on the viewport, and the console of every operation is
      // pressed once, at desktop width: checked by the desktop project.
      testIgnore: /(documents|every-operation)\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
})
