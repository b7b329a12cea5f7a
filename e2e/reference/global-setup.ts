import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { dataDir, origin, startServer } from './server.ts'

export default async function globalSetup(): Promise<void> {
  const child = await startServer()
  writeFileSync(path.join(dataDir, 'server.pid'), String(child.pid))
  // Warm the server (static files, first API calls) so the first test is not timed on a cold start.
  for (const route of ['/open-api/', '/open-api-beta/', '/storefront-api/', '/open-api/v1.0/shops/current']) {
    await fetch(`${origin}${route}`).then((response) => response.arrayBuffer())
  }
}
