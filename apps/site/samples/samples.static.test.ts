// The samples the guides show (apps/site/samples), checked without a server: valid bash, one naming
// scheme, TypeScript that type-checks against the built SDK, copies identical to the code they quote.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { defaultExchangeRates } from '../../api/src/modules/money/exchange-rates.ts'
import { mcpResourcePath } from '../../api/src/modules/platform-apps/oauth-resources.ts'
import { shutdownGraceMs } from '../../api/src/modules/webhook-delivery/delivery-worker.ts'
import { connectTimeoutMs, responseTimeoutMs } from '../../api/src/modules/webhooks/delivery-policy.ts'
import { here, repoRoot, requireBuiltSdk, shellSamples, tsc } from './testing/sample-runs.ts'

describe('shell samples are valid bash', () => {
  for (const sample of shellSamples()) {
    it(sample, () => {
      execFileSync('bash', ['-n', path.join(here, sample)])
    })
  }
})

describe('the samples share one naming scheme (README.md)', () => {
  const names = new Set([
    ...['ORIGIN', 'API_USER', 'API_PASSWORD', 'STOREFRONT_TOKEN', 'CLIENT_ID', 'CLIENT_SECRET', 'WEBHOOK_SECRET'].map(
      (name) => `FANSHELF_${name}`,
    ),
    ...['SHOP_ID', 'PRODUCT_ID', 'PRODUCT_SLUG', 'VARIANT_ID', 'OTHER_VARIANT_ID', 'COLLECTION_SLUG', 'CART_ID'],
    ...[
      'ORDER_ID',
      'WEBHOOK_CONFIGURATION_ID',
      'WEBHOOK_EVENT_ID',
      'PROMOTION_ID',
      'GIVEAWAY_ID',
      'DRAW_ID',
      'OFFER_ID',
      'THANK_YOU_ID',
    ],
    // Handed over by the OAuth steps and the local tools.
    ...['REDIRECT_URI', 'CODE', 'CODE_VERIFIER', 'ACCESS_TOKEN', 'REFRESH_TOKEN', 'WEBHOOK_URL', 'FORWARD_TO'],
    // The example receiver's own listening address (webhooks/server.ts).
    ...['PORT', 'HOST', 'WEBHOOK_PATH'],
  ])
  const files = ['http', 'storefront', 'compat', 'cli', 'sdk', 'webhooks'].flatMap((dir) =>
    readdirSync(path.join(here, dir))
      .filter((file) => /\.(sh|ts|mjs)$/.test(file))
      .map((file) => `${dir}/${file}`),
  )

  for (const file of files) {
    it(`${file} names only the documented variables and reaches the server through FANSHELF_ORIGIN`, () => {
      const text = readFileSync(path.join(here, file), 'utf8')
      // Shell variables in shell samples; environment reads in the TypeScript and JavaScript ones.
      const pattern = file.endsWith('.sh') ? /\$\{?([A-Z][A-Z0-9_]*)/g : /\benv\.([A-Z][A-Z0-9_]*)/g
      const used = [...text.matchAll(pattern)].map((match) => match[1])
      expect(used.filter((name) => !names.has(name as string))).toEqual([])
      // The documented default (the served site rewrites it to the reader's origin) and nothing else.
      const origins = text
        .replace(/\$\{FANSHELF_ORIGIN:-http:\/\/127\.0\.0\.1:4000\}/g, '')
        .replaceAll("FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000'", '')
      expect(origins).not.toMatch(/127\.0\.0\.1:4000|localhost:4000/)
    })
  }
})

describe('the TypeScript samples type-check against the SDK', () => {
  // The contract's types are the SDK's: a call the contract does not allow does not compile.
  it('tsc -p samples/tsconfig.check.json (sdk/*.ts, webhooks/*.ts)', () => {
    requireBuiltSdk()
    try {
      execFileSync(tsc, ['-p', path.join(here, 'tsconfig.check.json')], { cwd: repoRoot, encoding: 'utf8' })
    } catch (error) {
      throw new Error(`The samples do not type-check:\n${(error as { stdout?: string }).stdout ?? String(error)}`)
    }
  })
})

describe('samples quoted from the code stay identical to it', () => {
  it('webhooks/receiver.ts, seen-events.ts and server.ts are examples/webhook-receiver/src', () => {
    for (const file of ['receiver.ts', 'seen-events.ts', 'server.ts']) {
      const example = readFileSync(path.join(repoRoot, 'examples/webhook-receiver/src', file), 'utf8')
      expect(
        readFileSync(path.join(here, 'webhooks', file), 'utf8'),
        `samples/webhooks/${file} differs from the example: cp examples/webhook-receiver/src/${file} apps/site/samples/webhooks/`,
      ).toBe(example)
    }
  })

  it('storefront/exchange-rates.json is the server’s rate table, in the contract’s currency order', () => {
    const rates = JSON.parse(readFileSync(path.join(here, 'storefront/exchange-rates.json'), 'utf8'))
    expect(rates).toEqual(defaultExchangeRates)
    const contract = parseYaml(readFileSync(path.join(repoRoot, 'openapi/storefront-api.yaml'), 'utf8'))
    expect(Object.keys(rates)).toEqual(contract.components.schemas.StorefrontCurrency.enum)
  })

  for (const [file, args] of [
    ['cli/fanshelf-help.txt', ['--help']],
    ['cli/trigger-help.txt', ['trigger', '--help']],
    ['cli/listen-help.txt', ['listen', '--help']],
  ] as const) {
    it(`${file} is the output of fanshelf ${args.join(' ')}`, () => {
      const output = execFileSync(process.execPath, [path.join(repoRoot, 'packages/cli/bin/fanshelf.js'), ...args], {
        cwd: repoRoot,
        encoding: 'utf8',
      })
      expect(
        readFileSync(path.join(here, file), 'utf8'),
        `regenerate it: npx fanshelf ${args.join(' ')} > apps/site/samples/${file}`,
      ).toBe(output)
    }, 60_000)
  }
})

describe('the JavaScript storefront client parses', () => {
  it('storefront/storefront-client.mjs', () => {
    execFileSync(process.execPath, ['--check', path.join(here, 'storefront/storefront-client.mjs')])
  })
})

describe('the operator guide (docs/operate/running-fanshelf.mdx) quotes the code', () => {
  it('a stopping worker lets attempts in flight finish for the connect and answer timeouts and a second', () => {
    expect(shutdownGraceMs).toBe(connectTimeoutMs + responseTimeoutMs + 1_000)
  })

  it('operate/fanshelf-alerts.yml: every rule has a name, an expression, a duration, a severity and a summary', () => {
    const groups = parseYaml(readFileSync(path.join(here, 'operate/fanshelf-alerts.yml'), 'utf8')).groups
    const rules = groups.flatMap((group: { rules: unknown[] }) => group.rules)
    // The scrape itself, then the five of the guide.
    expect(rules).toHaveLength(6)
    for (const rule of rules) {
      expect(rule).toEqual({
        alert: expect.stringMatching(/^Fanshelf[A-Za-z]+$/),
        expr: expect.any(String),
        for: expect.stringMatching(/^\d+m$/),
        labels: { severity: expect.stringMatching(/^(page|ticket)$/) },
        annotations: { summary: expect.any(String) },
      })
    }
  })
})

describe('the AI agents guide (docs/ai/mcp.mdx): client configurations', () => {
  const mcpUrl = `http://127.0.0.1:4000${mcpResourcePath}`
  const json = (file: string) => JSON.parse(readFileSync(path.join(here, 'ai', file), 'utf8'))

  it('VS Code and Cursor name the server’s MCP endpoint', () => {
    expect(json('vscode-mcp.json')).toEqual({ servers: { fanshelf: { type: 'http', url: mcpUrl } } })
    expect(json('cursor-mcp.json')).toEqual({ mcpServers: { fanshelf: { url: mcpUrl } } })
  })

  it('Claude Code adds the endpoint under FANSHELF_ORIGIN, in valid bash', () => {
    execFileSync('bash', ['-n', path.join(here, 'ai/claude-code.sh')])
    expect(readFileSync(path.join(here, 'ai/claude-code.sh'), 'utf8')).toContain(
      `--transport http fanshelf "\${FANSHELF_ORIGIN:-http://127.0.0.1:4000}${mcpResourcePath}"`,
    )
  })

  it('the worked example’s tool call posts JSON-RPC to the endpoint under FANSHELF_ORIGIN, in valid bash', () => {
    execFileSync('bash', ['-n', path.join(here, 'ai/call-tool.sh')])
    const sample = readFileSync(path.join(here, 'ai/call-tool.sh'), 'utf8')
    expect(sample).toContain(`"\${FANSHELF_ORIGIN:-http://127.0.0.1:4000}${mcpResourcePath}"`)
    expect(sample).toContain('"method": "tools/call"')
  })

  it('Claude Desktop runs fanshelf mcp with only the variables it reads', () => {
    const server = json('claude-desktop-stdio.json').mcpServers.fanshelf
    expect(server.command.endsWith('/node_modules/.bin/fanshelf')).toBe(true)
    expect(server.args).toEqual(['mcp'])
    const usage = readFileSync(path.join(repoRoot, 'packages/cli/src/commands/mcp.ts'), 'utf8')
    for (const name of Object.keys(server.env)) expect(usage).toContain(`'  ${name} `)
    expect(server.env.FANSHELF_ORIGIN).toBe('http://127.0.0.1:4000')
  })
})
