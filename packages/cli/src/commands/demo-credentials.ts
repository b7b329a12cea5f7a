import { formatDemoBanner, loadConfig, readDemoCredentials, runningServerOrigin } from '@fanshelf/api'
import { type Command, parseOptions, printJson } from '../command.js'

export const demoCredentialsCommand: Command = {
  name: 'demo-credentials',
  summary: 'Print the seeded shops’ credentials (--json for all of them as JSON)',
  usage: [
    'Usage: fanshelf demo-credentials [--json]',
    '',
    'Prints DATA_DIR/demo-credentials.json, written when the demo shops were seeded:',
    'for each shop its id, domain, API user, storefront token and admin logins, with the URLs of the',
    'server running on DATA_DIR.',
    '',
    '  --json  print the whole file as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseOptions(args, { json: { type: 'boolean', default: false } })
    const config = loadConfig()
    const credentials = readDemoCredentials(config.dataDir)
    if (!credentials) {
      io.err(`No demo credentials in ${config.dataDir}: start Fanshelf once (npm start) or run fanshelf seed.\n`)
      return 1
    }
    if (values.json) printJson(io, credentials)
    else io.out(`${formatDemoBanner(credentials, runningServerOrigin(config))}\n`)
    return 0
  },
}
