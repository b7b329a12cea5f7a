import { systemClock } from '../../clock.js'
import type { Config } from '../../config.js'
import { migrateToLatest, openDatabase } from '../../db/database.js'
import { runningServerOrigin } from '../../running-server.js'
import { SecretBox } from '../../security/secret-box.js'
import { createAdminAuditLogService } from '../admin/admin-audit-log.service.js'
import { createAdminSessionService } from '../admin-sessions/admin-sessions.service.js'
import { createSqlAttemptCounter } from '../auth-throttle/attempt-counter.sql.js'
import { createCredentialThrottle } from '../auth-throttle/credential-throttle.js'
import { createPeopleService, type PeopleService } from './people.service.js'

/**
 * Shops and their people as an operator tool uses them (`fanshelf shop …`): the configured
 * database (migrated), the server's secret box, and links that point at the server running on
 * this DATA_DIR (`runningServerOrigin`). The CLI never mails: it prints the links it makes.
 */
export async function withShopOnboarding<T>(config: Config, use: (people: PeopleService) => Promise<T>): Promise<T> {
  const database = openDatabase(config.databaseUrl)
  const attempts = createSqlAttemptCounter(database.db, systemClock)
  try {
    await migrateToLatest(database.db)
    const clock = systemClock
    const throttle = createCredentialThrottle(attempts, { clock, throttledDelayMs: 0 })
    const people = createPeopleService(database.db, {
      clock,
      dialect: database.dialect,
      secretBox: SecretBox.fromConfig(config),
      sessions: createAdminSessionService(database.db, { clock, throttle }),
      auditLog: createAdminAuditLogService(database.db, { clock }),
      attempts,
      throttle,
      mailer: undefined,
      publicUrl: runningServerOrigin(config),
    })
    return await use(people)
  } finally {
    await attempts.close()
    await database.close()
  }
}
