import { createHmac } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { rateLimitDefaults, rateLimitHeaders } from '../../../api/src/modules/rate-limit/rate-limit-policy.ts'
import {
  connectTimeoutMs,
  disableAfterFailingMs,
  goneStatus,
  loggedResponseBytes,
  maxAttempts,
  maxResponseBytes,
  maxRetryAfterMs,
  perEndpointConcurrency,
  responseTimeoutMs,
  retryDelaysMs,
  retryJitter,
  signatureHeaders,
  timestampToleranceSeconds,
} from '../../../api/src/modules/webhooks/delivery-policy.ts'
import { codeTokens } from '../../config/code-tokens.ts'
import { type AdminFacts, adminFacts } from './admin.ts'
import { envelopeFields, type FieldDoc, loadContract, type WebhookEventDoc, webhookEvents } from './contract.ts'
import { type McpFacts, mcpFacts } from './mcp.ts'
import { type SignatureSample, signatureSamples } from './samples.ts'

/**
 * Facts the guides quote, taken from the code and the contract at build time so that a guide can
 * never disagree with the server: the webhook delivery policy, the rate-limit policy, the webhook
 * event catalogue (openapi/open-api.yaml `webhooks:`) and the signature samples (samples/signature).
 *
 * Small constants go to global data (usePluginData('fanshelf-platform-facts')); the large event
 * catalogue and samples go to generated JSON modules that only the pages using them import.
 */
export interface PlatformFacts {
  delivery: {
    retryDelaysMs: number[]
    /** From the first attempt to the last retry, before jitter. */
    retryWindowMs: number
    retryJitter: number
    maxAttempts: number
    responseTimeoutMs: number
    connectTimeoutMs: number
    maxResponseBytes: number
    loggedResponseBytes: number
    disableAfterFailingMs: number
    maxRetryAfterMs: number
    perEndpointConcurrency: number
    timestampToleranceSeconds: number
    signatureHeaders: Record<keyof typeof signatureHeaders, string>
    goneStatus: number
  }
  rateLimit: {
    limit: number
    windowMs: number
    maxWaitMs: number
    maxQueued: number
    headers: Record<keyof typeof rateLimitHeaders, string>
  }
  eventTypes: { stable: string[]; beta: string[] }
  storefront: {
    /** Currencies the storefront API converts to (the contract's StorefrontCurrency enum). */
    currencies: string[]
    /** Units of each currency per 1 USD, when the server's exchange-rate table exists. */
    usdRates: Record<string, number> | undefined
  }
  /** The merchant admin's roles, their action matrix and the one-time link rules (admin.ts). */
  admin: AdminFacts
  /** The MCP server's tools and what each OAuth scope unlocks (mcp.ts). */
  mcp: McpFacts
}

/** The light part of the catalogue, for pages that list events without their payloads. */
export interface GeneratedEventIndex {
  events: Array<Pick<WebhookEventDoc, 'type' | 'summary' | 'beta' | 'dataSchema'>>
  envelope: FieldDoc[]
}

export interface GeneratedEvents {
  events: WebhookEventDoc[]
  envelope: FieldDoc[]
}

/** A delivery signed at build time exactly as the server signs it, for readers to check their code against. */
export interface SignatureExample {
  secret: string
  standardKeyBase64: string
  id: string
  timestamp: number
  body: string
  hmacHeader: string
  signatureHeader: string
  /** The two header lines a reader should compute. */
  headers: string
  /** Build-time syntax tokens (config/code-tokens.ts) of the body and of the header lines. */
  bodyTokens: string
  headersTokens: string
}

interface Content {
  facts: PlatformFacts
  events: GeneratedEvents
  samples: SignatureSample[]
  signatureExample: SignatureExample
}

const contracts = ['open-api.yaml', 'open-api-beta.yaml', 'storefront-api.yaml'] as const

