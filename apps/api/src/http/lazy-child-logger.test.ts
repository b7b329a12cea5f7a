import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { lazyChildLogger } from './request-log.js'

/** A request's logger is made when the request first logs at an enabled level, with its bindings. */

function capture(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')))
      done()
    },
  })
  const logger = Fastify({ logger: { level, stream } }).log
  const child = vi.spyOn(logger, 'child')
  return { logger, lines, child }
}

describe('lazyChildLogger', () => {
  it('makes no child for a request that logs nothing enabled, one for the first entry that is', async () => {
    const { logger, lines, child } = capture('warn')
    const log = lazyChildLogger(logger, { requestId: 'req_a' }, {})
    log.info('not at this level')
    log.debug('nor this')
    expect(child).not.toHaveBeenCalled()
    log.warn('slow answer')
    log.error({ status: 500 }, 'failed')
    expect(child).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines.map(({ requestId, msg }) => [requestId, msg])).toEqual([
      ['req_a', 'slow answer'],
      ['req_a', 'failed'],
    ])
    expect(log.level).toBe('warn')
  })

  it('makes the child at once for a route with its own level, and children of it carry both bindings', async () => {
    const { logger, lines, child } = capture('warn')
    const log = lazyChildLogger(logger, { requestId: 'req_b' }, { level: 'info' })
    expect(child).toHaveBeenCalledTimes(1)
    log.info('at the route’s level')
    lazyChildLogger(logger, { requestId: 'req_c' }, {}).child({ part: 'mcp' }).warn('nested')
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines.map(({ requestId, part, msg }) => [requestId, part, msg])).toEqual([
      ['req_b', undefined, 'at the route’s level'],
      ['req_c', 'mcp', 'nested'],
    ])
  })
})
