import dns from 'node:dns'
import net, { type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { type Clock, systemClock } from '../../clock.js'
import type { Config } from '../../config.js'
import { DomainError, validationError } from '../../errors/domain-error.js'
import { connectTimeoutMs } from '../webhooks/delivery-policy.js'

/**
 * The SSRF guard for webhook URLs (api-practices §8). It runs twice:
 *
 * - at registration, `assertWebhookUrlAllowed` refuses a URL whose host is, or resolves to, an
 *   address this server must not call;
 * - at every connection, `guardedLookup` checks the addresses DNS answers *now* (rebinding) before
 *   the socket connects, and `assertAddressAllowed` checks IP-literal hosts (which skip DNS), so no
 *   TCP connection is ever opened to a refused address.
 *
 * Everything that is not plain public unicast is refused; configuration may allow loopback
 * (127.0.0.0/8 and ::1 only) and private ranges (RFC 1918, IPv6 ULA). Cloud metadata addresses and
 * IPv4-mapped IPv6 addresses are refused whatever the configuration.
 */

export type WebhookUrlRules = Config['webhooks']

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'metadata'
  | 'linkLocal'
  | 'unspecified'
  | 'ipv4Mapped'
  | 'multicast'
  | 'reserved'

export interface ResolvedAddress {
  address: string
  family: number
}

/** Resolves a host name to every address it has (tests pass a stub). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

// Checked in this order; the first match of the address's own family wins (ipaddr.js
// `subnetMatch`). Metadata endpoints come first because they sit inside ranges (link-local, ULA)
// that configuration could otherwise allow.
const ranges: Record<Exclude<AddressKind, 'public'>, ReturnType<typeof ipaddr.parseCIDR>[]> = {
  metadata: cidrs([
    '169.254.169.254/32',
    '169.254.170.2/32',
    '100.100.100.200/32',
    '168.63.129.16/32',
    'fd00:ec2::254/128',
  ]),
  unspecified: cidrs(['0.0.0.0/8', '::/128']),
  loopback: cidrs(['127.0.0.0/8', '::1/128']),
  // IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96) and SIIT-translated (::ffff:0:0:0/96)
  // addresses reach IPv4 hosts through an IPv6 socket: refused outright.
  ipv4Mapped: cidrs(['::ffff:0:0/96', '::/96', '::ffff:0:0:0/96']),
  private: cidrs(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']),
  linkLocal: cidrs(['169.254.0.0/16', 'fe80::/10']),
  multicast: cidrs(['224.0.0.0/4', 'ff00::/8']),
  reserved: cidrs([
    '100.64.0.0/10',
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.88.99.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
    '100::/64',
    '2001::/23',
    '2001:db8::/32',
    '64:ff9b:1::/48',
    'fec0::/10',
  ]),
}

// IPv6 prefixes that embed an IPv4 address: classified by the embedded address.
const nat64 = ipaddr.parseCIDR('64:ff9b::/96')
const sixToFour = ipaddr.parseCIDR('2002::/16')

function cidrs(list: string[]) {
  return list.map((text) => ipaddr.parseCIDR(text))
}

/**
 * Parses a strict IPv4 or IPv6 literal (brackets and a zone id allowed). `net.isIP` decides what
 * is a literal: ipaddr.js alone would also accept forms like `127.1` or `0x7f.0.0.1`.
 */
function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  return net.isIP(address) ? ipaddr.parse(address) : undefined
}

/** What kind of address this is (an unparsable string is `reserved`). */
export function classifyAddress(address: string): AddressKind {
  const parsed = parseIp(address)
  if (!parsed) return 'reserved'
  const kind = ipaddr.subnetMatch(parsed, ranges, 'public') as AddressKind
  if (kind !== 'public' || parsed.kind() !== 'ipv6') return kind
  const bytes = parsed.toByteArray()
  if (parsed.match(nat64)) return classifyAddress(bytes.slice(12).join('.'))
  if (parsed.match(sixToFour)) return classifyAddress(bytes.slice(2, 6).join('.'))
  return 'public'
}

