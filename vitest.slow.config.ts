import { defineConfig } from 'vitest/config'

// Slow suites (crash safety with SIGKILLed workers, two workers × 10,000 deliveries on PostgreSQL):
// npm run test:slow (SQLite) and npm run test:slow:pg.
export default defineConfig({
  test: {
    include: ['apps/api/src/**/*.slow.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
