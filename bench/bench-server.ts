import type { DatabaseHandle } from '../apps/api/src/db/database.js'
import { buildApp, parseConfig, seedDemo } from '../apps/api/src/index.js'

/**
 * A listening API on a port of its own, over `database`, seeded with the demo shops: what every API
 * benchmark measures against. Answers its origin, the demo shop and that shop's Basic credentials.
 */
export async function startSeededServer(database: DatabaseHandle, env: Record<string, string>) {
  const config = parseConfig({ LOG_LEVEL: 'silent', PORT: '0', ...env })
  const app = await buildApp(config, { database, logger: false })
  const credentials = await seedDemo(database.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: Date.now(),
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''
  const demo = credentials.shops[0]!
  const authorization = basicAuthorization(demo.apiUser.username, demo.apiUser.password)
  return { app, origin, demo, authorization }
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
}
