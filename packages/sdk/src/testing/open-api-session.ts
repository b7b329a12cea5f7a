import { afterAll, beforeAll, expect } from 'vitest'
import { FanshelfApiError } from '../errors.js'
import { operationRoutes } from '../generated/operations.js'
import { createOpenApiClient, type OpenApiClient } from '../open-api-client.js'
import { type RealServer, startRealServer } from './real-server.js'

/**
 * The SDK against the real server (built in process, listening on 127.0.0.1), shared by the suites of
 * open-api.integration.test.ts: a client that records which operations it called, so that the last
 * test can check every open API and beta operation the server serves was called. `server` and
 * `client` are live bindings, set by `setUpOpenApiSession()` before the tests.
 */

export let server: RealServer
export let client: OpenApiClient
export const called = new Set<string>()

/** Records which operations a client calls (by method, `call()` or `paginate()`). */
export function tracked<C extends object>(target: C): C {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver)
      if (typeof property !== 'string' || typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      if (property === 'call' || property === 'paginate') {
        return (operationId: string, ...rest: unknown[]) => {
          called.add(operationId)
          return method(operationId, ...rest)
        }
      }
      if (!(property in operationRoutes)) return value
      return (...args: unknown[]) => {
        called.add(property)
        return method(...args)
      }
    },
  })
}

export async function apiError(promise: Promise<unknown>): Promise<FanshelfApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FanshelfApiError)
  return error as FanshelfApiError
}

/** Starts the server before the calling file's tests and stops it after them. */
export function setUpOpenApiSession(): void {
  beforeAll(async () => {
    server = await startRealServer()
    client = tracked(createOpenApiClient({ baseUrl: server.origin, auth: server.demo.apiUser }))
  })
  afterAll(async () => {
    await server?.close()
  })
}
