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

  it('lists the origins of browser-based MCP clients, and refuses anything but an origin', () => {
    expect(parseConfig({}).mcpAllowedOrigins).toEqual([])
    expect(
      parseConfig({ MCP_ALLOWED_ORIGINS: 'http://localhost:6274, https://agent.example' }).mcpAllowedOrigins,
    ).toEqual(['http://localhost:6274', 'https://agent.example'])
    for (const bad of ['https://agent.example/', 'agent.example', 'https://agent.example/app']) {
      expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: bad })).toThrow(/MCP_ALLOWED_ORIGINS must list origins/)
    }
  })

  it('serves metrics only with a METRICS_TOKEN, and refuses a short one', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined()
    expect(parseConfig({ METRICS_TOKEN: 'a-long-enough-token-0123' }).metricsToken).toBe('a-long-enough-token-0123')
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/)
    // A worker's own metrics port, only with the token it is served behind.
    expect(
      parseConfig({ METRICS_TOKEN: 'a-long-enough-token-0123', WORKER_METRICS_PORT: '9464' }).workerMetricsPort,
    ).toBe(9464)
    expect(parseConfig({}).workerMetricsPort).toBeUndefined()
    expect(() => parseConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(/WORKER_METRICS_PORT needs METRICS_TOKEN/)
    expect(() => parseConfig({ METRICS_TOKEN: 'a-long-enough-token-0123', WORKER_METRICS_PORT: '0' })).toThrow(
      /WORKER_METRICS_PORT must be an integer from 1 to 65535/,
    )
  })

  it('stores media in the database unless MEDIA_S3_URL names a bucket', () => {
    expect(parseConfig({}).mediaS3).toBeUndefined()
    expect(
      parseConfig({
        MEDIA_S3_URL:
          's3://AKIA0123:abc%2Fdef+ghi@fanshelf-media/shop/media?endpoint=http://127.0.0.1:9000/&region=eu-central-1',
      }).mediaS3,
    ).toEqual({
      bucket: 'fanshelf-media',
      keyPrefix: 'shop/media/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA0123', secretAccessKey: 'abc/def+ghi' },
    })
    // AWS itself: virtual-hosted buckets, us-east-1 unless told, credentials from the SDK's chain.
    expect(parseConfig({ MEDIA_S3_URL: 's3://my.bucket' }).mediaS3).toEqual({
      bucket: 'my.bucket',
      keyPrefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    })
    expect(
      parseConfig({ MEDIA_S3_URL: 's3://b-1/?endpoint=https://s3.example.com&forcePathStyle=false' }).mediaS3,
    ).toMatchObject({ keyPrefix: '', forcePathStyle: false })
  })

  it('refuses a MEDIA_S3_URL it cannot use, without repeating the secret', () => {
    const secret = 'wJalrXUtnFEMI-K7MDENG'
    for (const [url, reason] of [
      [`https://KEY:${secret}@bucket`, /must start with s3:\/\//],
      [`s3://KEY:${secret}@Bucket_Name`, /must name a bucket/],
      [`s3://KEY:${secret}@bucket:9000`, /endpoint=http:\/\/host:port/],
      [`s3://KEY@bucket`, /both the access key id and the secret, or neither/],
      [`s3://KEY:${secret}@bucket?endpoint=ftp://files`, /endpoint that is not an http\(s\) URL/],
      [`s3://KEY:${secret}@bucket?endpoint=http://KEY:${secret}@minio:9000`, /endpoint with credentials/],
      [`s3://KEY:${secret}@bucket?forcePathStyle=yes`, /forcePathStyle that is not true or false/],
      [`s3://KEY:${secret}@bucket?regoin=us-east-1`, /unknown parameters: regoin/],
      [`s3://KEY:${secret}@bucket/shop//media`, /empty segment/],
      [`s3://KEY:${secret.slice(0, 4)}/${secret.slice(4)}@bucket`, /is not a URL \(percent-encode/],
    ] as const) {
      let error: unknown
      try {
        parseConfig({ MEDIA_S3_URL: url })
      } catch (e) {
        error = e
      }
      expect(error, url).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems.join('\n')
      expect(problems, url).toMatch(reason)
      expect(problems, url).toContain('MEDIA_S3_URL')
      expect(problems, url).not.toContain(secret)
      expect(problems, url).not.toContain(secret.slice(4))
    }
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