/** Whether the configuration lets webhooks be sent to this address. */
export function isAddressAllowed(address: string, rules: Pick<WebhookUrlRules, 'allowLoopback' | 'allowPrivate'>) {
  const kind = classifyAddress(address)
  if (kind === 'public') return true
  if (kind === 'loopback') return rules.allowLoopback
  if (kind === 'private') return rules.allowPrivate
  return false
}

const kindNames: Record<AddressKind, string> = {
  public: 'public',
  loopback: 'loopback',
  private: 'private',
  metadata: 'cloud metadata',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  ipv4Mapped: 'IPv4-mapped IPv6',
  multicast: 'multicast',
  reserved: 'reserved',
}

/** Thrown (or passed to a lookup callback) when an address is refused; no connection was made. */
export class BlockedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_BLOCKED'
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    super(`Webhook host ${host} is a ${kindNames[kind]} address (${address}), which is not allowed.`)
    this.name = 'BlockedAddressError'
  }
}

export function assertAddressAllowed(host: string, address: string, rules: WebhookUrlRules): void {
  if (!isAddressAllowed(address, rules)) throw new BlockedAddressError(host, address, classifyAddress(address))
}

/** The URL's host without IPv6 brackets (`new URL` already normalises decimal/octal/hex IPv4 forms). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/**
 * A `lookup` for http(s).request / net.connect that refuses the connection when any address the
 * name resolves to is not allowed — checked on the addresses the socket will actually use.
 */
export function guardedLookup(rules: WebhookUrlRules, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined
        const addresses = family ? found.filter((a) => a.family === family) : found
        const refused = addresses.find((a) => !isAddressAllowed(a.address, rules))
        if (refused) {
          callback(new BlockedAddressError(hostname, refused.address, classifyAddress(refused.address)), '', 0)
          return
        }
        const first = addresses[0]
        if (!first) {
          const error = Object.assign(new Error(`No address found for ${hostname}`), { code: 'ENOTFOUND' })
          callback(error, '', 0)
          return
        }
        if (options.all) callback(null, addresses)
        else callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

function urlRejected(url: string, address: string, kind: AddressKind): DomainError {
  return new DomainError(
    'WEBHOOK_URI_IP_NOT_ALLOWED',
    `Webhook URLs must not point to ${kindNames[kind]} addresses (${address}).`,
    { url, address },
  )
}

function invalidUrl(message: string): DomainError {
  return validationError([{ location: 'body', field: 'url', rule: 'format', message }])
}

/**
 * Registration-time check of a webhook URL (configuration create/update): absolute http(s), https
 * when configuration requires it, and a host that neither is nor resolves to a refused address.
 * A name that does not resolve (yet) is accepted: the connect-time check guards every delivery.
 * Throws `REQUEST_VALIDATION_FAILED` (field `url`) or `WEBHOOK_URI_IP_NOT_ALLOWED`.
 */
export async function assertWebhookUrlAllowed(
  url: string,
  rules: WebhookUrlRules,
  options: { resolve?: Resolver; clock?: Clock } = {},
): Promise<void> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalidUrl('must be an absolute URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidUrl('must be an http or https URL')
  if (rules.requireHttps && parsed.protocol !== 'https:') throw invalidUrl('must be an https URL')
  const host = hostOf(parsed)
  if (net.isIP(host)) {
    if (!isAddressAllowed(host, rules)) throw urlRejected(url, host, classifyAddress(host))
    return
  }
  const resolve = options.resolve ?? systemResolver
  let addresses: ResolvedAddress[]
  try {
    addresses = await withTimeout(resolve(host), options.clock ?? systemClock, connectTimeoutMs)
  } catch {
    return
  }
  const refused = addresses.find((a) => !isAddressAllowed(a.address, rules))
  if (refused) throw urlRejected(url, refused.address, classifyAddress(refused.address))
}

/** A slow resolver must not hold a configuration write: give up (and accept the name) after `ms`. */
function withTimeout<T>(promise: Promise<T>, clock: Clock, ms: number): Promise<T> {
  const cancel = new AbortController()
  const timeout = clock.sleep(ms, cancel.signal).then(
    () => Promise.reject(new Error('DNS lookup timed out')),
    () => new Promise<never>(() => {}),
  )
  return Promise.race([promise, timeout]).finally(() => cancel.abort())
}
