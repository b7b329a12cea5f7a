import {
  isSeeded,
  loadConfig,
  migrateToLatest,
  openDatabase,
  resetDatabase,
  SecretBox,
  seedDemo,
  writeDemoCredentials,
} from '@fanshelf/api'

import { type Command, parseOptions } from '../command.js'

export const seedCommand: Command = {
  name: 'seed',
  summary: 'Seed the demo shops (--reset wipes the database first)',
  usage: [
    'Usage: fanshelf seed [--reset]',
    '',
    'Seeds the demo shop and a second shop into the database named by DATABASE_URL (default',
    'DATA_DIR/fanshelf.sqlite) and writes DATA_DIR/demo-credentials.json. Without --reset it does',
    'nothing when the database already holds data.',
    '',
    '  --reset  delete every row first (all shops, orders, webhooks, apps…)',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseOptions(args, { reset: { type: 'boolean', default: false } })
    const config = loadConfig()
    const database = openDatabase(config.databaseUrl)
    try {
      await migrateToLatest(database.db)
      if (values.reset) await resetDatabase(database.db)
      else if (await isSeeded(database.db)) {
        io.out('The database already holds data; nothing seeded (use --reset to start over).\n')
        return 0
      }
      const credentials = await seedDemo(database.db, {
        secretBox: SecretBox.fromConfig(config),
        publicUrl: config.publicUrl,
        now: Date.now(),
      })
      writeDemoCredentials(config.dataDir, credentials)
      io.out(
        `Seeded ${credentials.shops.length} shops; credentials written to ${config.dataDir}/demo-credentials.json\n`,
      )
      return 0
    } finally {
      await database.close()
    }
  },
}
