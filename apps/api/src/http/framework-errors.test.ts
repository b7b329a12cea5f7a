import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { answerFrameworkError } from './error-handler.js'

/**
 * Regression (found by contract fuzzing, decision 0015): a path that is not valid percent-encoded
 * UTF-8, or a path parameter longer than the router's bound, was answered by Fastify itself —
 * `{error, code: "FST_ERR_BAD_URL", statusCode}`, no `Request-Id`. With `answerFrameworkError` as
 * Fastify's `frameworkErrors` it is the contract's 400 REQUEST_VALIDATION_FAILED.
 */
async function appWithRoute() {
  const app = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 100 } })
  app.put('/things/:thingId', async () => ({ ok: true }))
  await app.ready()
  return app
}

describe('errors raised while routing', () => {
  it.each(['%zz', '%', '%E0%A4%A', '%ED%A0%80', '%FF'])(
    'answer a path with %s as 400 REQUEST_VALIDATION_FAILED with a Request-Id',
    async (segment) => {
      const app = await appWithRoute()
      const response = await app.inject({ method: 'PUT', url: `/things/${segment}` })
      expect(response.statusCode).toBe(400)
      expect(response.headers['request-id']).toBeTruthy()
      expect(response.json()).toEqual({
        code: 'REQUEST_VALIDATION_FAILED',
        message: expect.stringContaining('percent-encoded'),
        details: { errors: [{ location: 'path', field: '', rule: 'format', message: expect.any(String) }] },
      })
      await app.close()
    },
  )

  it('answer a path parameter over the bound as 400 with rule maxLength', async () => {
    const app = await appWithRoute()
    const response = await app.inject({ method: 'PUT', url: `/things/${'a'.repeat(101)}` })
    expect(response.statusCode).toBe(400)
    expect(response.headers['request-id']).toBeTruthy()
    expect(response.json().details.errors[0]).toMatchObject({ location: 'path', rule: 'maxLength' })
    await app.close()
  })
})
