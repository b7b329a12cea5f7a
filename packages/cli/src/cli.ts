import { type Command, type Io, UsageError } from './command.js'

export type { Io } from './command.js'

import { apiUserCommand } from './commands/api-user.js'
import { appCommand } from './commands/app.js'
import { backupCommand, restoreCommand } from './commands/backup.js'
import { demoCredentialsCommand } from './commands/demo-credentials.js'
import { giftCardCommand } from './commands/gift-card.js'
import { listenCommand } from './commands/listen.js'
import { mcpCommand } from './commands/mcp.js'
import { seedCommand } from './commands/seed.js'
import { shopCommand } from './commands/shop.js'
import { serveCommand, startCommand } from './commands/start.js'
import { storefrontTokenCommand } from './commands/storefront-token.js'
import { trackerCommand } from './commands/tracker.js'
import { triggerCommand } from './commands/trigger.js'

export const commands: Command[] = [
  startCommand,
  serveCommand,
  seedCommand,
  demoCredentialsCommand,
  shopCommand,
  apiUserCommand,
  storefrontTokenCommand,
  giftCardCommand,
  trackerCommand,
  appCommand,
  triggerCommand,
  listenCommand,
  mcpCommand,
  backupCommand,
  restoreCommand,
]

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return [
    'fanshelf — run and operate a local Fanshelf platform',
    '',
    'Usage: fanshelf <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `fanshelf <command> --help` for a command’s options.',
    '',
  ].join('\n')
}

/** Runs one command line; returns the process exit code (0 ok, 1 failed, 2 usage error). */
export async function run(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help())
    return name ? 0 : 2
  }
  const command = commands.find((c) => c.name === name)
  if (!command) {
    io.err(`fanshelf: unknown command "${name}".\n\n${help()}`)
    return 2
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.usage}\n`)
    return 0
  }
  try {
    return await command.run(rest, io)
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`fanshelf ${command.name}: ${error.message}\n\n${command.usage}\n`)
      return 2
    }
    io.err(`fanshelf ${command.name}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}
