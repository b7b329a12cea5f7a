import { DomainError, loadConfig, withShopOnboarding } from '@fanshelf/api'
import type { Io } from '../command.js'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'

const usage = [
  'Usage: fanshelf shop create --name <name> --domain <host> --currency <code> --owner-email <email>',
  '                            [--owner-name <name>] [--json]',
  '       fanshelf shop list [--json]',
  '       fanshelf shop password-link --email <email> [--json]',
  '',
  'create         creates a shop and its super-admin (no password yet) in one transaction and prints',
  '               a one-time link, valid 24 hours, where the owner sets the password and signs in.',
  '               Nothing is written when a field is refused (each refusal names the field and rule).',
  'list           lists the shops: id, name, domain, currency, first super-admin and number of people.',
  'password-link  prints a one-time password-reset link (valid 1 hour) for an admin: the way back in',
  '               when the server sends no mail (SMTP_URL unset).',
  '',
  '  --name <text>          the shop’s name, shown in the admin, checkout and feed',
  '  --domain <host>        the shop’s domain, e.g. shop.example.com (unique)',
  '  --currency <code>      the currency prices are kept in: USD, EUR, CAD, GBP, AUD, NZD, SEK, NOK,',
  '                         DKK, PLN, INR, JPY, MYR, SGD or MXN',
  '  --owner-email <email>  the super-admin’s email (unique across shops: sign-in names no shop)',
  '  --owner-name <text>    the super-admin’s name (default: the part of the email before @)',
  '  --json                 print the result as JSON',
  '',
  'Links point at the server running on DATA_DIR (else PUBLIC_URL). Treat them as passwords: they',
  'are shown once and stored only as digests.',
].join('\n')

const flagOf: Record<string, string> = {
  name: '--name',
  domain: '--domain',
  currency: '--currency',
  ownerEmail: '--owner-email',
  ownerName: '--owner-name',
}

/** A refused field as the operator typed it: `--currency: currency must be one of … (rule enum)`. */
function printRefusal(io: Io, error: DomainError): void {
  const issues = (error.details as { errors?: { field: string; rule: string; message: string }[] } | undefined)?.errors
  if (!issues) {
    io.err(`fanshelf shop: ${error.message}\n`)
    return
  }
  io.err('fanshelf shop: nothing was created:\n')
  for (const issue of issues) io.err(`  ${flagOf[issue.field] ?? issue.field}: ${issue.message} (rule ${issue.rule})\n`)
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? []
  return `${rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`
}

export const shopCommand: Command = {
  name: 'shop',
  summary: 'Create a shop and its super-admin (prints a one-time link to set the password), list shops',
  usage,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      name: { type: 'string' },
      domain: { type: 'string' },
      currency: { type: 'string' },
      'owner-email': { type: 'string' },
      'owner-name': { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    const [subcommand, extra] = positionals
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`)
    const config = loadConfig()

    if (subcommand === 'list') {
      const shops = await withShopOnboarding(config, (people) => people.listShops())
      const rows = shops.map((shop) => ({
        id: shop.id,
        name: shop.name,
        domain: shop.domain,
        currency: shop.currency,
        ownerEmail: shop.owner_email ?? null,
        people: Number(shop.people ?? 0),
        createdAt: shop.created_at,
      }))
      if (values.json) printJson(io, rows)
      else if (rows.length === 0) io.out('No shops yet: create one with fanshelf shop create.\n')
      else {
        io.out(
          table([
            ['ID', 'NAME', 'DOMAIN', 'CURRENCY', 'OWNER', 'PEOPLE'],
            ...rows.map((r) => [r.id, r.name, r.domain, r.currency, r.ownerEmail ?? '-', String(r.people)]),
          ]),
        )
      }
      return 0
    }

    if (subcommand === 'password-link') {
      if (!values.email) throw new UsageError('--email is required')
      const issued = await withShopOnboarding(config, (people) => people.operatorResetLink(values.email as string))
      if (!issued) {
        io.err(`fanshelf shop: no admin has the email ${values.email}.\n`)
        return 1
      }
      if (values.json) {
        printJson(io, { adminUserId: issued.person.id, email: issued.person.email, ...issued.link })
      } else {
        io.out(`Password-reset link for ${issued.person.email} (works once, until ${issued.link.expiresAt}):\n`)
        io.out(`  ${issued.link.url}\n`)
      }
      return 0
    }

    if (subcommand !== 'create') throw new UsageError('the subcommands are create, list and password-link')
    const missing = (['name', 'domain', 'currency', 'owner-email'] as const).filter((flag) => !values[flag])
    if (missing.length > 0) throw new UsageError(`${missing.map((flag) => `--${flag}`).join(', ')} required`)
    try {
      const created = await withShopOnboarding(config, (people) =>
        people.createShop({
          name: values.name as string,
          domain: values.domain as string,
          currency: values.currency as string,
          ownerEmail: values['owner-email'] as string,
          ownerName: values['owner-name'],
        }),
      )
      const { shop, owner, link } = created
      if (values.json) {
        printJson(io, {
          shop: { id: shop.id, name: shop.name, domain: shop.domain, currency: shop.currency },
          owner: { id: owner.id, email: owner.email, role: owner.role },
          setPasswordUrl: link.url,
          expiresAt: link.expiresAt,
        })
      } else {
        io.out(
          [
            `Created shop "${shop.name}" (${shop.id})`,
            `  domain    ${shop.domain}`,
            `  currency  ${shop.currency}`,
            `  owner     ${owner.email} (SUPER_ADMIN, no password yet)`,
            '',
            `Send the owner this link to set the password and sign in (works once, until ${link.expiresAt}):`,
            `  ${link.url}`,
            '',
          ].join('\n'),
        )
      }
      return 0
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) {
        printRefusal(io, error)
        return 1
      }
      throw error
    }
  },
}
