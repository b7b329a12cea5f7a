import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.js'

describe('parseConfig', () => {
  it('gives a working local default with nothing set', () => {
    const config = parseConfig({})
    expect(config.port).toBe(4000)
    expect(config.host).toBe('127.0.0.1')
    expect(config.databaseUrl).toMatch(/^sqlite:.*fanshelf\.sqlite$/)
    expect(config.rateLimit).toEqual({ limit: 100, windowMs: 10_000, maxWaitMs: 30_000, maxQueued: 200 })
    expect(config.webhooks.allowLoopback).toBe(true)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('fails listing every bad variable at once', () => {
    let error: unknown
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RATE_LIMIT: '0', ROLES: 'api,cron', SEED_DEMO: 'maybe' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    for (const name of ['PORT', 'DATABASE_URL', 'RATE_LIMIT', 'ROLES', 'SEED_DEMO']) expect(problems).toContain(name)
  })

  it('serves metrics only with a METRICS_TOKEN, and refuses a short one', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined()
    expect(parseConfig({ METRICS_TOKEN: 'a-long-enough-token-0123' }).metricsToken).toBe('a-long-enough-token-0123')
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/)
  })

  it('reads PostgreSQL and Redis URLs and rate-limit settings', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/fanshelf',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT: '1000',
      RATE_LIMIT_WINDOW_MS: '1000',
    })
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:5432/fanshelf')
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379')
    expect(config.rateLimit.limit).toBe(1000)
    expect(config.rateLimit.windowMs).toBe(1000)
  })

  it('reads the shared secret key and the pool size; refuses a pool of 0', () => {
    const config = parseConfig({ SECRET_KEY: 'one key for every node', DATABASE_POOL_SIZE: '25' })
    expect(config.secretKey).toBe('one key for every node')
    expect(config.databasePoolSize).toBe(25)
    expect(parseConfig({}).secretKey).toBeUndefined()
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be an integer from 1/)
  })

  it('has HTTP timeouts that cut slow clients but outlast the longest rate-limit wait', () => {
    expect(parseConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    })
    const patient = parseConfig({ RATE_LIMIT_MAX_WAIT_MS: '120000' })
    expect(patient.http.requestTimeoutMs).toBeGreaterThan(120_000)
    expect(patient.http.idleTimeoutMs).toBeGreaterThan(120_000)
  })

  it('refuses HTTP timeouts a rate-limited request could not survive', () => {
    let error: unknown
    try {
      parseConfig({
        RATE_LIMIT_MAX_WAIT_MS: '30000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        HTTP_IDLE_TIMEOUT_MS: '30000',
        HTTP_HEADERS_TIMEOUT_MS: '25000',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    for (const name of ['HTTP_REQUEST_TIMEOUT_MS', 'HTTP_IDLE_TIMEOUT_MS', 'HTTP_HEADERS_TIMEOUT_MS']) {
      expect(problems).toContain(name)
    }
  })
})
