import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caseArbitrary } from './contract-arbitraries.js'
import { changedTables } from './database-probe.js'
import { createFuzzEnvironment, type FuzzEnvironment } from './fuzz-environment.js'
import { describeViolation, replayCommand, runFuzz, savesIdempotentAnswer } from './fuzz-runner.js'
import { checkResponse, documentedResponses } from './invariants.js'

/**
 * Contract fuzzing, bounded (decision 0015): a fixed-seed sample of generated invalid requests to
 * every operation of the three contracts, and the checks the fuzzer relies on. `npm run fuzz` runs
 * the large version (≥ 20,000 requests, a fresh seed each time).
 */

const sampleSeed = 20_261_102
const casesPerOperation = 10

let environment: FuzzEnvironment

beforeAll(async () => {
  environment = await createFuzzEnvironment()
})
afterAll(() => environment.close())

const operation = (operationId: string) => environment.platform.operation(operationId)

describe('contract fuzzing, bounded sample', () => {
  it(`keeps every invariant on ${casesPerOperation} generated requests per operation (seed ${sampleSeed})`, async () => {
    const operations = environment.platform.contract.operations
    const report = await runFuzz(environment, { seed: sampleSeed, runs: operations.length * casesPerOperation })
    expect(Object.keys(report.perOperation).sort()).toEqual(operations.map((op) => op.operationId).sort())
    expect(report.requests).toBe(operations.length * casesPerOperation)
    expect(
      report.violations.map(describeViolation).join('\n\n'),
      `invariant violations with seed ${sampleSeed} (replay each with the printed command)`,
    ).toBe('')
  }, 240_000)
})

describe('the invariants', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = { 'request-id': 'req_1' }) => ({
    status,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

  it('accept a documented code at a documented status', () => {
    const documented = documentedResponses(environment.platform.contract, operation('createPromotion'))
    const { contract } = environment.platform
    expect(
      checkResponse(contract, documented, answer(409, { code: 'PROMOTION_CODE_DUPLICATION', message: 'taken' })),
    ).toEqual([])
    expect(
      checkResponse(
        contract,
        documented,
        answer(400, { code: 'JSON_TOO_DEEP', message: 'deep', details: { maxDepth: 64 } }),
      ),
    ).toEqual([])
  })

  it('flag a 5xx, an undocumented status or code, a foreign error shape, a missing Request-Id and leaked internals', () => {
    const { contract } = environment.platform
    const documented = documentedResponses(contract, operation('getOrder'))
    const rules = (status: number, body: unknown, headers?: Record<string, string>) =>
      checkResponse(contract, documented, answer(status, body, headers)).map((v) => v.rule)
    expect(rules(500, { code: 'INTERNAL_ERROR', message: 'x' })).toContain('server-error')
    expect(rules(409, { code: 'ORDER_CONFLICT', message: 'x' })).toContain('undocumented-status')
    expect(rules(404, { code: 'ROUTE_NOT_FOUND', message: 'x' })).toContain('undocumented-code')
    expect(rules(400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL', statusCode: 400 })).toContain(
      'undocumented-code',
    )
    expect(rules(404, 'Not Found')).toContain('error-shape')
    expect(rules(404, { code: 'ORDER_NOT_FOUND', message: 'x' }, {})).toContain('request-id')
    expect(rules(404, { code: 'ORDER_NOT_FOUND', message: 'at run (/srv/node_modules/kysely/x.js:1:2)' })).toContain(
      'leak',
    )
  })

  it('read the OAuth endpoints’ RFC 6749 errors by their `error` field', () => {
    const { contract } = environment.platform
    const documented = documentedResponses(contract, operation('exchangePlatformToken'))
    expect(documented.get('400')?.codeField).toBe('error')
    const rules = (body: unknown) => checkResponse(contract, documented, answer(400, body)).map((v) => v.rule)
    expect(rules({ error: 'invalid_grant', error_description: 'used' })).toEqual([])
    expect(rules({ code: 'REQUEST_VALIDATION_FAILED', message: 'x' })).toContain('error-shape')
  })

  it('notice a row written, changed or deleted anywhere, and nothing else', async () => {
    const { probe } = environment
    const { db } = environment.platform.app.platform.database
    const before = await probe.fingerprint()
    expect(changedTables(before, await probe.fingerprint())).toEqual([])
    const counter = await probe.changeCounter()
    await sql`update shops set name = name || '!' where id = ${environment.platform.other.id}`.execute(db)
    expect(await probe.changeCounter()).not.toBe(counter)
    expect(changedTables(before, await probe.fingerprint())).toEqual(['shops'])
    await sql`update shops set name = substr(name, 1, length(name) - 1) where id = ${environment.platform.other.id}`.execute(
      db,
    )
    expect(changedTables(before, await probe.fingerprint())).toEqual([])
  })
})

describe('a keyed write refused by its handler', () => {
  const answer = (code: string) => JSON.stringify({ code, message: 'x' })
  it('may save its answer with its key (decision 0019): the only write a refusal may make', () => {
    expect(savesIdempotentAnswer({ 'Idempotency-Key': 'k1' }, answer('CART_NOT_FOUND'))).toBe(true)
    expect(savesIdempotentAnswer({ 'idempotency-key': 'k1' }, answer('FULFILLMENT_ORDER_CANCELLED'))).toBe(true)
  })

  it('saves nothing without a key, or when refused before its handler ran', () => {
    expect(savesIdempotentAnswer({}, answer('CART_NOT_FOUND'))).toBe(false)
    for (const code of ['REQUEST_VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED', 'IDEMPOTENCY_KEY_REUSED']) {
      expect(savesIdempotentAnswer({ 'idempotency-key': 'k1' }, answer(code)), code).toBe(false)
    }
    expect(savesIdempotentAnswer({ 'idempotency-key': 'k1' }, 'not json')).toBe(false)
  })
})

describe('generated cases', () => {
  it('are the same request for the same seed, so a printed seed replays a finding', () => {
    const { contract } = environment.platform
    const arbitrary = caseArbitrary(operation('createCart'), contract, environment.fixtures)
    const first = fc.sample(arbitrary, { seed: 42, numRuns: 20 })
    const again = fc.sample(caseArbitrary(operation('createCart'), contract, environment.fixtures), {
      seed: 42,
      numRuns: 20,
    })
    expect(again).toEqual(first)
    expect(replayCommand(42, 'createCart', 3)).toBe('npm run fuzz -- --seed 42 --operation createCart --case 3')
  })

  it('break every part of a request across a sample: body, parameters, media type and credentials', () => {
    const { contract } = environment.platform
    const kinds = new Set<string>()
    for (const operationId of ['createPromotion', 'getOrder', 'addCartItems', 'listOrders']) {
      for (const generated of fc.sample(caseArbitrary(operation(operationId), contract, environment.fixtures), {
        seed: 7,
        numRuns: 120,
      })) {
        kinds.add(generated.kind)
      }
    }
    for (const kind of [
      'body-missing-required',
      'body-wrong-type',
      'body-out-of-range',
      'body-oversized-string',
      'body-oversized-array',
      'body-deep-nesting',
      'body-bad-enum',
      'body-hostile-string',
      'body-malformed-json',
      'body-content-type',
      'path-hostile',
      'query-hostile',
      'auth-missing',
      'auth-malformed-basic',
      'auth-bearer-garbage',
      'auth-token-wrong',
    ]) {
      expect(kinds, kind).toContain(kind)
    }
  }, 120_000)
})
