import { defineConfig } from 'vitest/config'

// `npm test -w @fanshelf/example-webhook-receiver` (needs the built SDK: npm run build -w @fanshelf/sdk).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
