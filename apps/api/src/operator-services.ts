import { sharedContract } from './app.js'
import { systemClock } from './clock.js'
import type { Config } from './config.js'
import { migrateToLatest, openDatabase } from './db/database.js'
import { runningServerOrigin } from './running-server.js'
import { createServices, type Services } from './services.js'

/**
 * Every domain service as an operator tool beside a local server uses them (`fanshelf trigger`):
 * on the configured database (migrated), with the shared contract, and with links — redeem pages,
 * thank-you media — that point at the server running on this DATA_DIR (`runningServerOrigin`), so
 * `PORT=4100 npm start` in one terminal needs no PORT in the next. Nothing is started (no worker,
 * no timer: the running server's worker sends what the services queue); all is closed afterwards.
 * `use` gets the configuration the services were built with (its `publicUrl` is that origin).
 */
export async function withOperatorServices<T>(
  config: Config,
  use: (services: Services, config: Config) => Promise<T>,
): Promise<T> {
  const local: Config = Object.freeze({ ...config, publicUrl: runningServerOrigin(config) })
  const database = openDatabase(local.databaseUrl)
  let services: Services | undefined
  try {
    await migrateToLatest(database.db)
    const contract = await sharedContract(local)
    services = createServices({ config: local, clock: systemClock, database, contract })
    return await use(services, local)
  } finally {
    await services?.close()
    await database.close()
  }
}
