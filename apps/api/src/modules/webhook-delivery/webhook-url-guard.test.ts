import net from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DomainError } from '../../errors/domain-error.js'
import { type DeliveryFixture, useDeliveryFixture } from './testing/delivery-fixture.js'
import { startReceiver, type TestReceiver } from './testing/test-receiver.js'
import {
  type AddressKind,
  assertWebhookUrlAllowed,
  classifyAddress,
  isAddressAllowed,
  type Resolver,
  type WebhookUrlRules,
} from './webhook-url-guard.js'

const strict: WebhookUrlRules = { allowLoopback: false, allowPrivate: false, requireHttps: false }
const local: WebhookUrlRules = { allowLoopback: true, allowPrivate: false, requireHttps: false }
const lan: WebhookUrlRules = { allowLoopback: false, allowPrivate: true, requireHttps: false }

/** A stub DNS: names of the SSRF table resolve to what an attacker would make them resolve to. */
const stubResolver: Resolver = async (hostname) => {
  const answers: Record<string, string[]> = {
    'rebind.attacker.test': ['127.0.0.1'],
    'metadata.attacker.test': ['169.254.169.254'],
    'mixed.attacker.test': ['93.184.216.34', '10.1.2.3'],
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'intranet.attacker.test': ['192.168.1.10'],
  }
  const addresses = answers[hostname]
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return addresses.map((address) => ({ address, family: net.isIP(address) }))
}

describe('classifyAddress', () => {
  const table: [string, AddressKind][] = [
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:7f00:1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['::127.0.0.1', 'ipv4Mapped'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['not-an-ip', 'reserved'],
  ]
  it.each(table)('classifies %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind)
  })

  it('lets configuration allow loopback (127/8, ::1) and private ranges only', () => {
    expect(isAddressAllowed('127.0.0.1', local)).toBe(true)
    expect(isAddressAllowed('::1', local)).toBe(true)
    expect(isAddressAllowed('::ffff:127.0.0.1', local)).toBe(false)
    expect(isAddressAllowed('10.0.0.1', local)).toBe(false)
    expect(isAddressAllowed('10.0.0.1', lan)).toBe(true)
    expect(isAddressAllowed('fd12::1', lan)).toBe(true)
    expect(isAddressAllowed('169.254.169.254', { allowLoopback: true, allowPrivate: true })).toBe(false)
    expect(isAddressAllowed('fd00:ec2::254', { allowLoopback: true, allowPrivate: true })).toBe(false)
    expect(isAddressAllowed('169.254.1.1', { allowLoopback: true, allowPrivate: true })).toBe(false)
  })
})

/** The SSRF table (api-practices W8): every form is refused at registration and at send. */
const forbiddenUrls = (port: number) => [
  `http://127.0.0.1:${port}/hooks`,
  `http://[::1]:${port}/hooks`,
  `http://0.0.0.0:${port}/hooks`,
  `http://2130706433:${port}/hooks`,
  `http://0x7f.0.0.1:${port}/hooks`,
  `http://0177.0.0.1:${port}/hooks`,
  `http://127.1:${port}/hooks`,
  'http://10.0.0.1/hooks',
  'http://192.168.1.20/hooks',
  'http://169.254.169.254/latest/meta-data/',
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://[::ffff:7f00:1]:${port}/hooks`,
  'http://[fe80::1]/hooks',
  `http://rebind.attacker.test:${port}/hooks`,
  'http://metadata.attacker.test/latest/meta-data/',
  'http://mixed.attacker.test/hooks',
]

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('assertWebhookUrlAllowed (registration)', () => {
  it.each(forbiddenUrls(8080))('refuses %s', async (url) => {
    const error = await rejection(assertWebhookUrlAllowed(url, strict, { resolve: stubResolver }))
    expect(error.code).toBe('WEBHOOK_URI_IP_NOT_ALLOWED')
    expect(error.status).toBe(400)
    expect(error.details).toMatchObject({ url, address: expect.any(String) })
  })

  it('accepts public hosts, and names that do not resolve yet', async () => {
    await assertWebhookUrlAllowed('https://hooks.example.com/fanshelf', strict, { resolve: stubResolver })
    await assertWebhookUrlAllowed('https://93.184.216.34/hooks', strict, { resolve: stubResolver })
    await assertWebhookUrlAllowed('https://not-yet.example.org/hooks', strict, { resolve: stubResolver })
  })

  it('accepts loopback receivers only when configuration allows loopback', async () => {
    await assertWebhookUrlAllowed('http://127.0.0.1:3000/hooks', local, { resolve: stubResolver })
    await assertWebhookUrlAllowed('http://[::1]:3000/hooks', local, { resolve: stubResolver })
    await assertWebhookUrlAllowed('http://rebind.attacker.test/hooks', local, { resolve: stubResolver })
    const mapped = await rejection(
      assertWebhookUrlAllowed('http://[::ffff:127.0.0.1]/', local, { resolve: stubResolver }),
    )
    expect(mapped.code).toBe('WEBHOOK_URI_IP_NOT_ALLOWED')
    const privateHost = await rejection(
      assertWebhookUrlAllowed('http://intranet.attacker.test/', local, { resolve: stubResolver }),
    )
    expect(privateHost.details).toMatchObject({ address: '192.168.1.10' })
    await assertWebhookUrlAllowed('http://intranet.attacker.test/', lan, { resolve: stubResolver })
  })

  it('refuses non-http(s) URLs, and http when https is required, naming the url field', async () => {
    for (const [url, rules] of [
      ['ftp://hooks.example.com/x', strict],
      ['not a url', strict],
      ['http://hooks.example.com/x', { ...strict, requireHttps: true }],
    ] as const) {
      const error = await rejection(assertWebhookUrlAllowed(url, rules, { resolve: stubResolver }))
      expect(error.code).toBe('REQUEST_VALIDATION_FAILED')
      expect(error.details).toMatchObject({ errors: [{ location: 'body', field: 'url' }] })
    }
  })
})

