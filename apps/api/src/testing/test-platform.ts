import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp, sharedContract } from '../app.js'
import { type Clock, ManualClock } from '../clock.js'
import { type Config, parseConfig } from '../config.js'
import { migrateToLatest } from '../db/database.js'
import type { Contract, Operation } from '../http/contract.js'
import { compileSchema } from '../http/validation.js'
import type { DemoCredentials } from '../seed/demo-seed.js'
import { seedDemo } from '../seed/demo-seed.js'
import { checkAdminResponsesOf } from './admin-responses.js'
import { createTestDatabase } from './test-database.js'

/**
 * Boots the whole app in process (app.inject), on a fresh database seeded with the demo shops,
 * with a ManualClock. `call()` addresses operations by operationId, builds the URL from the
 * contract and fails the test when a response does not match its documented schema. The merchant
 * admin's backend is held to admin-api.yaml the same way: every `/admin/api/…` answer of
 * `app.inject` must be documented there (admin-responses.ts).
 */

export type Auth =
  | { basic: { username: string; password: string } }
  | { bearer: string }
  | { storefrontToken: string }
  | { header: string }
  | 'none'

export interface CallOptions {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | (string | number)[]>
  body?: unknown
  rawBody?: string
  contentType?: string
  headers?: Record<string, string>
  auth?: Auth
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies; the harness validates them against the contract.
export interface CallResult<T = any> {
  status: number
  body: T
  headers: LightMyRequestResponse['headers']
  response: LightMyRequestResponse
}

export interface TestPlatform {
  app: FastifyInstance
  clock: ManualClock
  config: Config
  contract: Contract
  credentials: DemoCredentials
  demo: DemoCredentials['shops'][number]
  other: DemoCredentials['shops'][number]
  /** Basic auth of the demo shop's API user (or another shop's). */
  asDemo: Auth
  asOther: Auth
  operation(operationId: string): Operation
  url(operationId: string, params?: Record<string, string>, query?: CallOptions['query']): string
  // biome-ignore lint/suspicious/noExplicitAny: as CallResult.
  call<T = any>(operationId: string, options?: CallOptions): Promise<CallResult<T>>
  close(): Promise<void>
}

const schemaCache = new WeakMap<object, ValidateFunction>()

function validatorFor(schema: object): ValidateFunction {
  let validate = schemaCache.get(schema)
  if (!validate) {
    validate = compileSchema(schema as Record<string, unknown>)
    schemaCache.set(schema, validate)
  }
  return validate
}

function errorSchemaFor(contract: Contract, operation: Operation, status: number): object | undefined {
  const documented = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`]
  if (documented) return documented
  // Undocumented statuses still must use the shared error shape.
  const components = (contract.documents.open.components as Record<string, Record<string, object>>).schemas
  return components?.Error
}

export function searchParams(query: CallOptions['query'] = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function authHeaders(auth: Auth | undefined): Record<string, string> {
  if (!auth || auth === 'none') return {}
  if ('basic' in auth) {
    return { authorization: `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString('base64')}` }
  }
  if ('bearer' in auth) return { authorization: `Bearer ${auth.bearer}` }
  if ('header' in auth) return { authorization: auth.header }
  return {}
}

export async function createTestPlatform(
  options: {
    env?: Record<string, string>
    overrides?: Partial<Config>
    appClock?: Clock
    /** Where the app's log lines go (none by default). */
    logStream?: NodeJS.WritableStream
  } = {},
): Promise<TestPlatform> {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12, 0, 0))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-test-'))
  // Throttled answers are sent at once here (a held answer would wait for the manual clock); the
  // hold itself is tested on its own (credential-floods.routes.test.ts).
  const config = parseConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_THROTTLED_DELAY_MS: '0', ...options.env },
    options.overrides,
  )
  const database = await createTestDatabase()
  await migrateToLatest(database.db)
  const contract = await sharedContract(config)
  const app = await buildApp(config, {
    clock: options.appClock ?? clock,
    database,
    contract,
    logger: options.logStream ?? false,
  })
  await app.ready()
  checkAdminResponsesOf(app)
  const credentials = await seedDemo(database.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: clock.now(),
  })
  const [demo, other] = credentials.shops
  if (!demo || !other) throw new Error('The demo seed must create two shops')

  const operation = (operationId: string) => {
    const found = contract.operations.find((op) => op.operationId === operationId)
    if (!found) throw new Error(`No operation ${operationId} in the contract`)
    return found
  }
  const url = (operationId: string, params: Record<string, string> = {}, query?: CallOptions['query']) => {
    const op = operation(operationId)
    const pathname = op.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      if (!(name in params)) throw new Error(`${operationId} needs path parameter ${name}`)
      return encodeURIComponent(params[name] as string)
    })
    return pathname + searchParams(query)
  }

  const platform: TestPlatform = {
    app,
    clock,
    config,
    contract,
    credentials,
    demo,
    other,
    asDemo: { basic: demo.apiUser },
    asOther: { basic: other.apiUser },
    operation,
    url,
    async call(operationId, callOptions = {}) {
      const op = operation(operationId)
      const auth = callOptions.auth ?? platform.asDemo
      const query = { ...callOptions.query }
      if (auth !== 'none' && 'storefrontToken' in auth) query.storefront_token = auth.storefrontToken
      const payload =
        callOptions.rawBody ?? (callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body))
      const response = await app.inject({
        method: op.method,
        url: url(operationId, callOptions.params, query),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': callOptions.contentType ?? 'application/json' }),
          ...authHeaders(auth),
          ...callOptions.headers,
        },
        ...(payload === undefined ? {} : { payload }),
      })
      const text = response.body
      const body = text && response.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text
      if (response.statusCode !== 499) {
        const schema =
          response.statusCode < 300
            ? op.responses[String(response.statusCode)]
            : errorSchemaFor(contract, op, response.statusCode)
        if (schema && text) {
          const validate = validatorFor(schema)
          if (!validate(body)) {
            throw new Error(
              `${operationId} answered ${response.statusCode} with a body that breaks its documented schema:\n` +
                `${JSON.stringify(validate.errors, null, 2)}\nbody: ${text.slice(0, 2000)}`,
            )
          }
        }
      }
      if (!response.headers['request-id']) throw new Error(`${operationId} answered without a Request-Id header`)
      return { status: response.statusCode, body, headers: response.headers, response }
    },
    async close() {
      await app.close()
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return platform
}
