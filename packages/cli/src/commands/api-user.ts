import {
  createApiUserService,
  createCredentialThrottle,
  createSqlAttemptCounter,
  loadConfig,
  migrateToLatest,
  openDatabase,
  SecretBox,
  systemClock,
} from '@fanshelf/api'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'
import { operatorShop } from './operator-shop.js'

export const apiUserCommand: Command = {
  name: 'api-user',
  summary: 'Create an API user for a shop (operator tool; prints the password once)',
  usage: [
    'Usage: fanshelf api-user create --shop <shopId> [--name <label>] [--json]',
    '',
    'Creates an open API user (HTTP Basic credentials) for the shop. The password is shown once',
    'and stored only as a keyed digest. In the merchant admin only a super-admin can do this; this',
    'command is for operators with access to the database.',
    '',
    '  --shop <id>    the shop (sh_…), see fanshelf demo-credentials',
    '  --name <text>  a label that prefixes the user name (default "api")',
    '  --json         print {id, username, password, createdAt} as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      shop: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (positionals[0] !== 'create') throw new UsageError('the only subcommand is "create"')
    if (!values.shop) throw new UsageError('--shop is required')
    const config = loadConfig()
    const database = openDatabase(config.databaseUrl)
    const secretBox = SecretBox.fromConfig(config)
    try {
      await migrateToLatest(database.db)
      const shopId = await operatorShop(database, secretBox, values.shop, 'api-user', (text) => io.err(text))
      if (!shopId) return 1
      // The server's key (SECRET_KEY or DATA_DIR/secret.key): the stored digest is keyed with it.
      const apiUsers = createApiUserService(database.db, {
        clock: systemClock,
        secretBox,
        throttle: createCredentialThrottle(createSqlAttemptCounter(database.db, systemClock), {
          clock: systemClock,
          throttledDelayMs: config.basicAuthFailures.throttledDelayMs,
        }),
        limits: config.basicAuthFailures,
      })
      const created = await apiUsers.create({ system: true, shopId: shopId }, values.name)
      if (values.json) printJson(io, created)
      else io.out(`Created API user ${created.username}\nPassword (shown once): ${created.password}\n`)
      return 0
    } finally {
      await database.close()
    }
  },
}
