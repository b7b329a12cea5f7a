import { type ListedApp, loadConfig, type RegisteredApp, withPlatformAppRegistry } from '@fanshelf/api'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'

const usage = [
  'Usage: fanshelf app create --name <name> --redirect-uri <url> [--redirect-uri <url> …] --scopes <a,b,…>',
  '                           [--pkce required|optional] [--json]',
  '       fanshelf app list [--dynamic] [--json]',
  '       fanshelf app suspend <clientId>  |  fanshelf app resume <clientId>',
  '       fanshelf app pkce <clientId> required|optional',
  '       fanshelf app remove <clientId>',
  '',
  'Registers a platform app (OAuth 2). Apps are invite-only: an operator registers one and hands',
  'the partner its client id, client secret and webhook HMAC key. The secret and the key are shown',
  'once: the secret is stored as a digest, the key sealed.',
  '',
  'MCP clients may register themselves (dynamic registration, no secret): `list` marks them',
  '"dynamic", with "pending until …" while no shop has approved one (it is forgotten then);',
  '`--dynamic` lists only those. `remove` deletes a dynamic registration no shop approved; any other',
  "app is suspended instead, which revokes its tokens on every shop and keeps the shops' history.",
  '',
  '  --name <text>          the app’s name, shown on the consent page',
  '  --redirect-uri <url>   an exact redirect URI (https, or http on 127.0.0.1/localhost); repeatable',
  '  --scopes <a,b,…>       the scopes the app needs, comma-separated (e.g. order_read,webhook_write);',
  '                         see the platformOAuth scheme of openapi/open-api.yaml',
  '  --pkce required        (default) the app must send PKCE (S256) with every consent request',
  '  --pkce optional        a legacy app that cannot send PKCE yet: its consent requests may omit it',
  '  --json                 print {clientId, clientSecret, webhookHmacKey, name, redirectUris, scopes,',
  '                         pkceRequired, createdAt}',
  '',
  'Suspending an app revokes all of its access and refresh tokens on every shop; it cannot obtain new',
  'ones while suspended. Resuming revives none of them: each shop’s admin consents again through the',
  'app’s consent link.',
].join('\n')

function printRegistered(app: RegisteredApp, publicUrl: string): string {
  const consent = new URL(`${publicUrl}/admin/platform-apps/${app.clientId}/connect`)
  consent.searchParams.set('redirect_uri', app.redirectUris[0] ?? '')
  const pkce = app.pkceRequired ? '&code_challenge=…&code_challenge_method=S256' : ''
  return [
    `Registered platform app "${app.name}"`,
    `  client_id         ${app.clientId}`,
    `  client_secret     ${app.clientSecret}   (shown once)`,
    `  webhook HMAC key  ${app.webhookHmacKey}   (shown once)`,
    `  redirect URIs     ${app.redirectUris.join(' ')}`,
    `  scopes            ${app.scopes.join(' ') || '(none: current shop only)'}`,
    `  PKCE              ${app.pkceRequired ? 'required (S256)' : 'optional (legacy app)'}`,
    '',
    `Consent URL: ${consent}&state=…${pkce}`,
    `Token URL:   ${publicUrl}/open-api/v1.0/platform/token`,
    '',
  ].join('\n')
}

/** One app of `list`: id, name, scopes, status, then how it was registered and who uses it. */
function listLine(app: ListedApp): string {
  const notes = [
    app.registration === 'DYNAMIC' ? 'dynamic (MCP client)' : '',
    app.pendingUntil ? `pending until ${app.pendingUntil}` : `${app.connectedShops} shop(s) connected`,
    app.pkceRequired ? '' : 'PKCE optional (legacy)',
  ].filter((note) => note !== '')
  return `${app.id}  ${app.name}  [${app.scopes.join(' ')}]  ${app.status}  ${notes.join(', ')}`
}

export const appCommand: Command = {
  name: 'app',
  summary: 'Register a platform app (OAuth client; prints its secrets once); list, suspend, resume or remove apps',
  usage,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      scopes: { type: 'string' },
      pkce: { type: 'string' },
      dynamic: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    })
    const [subcommand, clientId] = positionals
    const config = loadConfig()
    if (subcommand === 'suspend' || subcommand === 'resume') {
      if (!clientId) throw new UsageError(`${subcommand} needs the app's client id`)
      const status = subcommand === 'suspend' ? 'SUSPENDED' : 'ACTIVE'
      const app = await withPlatformAppRegistry(config, (registry) => registry.setStatus(clientId, status))
      if (values.json) printJson(io, app)
      else io.out(`${app.id} (${app.name}) is now ${app.status}\n`)
      return 0
    }
    if (subcommand === 'pkce') {
      const setting = positionals[2]
      if (!clientId || (setting !== 'required' && setting !== 'optional')) {
        throw new UsageError('pkce needs the app’s client id and required or optional')
      }
      const app = await withPlatformAppRegistry(config, (registry) =>
        registry.setPkceRequired(clientId, setting === 'required'),
      )
      if (values.json) printJson(io, app)
      else io.out(`${app.id} (${app.name}) ${app.pkceRequired ? 'requires PKCE' : 'may omit PKCE (legacy)'}\n`)
      return 0
    }
    if (subcommand === 'remove') {
      if (!clientId) throw new UsageError("remove needs the app's client id")
      const app = await withPlatformAppRegistry(config, (registry) => registry.removeRegistration(clientId))
      if (values.json) printJson(io, app)
      else io.out(`${app.id} (${app.name}) is removed: its registration is forgotten\n`)
      return 0
    }
    if (subcommand === 'list') {
      const all = await withPlatformAppRegistry(config, (registry) => registry.list())
      const apps = values.dynamic ? all.filter((app) => app.registration === 'DYNAMIC') : all
      if (values.json) printJson(io, apps)
      else {
        if (apps.length === 0)
          io.out(values.dynamic ? 'No MCP client registered itself.\n' : 'No platform apps are registered.\n')
        for (const app of apps) io.out(`${listLine(app)}\n`)
      }
      return 0
    }
    if (subcommand !== 'create') {
      throw new UsageError('the subcommands are create, list, suspend, resume, pkce and remove')
    }
    if (values.pkce !== undefined && values.pkce !== 'required' && values.pkce !== 'optional') {
      throw new UsageError('--pkce is required or optional')
    }
    if (!values.name) throw new UsageError('--name is required')
    const redirectUris = values['redirect-uri'] ?? []
    if (redirectUris.length === 0) throw new UsageError('--redirect-uri is required (repeat it for several)')
    if (values.scopes === undefined) throw new UsageError('--scopes is required (comma-separated; may be empty)')
    const scopes = values.scopes
      .split(',')
      .map((scope) => scope.trim())
      .filter((scope) => scope !== '')
    const app = await withPlatformAppRegistry(config, (registry) =>
      registry.register({
        name: values.name as string,
        redirectUris,
        scopes,
        pkceRequired: values.pkce !== 'optional',
      }),
    )
    if (values.json) printJson(io, app)
    else io.out(printRegistered(app, config.publicUrl))
    return 0
  },
}
