import {
  createStorefrontTokenService,
  loadConfig,
  migrateToLatest,
  openDatabase,
  SecretBox,
  systemClock,
} from '@fanshelf/api'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'
import { operatorShop } from './operator-shop.js'

export const storefrontTokenCommand: Command = {
  name: 'storefront-token',
  summary: 'Show, create, regenerate or revoke a shop’s storefront API token',
  usage: [
    'Usage: fanshelf storefront-token --shop <shopId> [--regenerate | --revoke] [--json]',
    '',
    'Prints the shop’s storefront token (ptkn_…), creating it when the shop has none. The token',
    'is public by design: storefronts send it as the storefront_token query parameter.',
    '',
    '  --shop <id>     the shop (sh_…), see fanshelf demo-credentials',
    '  --regenerate    revoke the current token and create a new one (the old one stops working at once)',
    '  --revoke        revoke the current token; the shop has none until the next call without flags',
    '  --json          print {shopId, token, createdAt} (with --revoke: {shopId, revoked}) as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      shop: { type: 'string' },
      regenerate: { type: 'boolean', default: false },
      revoke: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    })
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    if (!values.shop) throw new UsageError('--shop is required')
    if (values.regenerate && values.revoke) throw new UsageError('use either --regenerate or --revoke')
    const config = loadConfig()
    const database = openDatabase(config.databaseUrl)
    const secretBox = SecretBox.fromConfig(config)
    try {
      await migrateToLatest(database.db)
      const shopId = await operatorShop(database, secretBox, values.shop, 'storefront-token', (text) => io.err(text))
      if (!shopId) return 1
      const tokens = createStorefrontTokenService(database.db, {
        clock: systemClock,
        secretBox,
      })
      if (values.revoke) {
        const revoked = await tokens.revoke(shopId)
        if (values.json) printJson(io, { shopId: shopId, revoked })
        else io.out(revoked ? `Revoked the storefront token of ${shopId}.\n` : `${shopId} has no active token.\n`)
        return 0
      }
      const token = values.regenerate ? await tokens.regenerate(shopId) : await tokens.getOrCreate(shopId)
      if (values.json) printJson(io, { shopId: token.shopId, token: token.token, createdAt: token.createdAt })
      else io.out(`${values.regenerate ? 'New storefront token' : 'Storefront token'} of ${shopId}: ${token.token}\n`)
      return 0
    } finally {
      await database.close()
    }
  },
}
