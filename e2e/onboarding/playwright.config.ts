import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.ts'
import { origin } from './server.ts'

/**
 * An operator's first day with a shop that is not the demo, from an empty install started as
 * "Running Fanshelf" says (SEED_DEMO=false, PORT 4300, a PUBLIC_URL, METRICS_TOKEN, no SMTP_URL):
 * `fanshelf shop create` → the owner's link → an uploaded image on a product → storefront token →
 * storefront API, image, feed and checkout → staff invited and signed in with STAFF rights → an API
 * user's first call → /metrics → backup, wipe, restore, same answers. One ordered spec at desktop
 * width; the pages people open from a link (set a password, sign in) also at 390 px.
 *   bash e2e/onboarding/run.sh      (SQLite, then PostgreSQL under scripts/with-postgres.sh)
 *   npx playwright test -c e2e/onboarding        (SQLite only; ADMIN_SKIP_BUILD=1 reuses the SPA)
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(tmpdir(), 'fanshelf-onboarding-test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  // Two shared cores: password hashing, lazy chunks and image encoding can take seconds under load.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: origin,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
})
