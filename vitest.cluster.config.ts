import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Cluster suites (npm run test:cluster): each file starts its own local cluster — a private
// PostgreSQL and Redis, two API nodes and two workers as separate processes
// (apps/api/src/cluster/local-cluster.ts) — so files run one at a time. The webhook receiver they
// use (examples/webhook-receiver) verifies signatures with the SDK, taken from its source here so
// that the suite does not depend on a build of it.
export default defineConfig({
  resolve: {
    alias: { '@fanshelf/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['apps/**/*.cluster.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
