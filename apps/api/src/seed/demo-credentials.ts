import fs from 'node:fs'
import path from 'node:path'

export interface DemoShopCredentials {
  id: string
  name: string
  domain: string
  apiUser: { username: string; password: string }
  storefrontToken: string
  admins: { email: string; password: string; role: 'SUPER_ADMIN' | 'STAFF' }[]
  /** Gift cards to try the checkout with (decision 0022): the code and its balance, e.g. `25.00 USD`. */
  giftCards?: { code: string; balance: string }[]
  /**
   * The demo platform app (OAuth), connected to this shop by its super-admin — the demo shop only,
   * and only when the public URL may be a redirect URI (https, or http on a loopback host).
   */
  platformApp?: DemoPlatformAppCredentials
}

export interface DemoPlatformAppCredentials {
  name: string
  clientId: string
  clientSecret: string
  /** Its one redirect URI: this server's docs landing page (which explains the code exchange). */
  redirectUri: string
  scopes: string[]
}

/** The content of DATA_DIR/demo-credentials.json. */
export interface DemoCredentials {
  generatedAt: string
  /** The demo shop first. */
  shops: DemoShopCredentials[]
}

/** File name of the seeded shops' credentials inside DATA_DIR. */
export const demoCredentialsFile = 'demo-credentials.json'

/** Writes DATA_DIR/demo-credentials.json, readable by the owner only (it holds real passwords). */
export function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): string {
  const file = path.join(dataDir, demoCredentialsFile)
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  // `mode` only applies when the file is created; a re-seed over an older file tightens it too.
  fs.chmodSync(file, 0o600)
  return file
}

/** Reads DATA_DIR/demo-credentials.json; undefined when there is none (or it is not ours). */
export function readDemoCredentials(dataDir: string): DemoCredentials | undefined {
  const file = path.join(dataDir, demoCredentialsFile)
  let parsed: unknown
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
  return isDemoCredentials(parsed) ? parsed : undefined
}

function isDemoCredentials(value: unknown): value is DemoCredentials {
  if (typeof value !== 'object' || value === null) return false
  const { generatedAt, shops } = value as Partial<DemoCredentials>
  return (
    typeof generatedAt === 'string' &&
    Array.isArray(shops) &&
    shops.every(
      (s) =>
        typeof s?.id === 'string' &&
        typeof s.apiUser?.username === 'string' &&
        typeof s.apiUser.password === 'string' &&
        typeof s.storefrontToken === 'string' &&
        Array.isArray(s.admins) &&
        (s.platformApp === undefined || isPlatformAppCredentials(s.platformApp)),
    )
  )
}

function isPlatformAppCredentials(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const app = value as Partial<DemoPlatformAppCredentials>
  return (
    typeof app.name === 'string' &&
    typeof app.clientId === 'string' &&
    typeof app.clientSecret === 'string' &&
    typeof app.redirectUri === 'string' &&
    Array.isArray(app.scopes) &&
    app.scopes.every((scope) => typeof scope === 'string')
  )
}

/**
 * The text printed on start for the demo shop: where things are, the API user with a curl command
 * ready to paste, the storefront token and the admin logins — all at `publicUrl`, the running server's
 * origin (its configuration's public URL).
 */
export function formatDemoBanner(credentials: DemoCredentials, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '')
  const [demo, ...others] = credentials.shops
  if (!demo) return 'No demo shop was seeded.'
  const rule = '─'.repeat(78)
  const lines = [
    rule,
    `  Fanshelf demo shop: ${demo.name}  (${demo.id}, ${demo.domain})`,
    '',
    `  Open API        ${base}/open-api/v1.0`,
    `    API user      ${demo.apiUser.username}`,
    `    password      ${demo.apiUser.password}`,
    '    try it:',
    `      curl -u ${demo.apiUser.username}:${demo.apiUser.password} ${base}/open-api/v1.0/shops/current`,
    '',
    `  Storefront API  ${base}/v1`,
    `    token         ${demo.storefrontToken}`,
    '    try it:',
    `      curl '${base}/v1/collections?storefront_token=${demo.storefrontToken}'`,
    '',
    ...(demo.giftCards && demo.giftCards.length > 0
      ? [
          `  Checkout        ${base}/checkout/ (gift cards to pay with)`,
          ...demo.giftCards.map((card) => `    gift card     ${card.code}  balance ${card.balance}`),
          '',
        ]
      : []),
    `  Admin           ${base}/admin/`,
    ...demo.admins.map(
      (a) => `    ${a.role === 'SUPER_ADMIN' ? 'super-admin' : 'staff      '}   ${a.email}  password ${a.password}`,
    ),
    '',
    `  Docs            ${base}/`,
    ...others.map((s) => `  Also seeded     ${s.name} (${s.domain})`),
    `  Every shop's credentials: ${demoCredentialsFile} in DATA_DIR (fanshelf demo-credentials --json)`,
    rule,
  ]
  return lines.join('\n')
}
