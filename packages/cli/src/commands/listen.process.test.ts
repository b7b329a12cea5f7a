import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildApp, loadConfig, seedDemo } from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureIo as capture } from '../testing/capture-io.js'
import { ListenStop, listenForWebhooks } from './listen.js'

/**
 * `fanshelf listen` as scripts, `nohup` and CI start it: stdin closed or not a terminal. It keeps
 * receiving, and whenever it stops it says why on stderr. The real app listens on 127.0.0.1 with
 * its in-process delivery worker; `listen` runs as its own process (`bin.ts`, as `npx fanshelf`).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

// Generous: starting `npx fanshelf` (tsx compiling the CLI) takes long on a loaded two-core machine.
// `seen` says what the process had printed by then, so a timeout shows why it never got there.
async function waitFor(what: string, condition: () => boolean, timeoutMs = 60_000, seen?: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${seen ? `\n${seen()}` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A webhook receiver that records the envelope ids it got. */
async function startReceiver() {
  const ids: string[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      ids.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

const savedEnv = { ...process.env }
let dataDir: string
let app: Awaited<ReturnType<typeof buildApp>>
let server: string
let apiUser: { username: string; password: string }
let shopId: string
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-listen-process-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  process.env.ROLES = 'api,worker'
  const config = loadConfig()
  app = await buildApp(config, { logger: false })
  const credentials = await seedDemo(app.platform.services.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: Date.now(),
  })
  const shop = credentials.shops[0]!
  apiUser = shop.apiUser
  shopId = shop.id
  await app.listen({ host: '127.0.0.1', port: 0 })
  server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  receiver = await startReceiver()
})

afterAll(async () => {
  await receiver?.close()
  await app?.close()
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const authorization = () => `Basic ${Buffer.from(`${apiUser.username}:${apiUser.password}`).toString('base64')}`
const configurationStatus = async (id: string) =>
  (await fetch(`${server}/open-api/v1.0/webhooks/${id}`, { headers: { authorization: authorization() } })).status

async function donate(): Promise<void> {
  await app.platform.services.donations.receiveDonation(shopId, {
    email: 'listen-test@example.com',
    amount: { value: 5, currency: 'USD' },
  })
}

function spawnListen(stdin: 'ignore' | 'pipe'): { child: ChildProcess; out: () => string; err: () => string } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/cli/src/bin.ts',
      'listen',
      '--forward-to',
      receiver.url,
      '--server',
      server,
      '--username',
      apiUser.username,
      '--password',
      apiUser.password,
      '--events',
      'DONATION',
      '--json',
    ],
    { cwd: repoRoot, stdio: [stdin, 'pipe', 'pipe'], env: { ...process.env, DATA_DIR: dataDir } },
  )
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  return { child, out: () => out, err: () => err }
}

const eventsOf = (out: string) =>
  out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event: string; configurationId?: string; id?: string })

describe('fanshelf listen without a terminal', { timeout: 120_000 }, () => {
  it.each([
    ['stdin is /dev/null (nohup, </dev/null)', 'ignore'],
    ['its stdin pipe is closed (a script)', 'pipe'],
  ] as const)('keeps receiving when %s, and says why it stops on SIGTERM', async (_case, stdin) => {
    const listen = spawnListen(stdin)
    const exited = new Promise<number | null>((resolve) => listen.child.once('exit', (code) => resolve(code)))
    try {
      await waitFor(
        'listen to be ready',
        () => eventsOf(listen.out()).some((e) => e.event === 'ready'),
        60_000,
        () => `exit code: ${listen.child.exitCode}\nstdout: ${listen.out()}\nstderr: ${listen.err()}`,
      )
      listen.child.stdin?.end()
      const configurationId = eventsOf(listen.out()).find((e) => e.event === 'ready')!.configurationId!
      const deliveriesBefore = receiver.ids.length

      for (const n of [1, 2]) {
        await donate()
        await waitFor(`delivery ${n} forwarded`, () => receiver.ids.length >= deliveriesBefore + n)
      }
      await waitFor(
        'listen to print both deliveries',
        () => eventsOf(listen.out()).filter((e) => e.event === 'delivery').length >= 2,
      )
      expect(listen.child.exitCode).toBe(null)
      expect(await configurationStatus(configurationId)).toBe(200)
      expect(listen.err()).toBe('')

      listen.child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(listen.err()).toContain('fanshelf listen: stopping: received SIGTERM.')
      expect(eventsOf(listen.out()).some((e) => e.event === 'removed')).toBe(true)
      expect(await configurationStatus(configurationId)).toBe(404)
    } finally {
      if (listen.child.exitCode === null) listen.child.kill('SIGKILL')
    }
  })

  it('stops by itself, saying why, when its configuration is deleted on the server', async () => {
    const output = capture()
    let configurationId = ''
    const listening = listenForWebhooks(
      {
        forwardTo: receiver.url,
        server,
        credentials: apiUser,
        events: ['DONATION'],
        checkIntervalMs: 20,
        onReady: (session) => {
          configurationId = session.configurationId
        },
      },
      output.io,
      new AbortController().signal,
    )
    await waitFor('listen to be ready', () => configurationId !== '')
    const deleted = await fetch(`${server}/open-api/v1.0/webhooks/${configurationId}`, {
      method: 'DELETE',
      headers: { authorization: authorization() },
    })
    expect(deleted.status).toBe(200)
    await listening
    expect(output.err).toContain(
      `fanshelf listen: stopping: webhook configuration ${configurationId} no longer exists on ${server}`,
    )
    expect(output.err).not.toContain('could not remove')
  })

  it('keeps listening while the server cannot be reached, and says so', async () => {
    // A stand-in server that accepts the configuration, then goes away.
    const stub = http.createServer((request, response) => {
      response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ id: 'wh_stub', secret: 'whsec_stub', allowedTypes: ['DONATION'] }))
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
    const output = capture()
    const stop = new AbortController()
    let settled = false
    const listening = listenForWebhooks(
      { forwardTo: receiver.url, server: stubUrl, credentials: apiUser, events: ['DONATION'], checkIntervalMs: 20 },
      output.io,
      stop.signal,
    ).finally(() => {
      settled = true
    })
    await waitFor('listen to be ready', () => output.out.includes('Ready:'))
    await new Promise<void>((resolve) => {
      stub.close(() => resolve())
      stub.closeAllConnections()
    })
    await waitFor('the unreachable notice', () => output.err.includes('cannot reach the Fanshelf server'))
    expect(output.err).toContain('still listening')
    expect(settled).toBe(false)

    stop.abort(new ListenStop('received SIGINT'))
    await listening
    expect(output.err).toContain('fanshelf listen: stopping: received SIGINT.')
    expect(output.err).toContain('could not remove webhook configuration wh_stub')
  })
})
