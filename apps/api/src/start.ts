import type { FastifyInstance } from 'fastify'
import type { BuildOptions } from './app.js'
import type { Config } from './config.js'
import { shutdownGraceMs } from './modules/webhook-delivery/delivery-worker.js'
import { recordRunningServer } from './running-server.js'
import { formatDemoBanner, readDemoCredentials, writeDemoCredentials } from './seed/demo-credentials.js'
import { isSeeded, seedDemo } from './seed/demo-seed.js'

/**
 * A graceful stop (SIGTERM, SIGINT): the server accepts no new connection and answers requests on
 * open ones 503 `Connection: close`, while the requests in flight finish; the webhook worker
 * claims nothing more and lets the attempts in flight finish (`shutdownGraceMs`); then the
 * database closes.
 */
export async function stopPlatform(app: FastifyInstance): Promise<void> {
  const { webhookDelivery } = app.platform.services
  // app.close() stops the worker too (services.close), without a grace: it then waits for this stop.
  await Promise.all([webhookDelivery.stop({ graceMs: shutdownGraceMs }), app.close()])
}

/**
 * Boots the platform as `npm start` does: build the app, seed the demo shops into an empty
 * database (writing DATA_DIR/demo-credentials.json), listen (recording its origin in DATA_DIR/server.json),
 * and shut down cleanly on a signal.
 */
export async function startPlatform(
  config: Config,
  build: (config: Config, options?: BuildOptions) => Promise<FastifyInstance>,
  options: { out?: (line: string) => void } = {},
): Promise<FastifyInstance> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`))
  const app = await build(config)
  const { services, clock } = app.platform

  /**
   * Nodes of one deployment booting together on an empty database all try to seed it; each shop is
   * one transaction and the first shop's id is fixed, so exactly one node gets past it. The others'
   * attempt fails on that shop and rolls back: they find the database seeded and go on.
   */
  async function seedUnlessRaced() {
    try {
      return await seedDemo(services.db, {
        secretBox: services.secretBox,
        publicUrl: config.publicUrl,
        now: clock.now(),
        media: services.media,
      })
    } catch (error) {
      if (await isSeeded(services.db)) return undefined
      throw error
    }
  }
  const seeded = config.seedDemo && !(await isSeeded(services.db)) ? await seedUnlessRaced() : undefined
  if (seeded) writeDemoCredentials(config.dataDir, seeded)
  const credentials = seeded ?? readDemoCredentials(config.dataDir)
  await app.listen({ host: config.host, port: config.port })
  try {
    // The CLI, the admin's and the example storefront's dev servers find this server through it.
    recordRunningServer(config.dataDir, { publicUrl: config.publicUrl })
  } catch (error) {
    app.log.warn({ err: error }, `Could not record the server's origin in ${config.dataDir}`)
  }
  // The banner comes last, after the startup log entries, so the credentials are what a newcomer sees.
  if (credentials) out(formatDemoBanner(credentials, config.publicUrl))
  out(`Fanshelf is running on ${config.publicUrl} (Ctrl+C stops it)`)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    out(`Received ${signal}, shutting down…`)
    await stopPlatform(app)
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return app
}