describe('the SSRF guard at send time', () => {
  const current = useDeliveryFixture({ rules: strict })
  let fixture: DeliveryFixture
  let receiver: TestReceiver

  beforeEach(async () => {
    fixture = current()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await receiver.close()
  })

  it('refuses every forbidden URL form without opening a TCP connection', async () => {
    const urls = forbiddenUrls(receiver.port)
    const deliveries: string[] = []
    for (const url of urls) {
      const configurationId = await fixture.addConfiguration({ url, allowedTypes: ['DONATION'] })
      const { deliveryIds } = await fixture.record({ type: 'DONATION', configurationId })
      deliveries.push(...deliveryIds)
    }
    expect(deliveries).toHaveLength(urls.length)
    // Sockets for IP literals are never created; sockets for names must die in the lookup.
    const connectTo = net.Socket.prototype.connect
    const socketHosts: string[] = []
    let tcpConnects = 0
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      // http(s) agents connect with normalised [options, callback] (a database driver may connect too).
      if (Array.isArray(args[0])) {
        socketHosts.push(String((args[0][0] as { host?: string }).host))
        this.once('connect', () => tcpConnects++)
      }
      return (connectTo as (...a: unknown[]) => net.Socket).apply(this, args)
    })

    await fixture.worker({ resolve: stubResolver }).runOnce()

    expect(socketHosts.sort()).toEqual(['metadata.attacker.test', 'mixed.attacker.test', 'rebind.attacker.test'])
    expect(tcpConnects).toBe(0)
    expect(receiver.connections).toBe(0)
    for (const id of deliveries) {
      const attempts = await fixture.attempts(id)
      expect(attempts).toEqual([expect.objectContaining({ error_class: 'BLOCKED_ADDRESS', status_code: null })])
      expect((await fixture.delivery(id)).state).toBe('RETRYING')
    }
  })

  it('refuses a name that resolves to loopback at send time even though it was allowed before (rebinding)', async () => {
    let answer = '93.184.216.34'
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }]
    const configurationId = await fixture.addConfiguration({ url: `http://rebinding.attacker.test:${receiver.port}/` })
    await assertWebhookUrlAllowed(`http://rebinding.attacker.test:${receiver.port}/`, strict, { resolve: rebinding })
    answer = '127.0.0.1'
    const { deliveryIds } = await fixture.record({ type: 'DONATION', configurationId })
    await fixture.worker({ resolve: rebinding }).runOnce()
    expect(receiver.connections).toBe(0)
    expect((await fixture.attempts(deliveryIds[0]!))[0]?.error_class).toBe('BLOCKED_ADDRESS')
  })

  it('delivers to the loopback receiver when configuration allows loopback', async () => {
    const configurationId = await fixture.addConfiguration({ url: `http://rebind.attacker.test:${receiver.port}/` })
    await fixture.record({ type: 'DONATION', configurationId })
    const summary = await fixture.worker({ resolve: stubResolver, rules: local }).runOnce()
    expect(summary.delivered).toBe(1)
    expect(receiver.requests).toHaveLength(1)
  })
})
