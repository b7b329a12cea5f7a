import { defineConfig } from 'vitest/config'

// One root config: unit and in-process integration tests sit beside the code they test.
// Browser suites (e2e/) and PostgreSQL runs have their own npm scripts.
export default defineConfig({
  test: {
    include: [
      'openapi/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/admin/build/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'examples/webhook-receiver/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // *.redis.test.ts need a Redis server (npm run test:redis); *.slow.test.ts run in npm run test:slow;
    // *.cluster.test.ts start a local cluster (npm run test:cluster).
    exclude: [
      '**/node_modules/**',
      'apps/site/build/**',
      '**/dist/**',
      '**/*.redis.test.ts',
      '**/*.slow.test.ts',
      '**/*.cluster.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The API's checkout pages load the checkout's client script, built ahead of time (decision 0045).
    globalSetup: ['scripts/build-checkout-if-missing.ts'],
  },
})
