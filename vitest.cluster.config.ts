import { defineConfig } from 'vitest/config'

// Cluster suites (npm run test:cluster): each file starts its own local cluster — a private
// PostgreSQL and Redis, two API nodes and two workers as separate processes
// (apps/api/src/cluster/local-cluster.ts) — so files run one at a time.
export default defineConfig({
  test: {
    include: ['apps/**/*.cluster.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
