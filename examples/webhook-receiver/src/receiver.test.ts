import { type ChildProcess, spawn } from 'node:child_process'
import { createHmac, randomBytes } from 'node:crypto'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createOpenApiClient, type WebhookEvent } from '@fanshelf/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RealServer, startRealServer } from '../../../packages/sdk/src/testing/real-server.js'
import { createReceiver } from './receiver.js'

const exampleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const secret = `whsec_${randomBytes(24).toString('base64')}`

function envelope(overrides: Partial<{ id: string; testMode: boolean }> = {}) {
  return JSON.stringify({
    testMode: false,
    id: `weve_${randomBytes(12).toString('base64url')}`,
    webhookId: 'wcon_Zx9cV4bN7mQ2wE5rT8yU1i',
    shopId: 'sh_6b0e6f3a-2f4c-4a8e-9d1b-7c5e2a9f4d10',
    type: 'DONATION',
    apiVersion: 'V1',
    createdAt: new Date().toISOString(),
    data: { id: 'don_Vn4kP8sQ2wXy6ZbR1tLm3A' },
    ...overrides,
  })
}

/** Signs like Fanshelf does (node:crypto, per the documented recipes). */
function signed(body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const id = (JSON.parse(body) as { id: string }).id
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  return {
    'content-type': 'application/json',
    'x-fourthwall-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    'x-fanshelf-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  }
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

describe('the webhook receiver', () => {
  const handled: WebhookEvent[] = []
  const logs: string[] = []
  let receiver: http.Server
  let url: string

  beforeAll(async () => {
    receiver = createReceiver({ secret, onEvent: (event) => void handled.push(event), log: (line) => logs.push(line) })
    url = `${await listen(receiver)}/webhooks`
  })
  afterAll(() => close(receiver))

  it('acknowledges a correctly signed delivery with 2xx and handles it', async () => {
    const body = envelope()
    const response = await fetch(url, { method: 'POST', headers: signed(body), body })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    await expect.poll(() => handled.map((e) => e.id)).toContain(JSON.parse(body).id)
  })

  it('acknowledges a duplicate delivery (same event id) without handling it again', async () => {
    const body = envelope()
    const first = await fetch(url, { method: 'POST', headers: signed(body), body })
    const retry = await fetch(url, { method: 'POST', headers: signed(body), body })
    expect(first.status).toBe(200)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ received: true, duplicate: true })
    const id = JSON.parse(body).id as string
    await expect.poll(() => handled.filter((e) => e.id === id)).toHaveLength(1)
    expect(logs.some((line) => line.startsWith(`duplicate DONATION ${id}`))).toBe(true)
  })

  it('rejects a tampered body, a forged id and a stale timestamp with 401, handling nothing', async () => {
    const body = envelope()
    const headers = signed(body)
    const tampered = body.replace('"testMode":false', '"testMode":true')
    const forgedId = { ...headers, 'webhook-id': 'weve_forged000000000000' }
    const stale = signed(body, Math.floor(Date.now() / 1000) - 600)
    for (const [sentBody, sentHeaders] of [
      [tampered, headers],
      [body, forgedId],
      [body, stale],
    ] as const) {
      const response = await fetch(url, { method: 'POST', headers: sentHeaders, body: sentBody })
      expect(response.status).toBe(401)
    }
    expect(handled.map((e) => e.id)).not.toContain(JSON.parse(body).id)
  })

  it('answers 404 off its path and 405 to other methods', async () => {
    expect((await fetch(url.replace('/webhooks', '/elsewhere'), { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(url)).status).toBe(405)
  })
})

describe('npm start (src/server.ts)', () => {
  let child: ChildProcess | undefined
  afterAll(() => {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM')
  })

  it('starts from the environment, verifies with the configured secret, and refuses to start without one', async () => {
    const port = 3000 + Math.floor(Math.random() * 2000) + 20_000
    const run = (env: Record<string, string>) =>
      spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: exampleDir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      })

    const unconfigured = run({ FANSHELF_WEBHOOK_SECRET: '' })
    const exitCode = await new Promise((resolve) => unconfigured.on('exit', resolve))
    expect(exitCode).toBe(1)

    child = run({ FANSHELF_WEBHOOK_SECRET: secret, PORT: String(port) })
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    await expect.poll(() => output, { timeout: 20_000 }).toContain(`http://127.0.0.1:${port}/webhooks`)
    const body = envelope()
    const accepted = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers: signed(body), body })
    expect(accepted.status).toBe(200)
    await expect.poll(() => output).toContain(`DONATION ${JSON.parse(body).id}`)
    const tampered = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: signed(body),
      body: body.replace('don_', 'don_x'),
    })
    expect(tampered.status).toBe(401)
  })
})

describe('real deliveries from the Fanshelf server', () => {
  let server: RealServer
  let receiver: http.Server
  const handled: WebhookEvent[] = []
  const logs: string[] = []

  beforeAll(async () => {
    server = await startRealServer()
  })
  afterAll(async () => {
    if (receiver) await close(receiver)
    await server?.close()
  })

  it('verifies and handles a test event, and de-duplicates its replay', async () => {
    const client = createOpenApiClient({ baseUrl: server.origin, auth: server.demo.apiUser })
    const { secret: shopSecret } = await client.getWebhookSecret()
    receiver = createReceiver({
      secret: shopSecret,
      onEvent: (event) => void handled.push(event),
      log: (line) => logs.push(line),
    })
    const url = `${await listen(receiver)}/webhooks`
    const configuration = await client.createWebhookConfiguration({ body: { url, allowedTypes: ['ORDER_PLACED'] } })

    const test = await client.sendWebhookTestEvent({
      path: { webhookConfigurationId: configuration.id },
      body: { type: 'ORDER_PLACED' },
    })
    await expect.poll(() => handled.map((e) => e.id), { timeout: 15_000 }).toContain(test.id)
    expect(handled[0]).toMatchObject({ type: 'ORDER_PLACED', testMode: true, shopId: server.demo.id })
    expect(logs.some((line) => line.startsWith(`ORDER_PLACED ${test.id} (test): order `))).toBe(true)

    await client.replayWebhookEvent({ path: { webhookEventId: test.id } })
    await expect
      .poll(() => logs.filter((line) => line.startsWith(`duplicate ORDER_PLACED ${test.id}`)), { timeout: 15_000 })
      .toHaveLength(1)
    expect(handled.filter((e) => e.id === test.id)).toHaveLength(1)
    await expect
      .poll(async () => (await client.getWebhookEvent({ path: { webhookEventId: test.id } })).state, {
        timeout: 15_000,
      })
      .toBe('DELIVERED')
  })
})
