import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { origin } from './server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * Browser tests of the built docs site (apps/site/build, see run.sh), served by Fanshelf itself as
 * `npm start` serves it (global-setup.ts), in Debian's Chromium — no downloaded browser, no outside host.
 */
export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Its own directory: other suites clean test-results/ when they start.
  outputDir: process.env.SITE_TEST_RESULTS ?? path.join(tmpdir(), 'fanshelf-site-e2e'),
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'site',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      testIgnore: /broken-links/,
    },
    { name: 'build', testMatch: /broken-links\.spec\.ts/ },
  ],
  globalSetup: './global-setup.ts',
})
