import { createGiftCardService, loadConfig, migrateToLatest, openDatabase, SecretBox, systemClock } from '@fanshelf/api'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'
import { operatorShop } from './operator-shop.js'

/** The field problems of a refused amount (the API's 400 `details.errors`), as one line. */
function problemsOf(error: unknown): string | undefined {
  const errors = (error as { details?: { errors?: { field?: string; message?: string }[] } }).details?.errors
  return errors?.map((e) => `${e.field} ${e.message}`).join('; ')
}

export const giftCardCommand: Command = {
  name: 'gift-card',
  summary: 'Issue a gift card for a shop (prints its code once)',
  usage: [
    'Usage: fanshelf gift-card create --shop <shopId> --amount <value> --currency <code> [--json]',
    '',
    'Issues a gift card the hosted checkout accepts: its code (four groups of four letters and',
    'digits) is printed once and stored only as a digest. In the merchant admin any admin of the',
    'shop can do the same (Gift cards).',
    '',
    '  --shop <id>        the shop (sh_…), see fanshelf demo-credentials',
    '  --amount <value>   the balance in major units, e.g. 25.00 (more than 0, at most 10000)',
    '  --currency <code>  a storefront currency, e.g. USD',
    '  --json             print {id, code, maskedCode, initialBalance, balance, …} as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      shop: { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (positionals[0] !== 'create') throw new UsageError('the only subcommand is "create"')
    if (!values.shop) throw new UsageError('--shop is required')
    if (!values.amount || !/^\d+(\.\d+)?$/.test(values.amount)) {
      throw new UsageError('--amount is required: a number in major units, e.g. 25.00')
    }
    if (!values.currency) throw new UsageError('--currency is required, e.g. USD')
    const config = loadConfig()
    const database = openDatabase(config.databaseUrl)
    const secretBox = SecretBox.fromConfig(config)
    try {
      await migrateToLatest(database.db)
      const shopId = await operatorShop(database, secretBox, values.shop, 'gift-card', (text) => io.err(text))
      if (!shopId) return 1
      let card: Awaited<ReturnType<ReturnType<typeof createGiftCardService>['issueGiftCard']>>
      try {
        card = await createGiftCardService(database.db, { clock: systemClock }).issueGiftCard(shopId, {
          amount: { value: Number(values.amount), currency: values.currency.toUpperCase() },
          issuedBy: 'cli',
        })
      } catch (error) {
        const problems = problemsOf(error)
        if (!problems) throw error
        io.err(`fanshelf gift-card: ${problems}\n`)
        return 1
      }
      if (values.json) printJson(io, card)
      else {
        io.out(
          `Issued gift card ${card.id} of ${card.balance.value.toFixed(2)} ${card.balance.currency}\nCode (shown once): ${card.code}\n`,
        )
      }
      return 0
    } finally {
      await database.close()
    }
  },
}
