import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, sharedContract } from '../app.js'
import { ManualClock } from '../clock.js'
import { parseConfig } from '../config.js'
import type { DatabaseHandle } from '../db/database.js'
import { migrateToLatest } from '../db/database.js'
import { type DemoCredentials, seedDemo } from '../seed/demo-seed.js'
import { createTestDatabase } from '../testing/test-database.js'
import { formatLogLine, redactUrl } from './request-log.js'

// What people see in the log: a newcomer's terminal (LOG_FORMAT unset: text) shows one readable
// line per request that went wrong and nothing per success; operators (LOG_FORMAT=json) get JSON
// lines for every request. Either way each line names its request by the id the client got in
// `Request-Id`, and none carries a credential — whatever the request sent and whatever a handler logs.

interface LoggedApp {
  app: FastifyInstance
  lines: string[]
  demo: DemoCredentials['shops'][number]
  close(): Promise<void>
}

async function bootApp(env: Record<string, string>, options: { dumpRequests?: boolean } = {}): Promise<LoggedApp> {
  const lines: string[] = []
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-log-'))
  const config = parseConfig({ DATA_DIR: dataDir, ...env })
  const database: DatabaseHandle = await createTestDatabase()
  await migrateToLatest(database.db)
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12, 0, 0))
  const app = await buildApp(config, { clock, database, contract: await sharedContract(config), logger: capture })
  if (options.dumpRequests) {
    // A careless handler that dumps whatever arrives: the redaction still censors it.
    app.addHook('preHandler', async (request) => {
      request.log.info({ headers: request.headers, body: request.body, query: request.query }, 'request dump')
    })
  }
  app.get('/test/boom', async () => {
    throw new Error('database exploded at /var/lib/secret-path')
  })
  await app.ready()
  const credentials = await seedDemo(database.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: clock.now(),
  })
  return {
    app,
    lines,
    demo: credentials.shops[0] as DemoCredentials['shops'][number],
    async close() {
      await app.close()
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const operationUrl = (app: FastifyInstance, operationId: string) => {
  const operation = app.platform.contract.operations.find((op) => op.operationId === operationId)
  if (!operation) throw new Error(`no operation ${operationId}`)
  return operation.url
}

describe.each([
  ['json', { LOG_FORMAT: 'json', LOG_LEVEL: 'trace' }],
  ['text', { LOG_LEVEL: 'trace' }],
] as const)('request logs (%s format, every level)', (format, env) => {
  let logged: LoggedApp
  beforeAll(async () => {
    logged = await bootApp(env, { dumpRequests: true })
  })
  afterAll(() => logged.close())

  it('never contain a credential a request carried', async () => {
    const { app, lines, demo } = logged
    const urlOf = (operationId: string) => operationUrl(app, operationId)
    const owner = demo.admins.find((admin) => admin.role === 'SUPER_ADMIN')
    if (!owner) throw new Error('the demo shop has an owner')
    const bearer = 'fsat_bearer-credential-that-must-not-be-logged'
    const clientSecret = 'client-secret-that-must-not-be-logged'
    const basic = Buffer.from(`${demo.apiUser.username}:${demo.apiUser.password}`).toString('base64')

    const orders = urlOf('listOrders')
    const responses = [
      await app.inject({ url: orders, headers: { authorization: `Basic ${basic}` } }),
      await app.inject({ url: orders, headers: { authorization: `Bearer ${bearer}` } }),
      await app.inject({ url: `${urlOf('listCollections')}?storefront_token=${demo.storefrontToken}&size=5` }),
      await app.inject({
        method: 'POST',
        url: '/open-api/v1.0/platform/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=authorization_code&code=auth-code-secret&client_id=app_x&client_secret=${clientSecret}`,
      }),
    ]
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: owner.email, password: owner.password },
    })
    expect(signIn.statusCode).toBe(200)
    const cookie = signIn.cookies.find((c) => c.name === 'fanshelf_admin_session')
    if (!cookie) throw new Error('sign-in sets the session cookie')
    const csrfToken = (signIn.json() as { csrfToken: string }).csrfToken
    responses.push(
      signIn,
      await app.inject({
        url: '/admin/api/session',
        headers: { cookie: `fanshelf_admin_session=${cookie.value}`, 'x-csrf-token': csrfToken },
      }),
    )

    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 200, 401, 200, 200])
    const log = lines.join('\n')
    for (const secret of [
      demo.apiUser.password,
      basic,
      bearer,
      demo.storefrontToken,
      clientSecret,
      'auth-code-secret',
      owner.password,
      cookie.value,
      csrfToken,
    ]) {
      expect(log, `the log holds ${secret}`).not.toContain(secret)
    }
    // The lines are still there, credentials masked.
    expect(log).toContain(
      format === 'json' ? 'storefront_token=[REDACTED]&size=5' : 'query={"storefront_token":"[REDACTED]","size":"5"}',
    )
    expect(log).toContain('"authorization":"[REDACTED]"')
  })
})

