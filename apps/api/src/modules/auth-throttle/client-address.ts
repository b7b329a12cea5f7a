import ipaddr from 'ipaddr.js'

/**
 * The throttle subject of a client address: IPv4 addresses as they are, IPv6 addresses by their
 * /64 prefix — one subscriber usually holds a whole /64, so per-address limits would otherwise be
 * per-guess. IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function throttleAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`
}