export default function platformFactsPlugin(context: LoadContext): Plugin<Content> {
  const repoRoot = path.resolve(context.siteDir, '../..')
  const contractDir = path.join(repoRoot, 'openapi')
  const samplesRoot = path.join(context.siteDir, 'samples')
  const samplesDir = path.join(samplesRoot, 'signature')

  return {
    name: 'fanshelf-platform-facts',

    getPathsToWatch() {
      return [
        ...contracts.map((file) => path.join(contractDir, file)),
        path.join(repoRoot, 'apps/api/src/modules/webhooks/delivery-policy.ts'),
        path.join(repoRoot, 'apps/api/src/modules/rate-limit/rate-limit-policy.ts'),
        path.join(repoRoot, 'apps/api/src/modules/admin/admin-permissions.ts'),
        path.join(repoRoot, 'apps/api/src/modules/people/people-policy.ts'),
        path.join(repoRoot, 'apps/api/src/modules/mcp/mcp-tools.ts'),
        path.join(repoRoot, 'apps/api/src/modules/mcp/mcp-access.ts'),
        path.join(samplesRoot, '**/*'),
      ]
    },

    async loadContent() {
      const contract = loadContract(path.join(contractDir, 'open-api.yaml'))
      const storefrontContract = loadContract(path.join(contractDir, 'storefront-api.yaml'))
      const events = webhookEvents(contract)
      const first = events[0]
      if (first === undefined) throw new Error('The contract lists no webhook events')
      const facts: PlatformFacts = {
        delivery: {
          retryDelaysMs: [...retryDelaysMs],
          retryWindowMs: retryDelaysMs.reduce((total, delay) => total + delay, 0),
          retryJitter,
          maxAttempts,
          responseTimeoutMs,
          connectTimeoutMs,
          maxResponseBytes,
          loggedResponseBytes,
          disableAfterFailingMs,
          maxRetryAfterMs,
          perEndpointConcurrency,
          timestampToleranceSeconds,
          signatureHeaders: { ...signatureHeaders },
          goneStatus,
        },
        rateLimit: { ...rateLimitDefaults, headers: { ...rateLimitHeaders } },
        eventTypes: {
          stable: events.filter((event) => !event.beta).map((event) => event.type),
          beta: events.filter((event) => event.beta).map((event) => event.type),
        },
        storefront: {
          currencies: storefrontCurrencies(storefrontContract),
          usdRates: await loadUsdRates(path.join(repoRoot, 'apps/api/src/modules/money/exchange-rates.ts')),
        },
        admin: adminFacts(),
        mcp: await mcpFacts(repoRoot),
      }
      return {
        facts,
        events: { events, envelope: envelopeFields(contract, first.type) },
        samples: await signatureSamples(samplesDir),
        signatureExample: signatureExample(events),
      }
    },

    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content.facts)
      await actions.createData('webhook-events.json', JSON.stringify(content.events))
      await actions.createData('signature-samples.json', JSON.stringify(content.samples))
      const index: GeneratedEventIndex = {
        events: content.events.events.map(({ type, summary, beta, dataSchema }) => ({
          type,
          summary,
          beta,
          dataSchema,
        })),
        envelope: content.events.envelope,
      }
      await actions.createData('webhook-event-index.json', JSON.stringify(index))
      await actions.createData('signature-example.json', JSON.stringify(content.signatureExample))
    },

    async postBuild({ outDir, content }) {
      const target = path.join(outDir, 'openapi')
      await mkdir(target, { recursive: true })
      await Promise.all(contracts.map((file) => copyFile(path.join(contractDir, file), path.join(target, file))))
      await assertEventAnchors(outDir, content.events.events)
    },
  }
}

function signatureExample(events: WebhookEventDoc[]): SignatureExample {
  const event = events.find((candidate) => candidate.type === 'NEWSLETTER_SUBSCRIBED') ?? events[0]
  const example: unknown = event === undefined ? {} : JSON.parse(event.exampleJson)
  const body = JSON.stringify(example)
  const secret = `whsec_${Buffer.from('fanshelf-docs-example-signing-key').toString('base64')}`
  const id = typeof example === 'object' && example !== null && 'id' in example ? String(example.id) : 'weve_example'
  const timestamp = 1_795_000_000
  const hmac = (key: Buffer | string, content: string) =>
    createHmac('sha256', key).update(content, 'utf8').digest('base64')
  // Platform HMAC: the whole secret string as UTF-8, under the platform's name and ours (same value);
  // Standard Webhooks: the decoded part after whsec_.
  const hmacHeader = hmac(secret, body)
  const signatureHeader = `v1,${hmac(Buffer.from(secret.slice('whsec_'.length), 'base64'), `${id}.${timestamp}.${body}`)}`
  const headers = [
    `${signatureHeaders.shop}: ${hmacHeader}`,
    `${signatureHeaders.fanshelfShop}: ${hmacHeader}`,
    `${signatureHeaders.signature}: ${signatureHeader}`,
  ].join('\n')
  return {
    secret,
    standardKeyBase64: secret.slice('whsec_'.length),
    id,
    timestamp,
    body,
    hmacHeader,
    signatureHeader,
    headers,
    bodyTokens: codeTokens(body, 'json'),
    headersTokens: codeTokens(headers, 'http'),
  }
}

function storefrontCurrencies(document: ReturnType<typeof loadContract>): string[] {
  const schema = document.components?.schemas?.StorefrontCurrency
  const values = schema && Array.isArray(schema.enum) ? schema.enum.map(String) : []
  if (values.length === 0) throw new Error('storefront-api.yaml has no StorefrontCurrency enum')
  return values
}

/**
 * The server's exchange-rate table (units per 1 USD), quoted by the storefront guide. Optional: the
 * first exported record of currency code → number is used.
 */
async function loadUsdRates(file: string): Promise<Record<string, number> | undefined> {
  if (!existsSync(file)) return undefined
  const module = (await import(file)) as Record<string, unknown>
  for (const value of Object.values(module)) {
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value)
      if (entries.length > 0 && entries.every(([key, rate]) => /^[A-Z]{3}$/.test(key) && typeof rate === 'number')) {
        return Object.fromEntries(entries) as Record<string, number>
      }
    }
  }
  return undefined
}

/** Every event of the contract must have its own heading on the stable or beta event-type page. */
async function assertEventAnchors(outDir: string, events: WebhookEventDoc[]) {
  const pages = {
    stable: await readFile(path.join(outDir, 'webhooks/webhook-event-types/index.html'), 'utf8'),
    beta: await readFile(path.join(outDir, 'webhooks/webhook-event-types-beta/index.html'), 'utf8'),
  }
  const missing = events.filter((event) => {
    const html = event.beta ? pages.beta : pages.stable
    // The HTML minifier drops attribute quotes where it can.
    return !new RegExp(`\\sid=("?)${eventAnchor(event.type)}\\1[\\s>]`).test(html)
  })
  if (missing.length > 0) {
    const list = missing.map((event) => `${event.type} (${event.beta ? 'beta' : 'stable'} page)`).join(', ')
    throw new Error(`Webhook events of the contract without a section in the event-type guides: ${list}`)
  }
}

/** The heading id Docusaurus derives from a heading that reads the event type, e.g. `order_placed`. */
export function eventAnchor(type: string): string {
  return type.toLowerCase()
}
