import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  buildApp,
  loadConfig,
  recordRunningServer,
  seedDemo,
  sharedContract,
  webhookEventTypes,
  writeDemoCredentials,
} from '@fanshelf/api'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'
import { type ListenSession, listenForWebhooks } from './listen.js'
import type { TriggerReport } from './trigger.js'

/**
 * `fanshelf trigger` for every event type delivers that type to `fanshelf listen`: the real app
 * listens on 127.0.0.1 with its in-process delivery worker, on a file SQLite database in a temp
 * DATA_DIR that the CLI commands share; listen forwards to a real local receiver.
 */

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  envelope: { id: string; type: string; webhookId: string; shopId: string; data: unknown }
}

/** A webhook receiver: records every request; answers 500 to the first attempt of `failOnce` types. */
async function startReceiver(failOnce: Set<string>) {
  const requests: Received[] = []
  const failed = new Set<string>()
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const envelope = JSON.parse(body) as Received['envelope']
      requests.push({ headers: request.headers, body, envelope })
      if (failOnce.has(envelope.type) && !failed.has(envelope.id)) {
        failed.add(envelope.id)
        response.writeHead(500).end('not now')
        return
      }
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const savedEnv = { ...process.env }
let dataDir: string
let app: Awaited<ReturnType<typeof buildApp>>
let server: string
let credentials: Awaited<ReturnType<typeof seedDemo>>
let receiver: Awaited<ReturnType<typeof startReceiver>>
let session: ListenSession
const listenOutput = capture()
const stopListening = new AbortController()
let listening: Promise<void>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-trigger-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  process.env.LOG_LEVEL = 'silent'
  process.env.ROLES = 'api,worker'
  const config = loadConfig()
  app = await buildApp(config, { logger: false })
  credentials = await seedDemo(app.platform.services.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: Date.now(),
  })
  writeDemoCredentials(dataDir, credentials)
  await app.listen({ host: '127.0.0.1', port: 0 })
  server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  // As `npm start` does once it listens: the commands run beside it take its origin from DATA_DIR.
  recordRunningServer(dataDir, { publicUrl: server })
  receiver = await startReceiver(new Set(['DONATION']))
  const ready = new Promise<ListenSession>((resolve, reject) => {
    listening = listenForWebhooks(
      {
        forwardTo: receiver.url,
        server,
        credentials: credentials.shops[0]!.apiUser,
        events: webhookEventTypes,
        onReady: resolve,
      },
      listenOutput.io,
      stopListening.signal,
    )
    listening.catch(reject)
  })
  session = await ready
})

