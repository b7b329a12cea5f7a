import { defineConfig } from 'vitest/config'

// Suites that need a Redis server; run through scripts/with-redis.sh (npm run test:redis).
export default defineConfig({
  test: {
    include: ['apps/**/*.redis.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
