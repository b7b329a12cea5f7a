import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Vitest's global setup (vitest.config.ts): builds the hosted checkout's client script
 * (`npm run build:checkout`, apps/checkout/dist) once when its manifest is missing, so the API's
 * route tests that load it pass on a fresh clone, where `npm test` runs the unit tests before
 * anything else is built (decision 0045). An existing build is used as it is.
 */
const repoRoot = path.resolve(import.meta.dirname, '..')
const manifest = path.join(repoRoot, 'apps/checkout/dist/.vite/manifest.json')

export default function buildCheckoutIfMissing(): void {
  if (fs.existsSync(manifest)) return
  // Vitest sets NODE_ENV=test, which would give Vite a development build of React.
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/checkout'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0)
    throw new Error('The checkout failed to build (npm run build:checkout); see the output above.')
}
