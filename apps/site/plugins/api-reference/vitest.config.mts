import { defineConfig } from 'vitest/config'

// Unit tests of the API reference renderer. Run alone with
//   npx vitest run --config apps/site/plugins/api-reference/vitest.config.mts
// (the root config should include 'apps/site/plugins/api-reference/**/*.test.{ts,tsx}').
export default defineConfig({
  // Vite's cache in the root node_modules, not in a node_modules folder beside the plugin.
  // The renderer's components (lib/components/*.tsx) use React's automatic JSX runtime.
  esbuild: { jsx: 'automatic' },
  cacheDir: `${import.meta.dirname}/../../../../node_modules/.vite/api-reference`,
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