afterAll(async () => {
  stopListening.abort()
  await listening?.catch(() => {})
  await receiver?.close()
  await app?.close()
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf trigger → fanshelf listen', () => {
  const reports = new Map<string, TriggerReport>()

  it('registers listen’s configuration for every event type and prints the shop’s secret', () => {
    expect(session.configurationId).toMatch(/^wcon_/)
    expect(session.listenerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fanshelf-listen$/)
    expect(session.allowedTypes).toEqual([...webhookEventTypes])
    expect(session.secret).toMatch(/^whsec_/)
    expect(listenOutput.out).toContain(`secret      ${session.secret}`)
  })

  it('performs the real action for every event type, recording that type with a delivery to listen', async () => {
    for (const type of webhookEventTypes) {
      const c = capture()
      const code = await run(['trigger', type, '--json'], c.io)
      expect({ type, code, err: c.err }).toEqual({ type, code: 0, err: '' })
      const report = JSON.parse(c.out) as TriggerReport
      expect(report.type).toBe(type)
      expect(report.shopId).toBe(credentials.shops[0]!.id)
      const recorded = report.events.filter((event) => event.type === type)
      expect(recorded.length, `${type} recorded`).toBeGreaterThan(0)
      expect(recorded.flatMap((event) => event.deliveryIds).length, `${type} delivered`).toBeGreaterThan(0)
      reports.set(type, report)
    }
  }, 45_000)

  it('delivers every type to listen, which forwards it with valid signatures', async () => {
    const received = (type: string) => receiver.requests.filter((request) => request.envelope.type === type)
    await waitFor('a delivery of every type', () => webhookEventTypes.every((type) => received(type).length > 0))
    const shopHooks = new Webhook(session.secret)
    // Some actions record other types first (an order for PROMOTION_UPDATED, a gift purchase for a draw).
    const recorded = (type: string) =>
      [...reports.values()].flatMap((r) => r.events.filter((e) => e.type === type).flatMap((e) => e.deliveryIds))
    for (const type of webhookEventTypes) {
      const report = reports.get(type) as TriggerReport
      for (const request of received(type)) {
        expect(recorded(type), `${type} envelope id`).toContain(request.envelope.id)
        expect(request.headers['webhook-id']).toBe(request.envelope.id)
        expect(request.headers['user-agent']).toBe('Fanshelf-Webhooks/1.0')
        if (type === 'PLATFORM_APP_DISCONNECTED') {
          // Sent to the disconnected app's own configuration (at listen's URL), signed with its key.
          const appKey = report.details.appWebhookHmacKey as string
          expect(request.envelope.data).toEqual({ appId: report.details.appId, shopId: report.shopId })
          expect(request.headers['x-fanshelf-hmac-apps-sha256']).toBe(
            createHmac('sha256', appKey).update(request.body).digest('base64'),
          )
          expect(() =>
            new Webhook(appKey).verify(request.body, request.headers as Record<string, string>),
          ).not.toThrow()
        } else {
          expect(request.envelope.webhookId).toBe(session.configurationId)
          expect(request.headers['x-fanshelf-hmac-sha256']).toBe(
            createHmac('sha256', session.secret).update(request.body).digest('base64'),
          )
          expect(() => shopHooks.verify(request.body, request.headers as Record<string, string>)).not.toThrow()
        }
      }
    }
  })

  it('delivers payloads that validate against the contract’s webhook schema of their type', async () => {
    const contract = await sharedContract(loadConfig())
    const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
    const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, discriminator: true }))
    for (const type of webhookEventTypes) {
      const schema = contract.webhookEvents.get(type)?.envelope
      expect(schema, `the contract's ${type} webhook`).toBeDefined()
      const validate = ajv.compile(schema as object)
      for (const request of receiver.requests.filter((r) => r.envelope.type === type)) {
        expect(validate(request.envelope), `${type}: ${JSON.stringify(validate.errors)}`).toBe(true)
      }
    }
  })

  it('writes links into payloads that point at the running server, not at its own default origin', () => {
    // This process has no PORT or PUBLIC_URL: its configuration names the default origin.
    expect(loadConfig().publicUrl).not.toBe(server)
    const links = receiver.requests.flatMap((request) =>
      [...request.body.matchAll(/"(redeemUri|redeemUrl|mediaUrl)":"([^"]+)"/g)].map(([, field, url]) => ({
        type: request.envelope.type,
        field,
        url,
      })),
    )
    expect(links.map((link) => `${link.type}.${link.field}`)).toEqual(
      expect.arrayContaining(['GIFT_DRAW_ENDED.redeemUri', 'THANK_YOU_SENT.mediaUrl']),
    )
    for (const link of links)
      expect(link, 'a link outside the running server').toMatchObject({
        url: expect.stringMatching(new RegExp(`^${server}/`)),
      })
  })

  it('answers the platform with the target’s status, so a failed forward is retried and shown', async () => {
    const id = reports.get('DONATION')?.events.find((e) => e.type === 'DONATION')?.deliveryIds[0]
    const attempts = () => receiver.requests.filter((request) => request.envelope.id === id)
    // The first attempt was answered 500; the platform retries after 5 s (±10 %).
    await waitFor('the retry of the DONATION delivery', () => attempts().length >= 2, 15_000)
    const [first, retry] = attempts()
    expect(retry?.body).toBe(first?.body)
    expect(listenOutput.out).toContain(`DONATION  ${id}  attempt 1`)
    expect(listenOutput.out).toContain(`${receiver.url} answered 500`)
    await waitFor('listen to print the second attempt', () => listenOutput.out.includes(`DONATION  ${id}  attempt 2`))
  }, 20_000)

  it('prints what it did and the event with its deliveries as text', async () => {
    const c = capture()
    expect(await run(['trigger', 'newsletter_subscribed'], c.io)).toBe(0)
    expect(c.out).toMatch(/^NEWSLETTER_SUBSCRIBED in shop sh_/)
    expect(c.out).toMatch(/newsletter\.[0-9a-f]+@example\.com joined the mailing list \(mle_/)
    expect(c.out).toMatch(/evt_\S+ {2}NEWSLETTER_SUBSCRIBED {2}→ 1 delivery: weve_/)
  })

  it('listen removes its configuration when its signal aborts; later events reach nobody', async () => {
    stopListening.abort()
    await listening
    expect(listenOutput.out).toContain(`Removed webhook configuration ${session.configurationId}.`)
    const authorization = `Basic ${Buffer.from(`${credentials.shops[0]!.apiUser.username}:${credentials.shops[0]!.apiUser.password}`).toString('base64')}`
    const gone = await fetch(`${server}/open-api/v1.0/webhooks/${session.configurationId}`, {
      headers: { authorization },
    })
    expect(gone.status).toBe(404)
    const c = capture()
    expect(await run(['trigger', 'DONATION', '--json'], c.io)).toBe(0)
    const report = JSON.parse(c.out) as TriggerReport
    expect(report.events.find((event) => event.type === 'DONATION')?.deliveryIds).toEqual([])
  })

  it.each([
    [['trigger'], 'the event type is required'],
    [['trigger', 'ORDER_SHIPPED'], 'unknown event type "ORDER_SHIPPED"; the types are ORDER_PLACED, ORDER_UPDATED'],
    [['trigger', 'DONATION', 'extra'], 'unexpected argument "extra"'],
    [['trigger', 'DONATION', '--app', 'app_x'], '--app only applies to PLATFORM_APP_DISCONNECTED'],
    [['trigger', 'DONATION', '--bogus'], 'Unknown option'],
  ])('exits 2 with the usage for %j', async (args, message) => {
    const c = capture()
    expect(await run(args, c.io)).toBe(2)
    expect(c.err).toContain(message)
    expect(c.err).toContain('Usage: fanshelf trigger <EVENT_TYPE>')
  })

  it('exits 1 for a shop that does not exist', async () => {
    const c = capture()
    expect(await run(['trigger', 'DONATION', '--shop', 'sh_nope'], c.io)).toBe(1)
    expect(c.err).toContain('shop sh_nope does not exist')
  })
})
