import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildApp, parseConfig, seedDemo } from '@fanshelf/api'
import type { FastifyInstance } from 'fastify'
import { type OperationRoute, operationRoutes } from '../generated/operations.js'

/**
 * The real Fanshelf server, built in process from @fanshelf/api and listening on 127.0.0.1 (a random
 * port), on a fresh SQLite database in a temporary DATA_DIR seeded with the demo shops: what the SDK's
 * integration tests call through real HTTP.
 */

type DemoCredentials = Awaited<ReturnType<typeof seedDemo>>

export interface RealServer {
  origin: string
  app: FastifyInstance
  credentials: DemoCredentials
  demo: DemoCredentials['shops'][number]
  other: DemoCredentials['shops'][number]
  /** Whether the server has a route for this contract operation (it is still being built). */
  serves(operationId: string): boolean
  close(): Promise<void>
}

/** A free loopback port, so that the server's PUBLIC_URL (in links it answers) names the port it listens on. */
async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export async function startRealServer(env: Record<string, string> = {}): Promise<RealServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-sdk-it-'))
  const port = await freePort()
  const config = parseConfig({
    DATA_DIR: dataDir,
    // No docs site: the API alone.
    SITE_DIR: path.join(dataDir, 'no-site'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...env,
  })
  const app = await buildApp(config, { logger: false })
  const credentials = await seedDemo(app.platform.database.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: Date.now(),
  })
  await app.listen({ host: config.host, port: config.port })
  const [demo, other] = credentials.shops
  if (!demo || !other) throw new Error('The demo seed must create two shops')
  return {
    origin: config.publicUrl,
    app,
    credentials,
    demo,
    other,
    serves(operationId) {
      const route = (operationRoutes as Record<string, OperationRoute>)[operationId]
      if (!route) throw new Error(`No operation ${operationId}`)
      return app.hasRoute({ method: route.method, url: route.path.replace(/\{([^}]+)\}/g, ':$1') })
    },
    async close() {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
