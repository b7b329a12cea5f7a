import { systemClock } from '../../clock.js'
import type { Config } from '../../config.js'
import { migrateToLatest, openDatabase } from '../../db/database.js'
import { loadContract } from '../../http/contract.js'
import { SecretBox } from '../../security/secret-box.js'
import { createPlatformAppService, type PlatformAppService } from './platform-apps.service.js'
import { platformScopes } from './platform-scopes.js'

/**
 * The registry as an operator tool uses it (`fanshelf app …`): the configured database (migrated),
 * the server's secret box and the contract's scopes, closed afterwards.
 */
export async function withPlatformAppRegistry<T>(
  config: Config,
  use: (apps: PlatformAppService) => Promise<T>,
): Promise<T> {
  const database = openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(database.db)
    const contract = await loadContract(config.openapiDir)
    const apps = createPlatformAppService(database.db, {
      clock: systemClock,
      secretBox: SecretBox.fromConfig(config),
      scopes: platformScopes(contract),
    })
    return await use(apps)
  } finally {
    await database.close()
  }
}
