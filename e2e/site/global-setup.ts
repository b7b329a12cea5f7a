import { startFanshelfServer } from '../../apps/site/scripts/fanshelf-server.mjs'
import { port, siteDir } from './server.ts'

/**
 * The built docs site served by Fanshelf itself (`fanshelf start`, as `npm start` runs it) — the
 * server readers run, not a stand-in. Playwright calls the returned function at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startFanshelfServer({ siteDir, port })
  return server.close
}
