import { defineConfig } from 'vitest/config'

// The admin's build-time contract module, tested in Node (the root config can include
// 'apps/admin/build/**/*.test.ts' as well): npx vitest run --config apps/admin/vitest.config.ts
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['build/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
})