describe('request logs for operators (LOG_FORMAT=json)', () => {
  let logged: LoggedApp
  let app: FastifyInstance
  let lines: string[]
  beforeAll(async () => {
    logged = await bootApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'trace' })
    ;({ app, lines } = logged)
  })
  afterAll(() => logged.close())
  const parsedLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  const linesOf = (requestId: string) => parsedLines().filter((line) => line.requestId === requestId)

  it('are JSON lines for every request, naming it by the id the client got', async () => {
    const response = await app.inject({ url: '/healthz' })
    const requestId = String(response.headers['request-id'])
    expect(requestId).not.toBe('')
    const messages = linesOf(requestId).map((line) => line.msg)
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
    expect(lines.length).toBe(parsedLines().length)
  })

  it('let an operator find the cause of a 5xx by the id quoted in its body, which names nothing internal', async () => {
    const response = await app.inject({ url: '/test/boom' })
    expect(response.statusCode).toBe(500)
    const requestId = String(response.headers['request-id'])
    const body = response.json() as { code: string; message: string }
    expect(body.code).toBe('INTERNAL_ERROR')
    expect(body.message).toContain(requestId)
    expect(body.message).not.toContain('secret-path')
    const errorLine = linesOf(requestId).find((line) => line.msg === 'unhandled error')
    expect(errorLine?.err).toMatchObject({ message: expect.stringContaining('secret-path') })
  })
})

describe('request logs for a newcomer (the default: text at info)', () => {
  let logged: LoggedApp
  let app: FastifyInstance
  let lines: string[]
  beforeAll(async () => {
    logged = await bootApp({})
    ;({ app, lines } = logged)
  })
  afterAll(() => logged.close())

  it('say nothing about requests answered 2xx', async () => {
    const before = lines.length
    const answers = [
      await app.inject({ url: '/healthz' }),
      await app.inject({
        url: `${operationUrl(app, 'listCollections')}?storefront_token=${logged.demo.storefrontToken}`,
      }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect(lines.slice(before)).toEqual([])
  })

  it('give one readable line per 4xx: time, level, method, path with secrets masked, status, duration, request id', async () => {
    const before = lines.length
    const response = await app.inject({
      url: `${operationUrl(app, 'listCollections')}?storefront_token=ptkn_wrong&size=5`,
    })
    expect(response.statusCode).toBe(401)
    const requestId = String(response.headers['request-id'])
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\d{2}:\\d{2}:\\d{2}\\.\\d{3}  WARN   GET /v1/collections\\?storefront_token=\\[REDACTED\\]&size=5 → 401 \\(\\d+ ms\\)  ${requestId}$`,
        ),
      ),
    ])
    expect(lines.join('\n')).not.toContain('ptkn_wrong')
  })

  it('give a 5xx an ERROR line and its cause with the stack, both naming the request id', async () => {
    const before = lines.length
    const response = await app.inject({ url: '/test/boom' })
    expect(response.statusCode).toBe(500)
    const requestId = String(response.headers['request-id'])
    const text = lines.slice(before).join('\n')
    expect(text).toMatch(new RegExp(`ERROR  unhandled error  ${requestId}\\n    Error: database exploded`))
    expect(text).toMatch(new RegExp(`ERROR  GET /test/boom → 500 \\(\\d+ ms\\)  ${requestId}`))
  })
})

describe('formatLogLine', () => {
  it('writes a worker’s JSON entry as a text line and passes other text through', () => {
    const line = JSON.stringify({ level: 'warn', time: '2026-11-02T12:00:00.000Z', msg: 'delivery failed', attempt: 2 })
    expect(formatLogLine(line)).toBe('12:00:00.000  WARN   delivery failed  attempt=2\n')
    expect(formatLogLine('not json')).toBe('not json\n')
  })
})

describe('redactUrl', () => {
  it('masks credential-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/v1/shop?storefront_token=ptkn_abc&currency=EUR')).toBe(
      '/v1/shop?storefront_token=[REDACTED]&currency=EUR',
    )
    expect(redactUrl('/cb?code=xyz&state=s&STOREFRONT_TOKEN=t')).toBe(
      '/cb?code=[REDACTED]&state=s&STOREFRONT_TOKEN=[REDACTED]',
    )
    expect(redactUrl('/healthz')).toBe('/healthz')
  })
})
