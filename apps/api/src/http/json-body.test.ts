import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js'
import { bodyLimitBytes, JsonBodyError, jsonDepthLimit, measureJsonDepth, parseJsonBody } from './json-body.js'

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`

describe('measureJsonDepth', () => {
  it('counts the deepest nesting of arrays and objects', () => {
    expect(measureJsonDepth('1')).toBe(0)
    expect(measureJsonDepth('[]')).toBe(1)
    expect(measureJsonDepth('{"a":[{"b":[1]}],"c":{}}')).toBe(4)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(measureJsonDepth('{"a":"[[[{{{","b":"\\"[[["}')).toBe(1)
  })
})

describe('parseJsonBody', () => {
  it(`accepts ${jsonDepthLimit} levels and refuses ${jsonDepthLimit + 1} with JSON_TOO_DEEP`, () => {
    expect(parseJsonBody(nested(jsonDepthLimit))).toBeInstanceOf(Array)
    expect(() => parseJsonBody(nested(jsonDepthLimit + 1))).toThrow(
      expect.objectContaining({ code: 'JSON_TOO_DEEP', details: { maxDepth: jsonDepthLimit } }),
    )
  })

  // Regression: a deep body must never reach a recursive step (validation, serializers).
  it('refuses a 10,000-deep array, closed or not, without parsing it', () => {
    expect(() => parseJsonBody(nested(10_000))).toThrow(JsonBodyError)
    expect(() => parseJsonBody('['.repeat(10_000))).toThrow(expect.objectContaining({ code: 'JSON_TOO_DEEP' }))
  })

  it('refuses broken and empty JSON with MALFORMED_JSON', () => {
    expect(() => parseJsonBody('{"a":')).toThrow(expect.objectContaining({ code: 'MALFORMED_JSON' }))
    expect(() => parseJsonBody('  ')).toThrow(expect.objectContaining({ code: 'MALFORMED_JSON' }))
  })

  it('refuses prototype-poisoning keys, however they are spelled', () => {
    for (const text of [
      '{"__proto__":{"isAdmin":true}}',
      '{"a":[{"\\u005f_proto__":{}}]}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      expect(() => parseJsonBody(text), text).toThrow(expect.objectContaining({ code: 'MALFORMED_JSON' }))
    }
    expect(parseJsonBody('{"constructor":"a name","proto":1}')).toEqual({ constructor: 'a name', proto: 1 })
  })
})

describe('JSON bodies over HTTP', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await createTestPlatform()
  })
  afterAll(async () => {
    await platform.close()
  })

  it('answers a too-deep body with 400 JSON_TOO_DEEP in the error shape (open API)', async () => {
    const response = await platform.call('createPromotion', { rawBody: `{"name":${nested(10_000, '"x"')}}` })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      code: 'JSON_TOO_DEEP',
      message: expect.stringContaining(`${jsonDepthLimit} levels`),
      details: { maxDepth: jsonDepthLimit },
    })
    expect(response.headers['request-id']).toBeTruthy()
  })

  it('checks a body within the depth limit against the schema as usual', async () => {
    const response = await platform.call('createPromotion', { rawBody: `{"name":${nested(jsonDepthLimit - 1)}}` })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('REQUEST_VALIDATION_FAILED')
  })

  it('answers broken JSON with 400 MALFORMED_JSON (storefront API)', async () => {
    const response = await platform.call('createCart', {
      auth: { storefrontToken: platform.demo.storefrontToken },
      rawBody: '{"items": [',
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' })
  })

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE and the limit', async () => {
    const response = await platform.call('createCart', {
      auth: { storefrontToken: platform.demo.storefrontToken },
      rawBody: JSON.stringify({ items: [], note: 'x'.repeat(bodyLimitBytes) }),
    })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.any(String),
      details: { limitBytes: bodyLimitBytes },
    })
  })

  it('keeps the OAuth token endpoint’s own error shape for an unreadable body', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: platform.operation('exchangePlatformToken').url,
      headers: { 'content-type': 'application/json' },
      payload: nested(10_000),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_request' })
  })
})
