// The delivery worker against receivers that misbehave: slow, endless, huge, or not listening.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loggedResponseBytes, maxResponseBytes, responseTimeoutMs } from '../webhooks/delivery-policy.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { startReceiver, type TestReceiver, until } from './testing/test-receiver.js'

describe('the delivery worker', () => {
  const current = useDeliveryFixture()
  let fixture: DeliveryFixture
  let receiver: TestReceiver

  beforeEach(async () => {
    fixture = current()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await receiver.close()
  })

  it('cuts a receiver that never answers at the response timeout', async () => {
    receiver.respond(() => {})
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const run = fixture.worker().runOnce()
    await receiver.waitFor(1)
    await until(() => fixture.clock.pendingSleepers > 0, 'the response timer')
    await fixture.clock.advance(responseTimeoutMs - 500)
    expect(receiver.open).toBe(1)
    await fixture.clock.advance(500)
    const summary = await run
    expect(summary.attempts).toBe(1)
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: null, error_class: 'TIMEOUT' }),
    ])
    await until(() => receiver.open === 0, 'the receiver to see the connection closed')
  })

  it('cuts an answer whose body does not end within the timeout, keeping its status', async () => {
    let headersSent = false
    receiver.respond((_request, response) => {
      response.writeHead(200)
      response.write('partial', () => {
        headersSent = true
      })
    })
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    const run = fixture.worker().runOnce()
    await until(() => headersSent, 'the status line to be sent')
    // Real time for the worker's socket to read it (the clock only cuts the attempt).
    await new Promise((resolve) => setTimeout(resolve, 50))
    await fixture.clock.advance(responseTimeoutMs)
    await run
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: 200, error_class: 'TIMEOUT' }),
    ])
  })

  it('stops reading a 100 MB answer at 64 KiB with flat memory', async () => {
    let written = 0
    const chunk = Buffer.alloc(64 * 1024, 'x')
    receiver.respond((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      const pump = () => {
        while (written < 100 * 1024 * 1024) {
          written += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end()
      }
      response.on('error', () => {})
      pump()
    })
    await fixture.addConfiguration({ url: `${receiver.origin}/hooks` })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    await fixture.worker().runOnce()
    const heapAfter = process.memoryUsage().heapUsed

    const [attempt] = await fixture.attempts(deliveryIds[0]!)
    // A 2xx is success whatever the body; the read simply stops at the cap.
    expect(attempt).toMatchObject({ status_code: 200, error_class: null })
    expect(attempt?.response_excerpt).toHaveLength(loggedResponseBytes)
    // The receiver could only fill the socket buffers before the worker hung up.
    expect(written).toBeLessThan(16 * 1024 * 1024)
    expect(written).toBeGreaterThan(maxResponseBytes)
    expect(heapAfter - heapBefore).toBeLessThan(20 * 1024 * 1024)
  })

  it('records a connection failure when nothing listens', async () => {
    const closed = await startReceiver()
    const url = `${closed.origin}/hooks`
    await closed.close()
    await fixture.addConfiguration({ url })
    const { deliveryIds } = await fixture.record({ type: 'DONATION' })
    await fixture.worker().runOnce()
    expect(await fixture.attempts(deliveryIds[0]!)).toEqual([
      expect.objectContaining({ status_code: null, error_class: 'CONNECTION_ERROR' }),
    ])
  })
})
