import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot, startFanshelf, stopServer } from '../fanshelf-start.ts'

/**
 * The local Fanshelf server for the reference suite: `fanshelf start` (the CLI, as `npm start`
 * runs it) on a spare port with a fresh DATA_DIR, serving the built docs site from SITE_DIR, so the
 * pages and the API share one origin as in production-like local use.
 */

export { repoRoot }
export const port = Number(process.env.REFERENCE_PORT ?? 4631)
export const origin = `http://127.0.0.1:${port}`
export const dataDir = process.env.REFERENCE_DATA_DIR ?? `/tmp/fanshelf-reference-e2e-${port}`
export const siteDir = path.resolve(repoRoot, process.env.REFERENCE_SITE_DIR ?? 'apps/site/build')

export interface DemoShop {
  id: string
  apiUser: { username: string; password: string }
  storefrontToken: string
}

export function demoShop(): DemoShop {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { shops: DemoShop[] }
  const shop = file.shops[0]
  if (!shop) throw new Error(`No demo shop in ${dataDir}/demo-credentials.json`)
  return shop
}

export async function startServer(): Promise<ChildProcess> {
  for (const route of ['open-api', 'open-api-beta', 'storefront-api']) {
    if (!existsSync(path.join(siteDir, route, 'index.html'))) {
      throw new Error(
        `No built ${route} page in ${siteDir}: build the site first (cd apps/site && npx docusaurus build).`,
      )
    }
  }
  return startFanshelf({
    origin,
    dataDir,
    env: { HOST: '127.0.0.1', PORT: String(port), SITE_DIR: siteDir, ROLES: 'api' },
  })
}

export { stopServer }
