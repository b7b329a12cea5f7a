import { defineConfig } from 'vitest/config'

// The site's unit tests: browser modules (src), signature samples and build-time plugins. Browser suites live in e2e/site.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'samples/**/*.test.ts',
      'plugins/**/*.test.ts',
      'scripts/**/*.test.ts',
      'config/**/*.test.ts',
      'src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'build/**', '.docusaurus/**', 'plugins/api-reference/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
})
