import type { TryItOperation } from '../../lib/tryit-types.ts'

/** The guide section that explains an error answer (anchors of the reference pages' introductions). */
export function errorGuide(operation: TryItOperation, status: number, code?: string): { href: string; label: string } {
  const storefront = operation.basePath === '/v1'
  if (storefront) {
    if (status === 401 || status === 403)
      return {
        href: '/storefront-api/#authentication-the-storefront-token',
        label: 'Authentication: the storefront token',
      }
    if (code?.startsWith('IDEMPOTENCY'))
      return { href: '/storefront-api/#idempotent-cart-writes', label: 'Idempotent cart writes' }
    return { href: '/storefront-api/#errors', label: 'Errors' }
  }
  if (status === 401 || status === 403) return { href: '/open-api/#authentication', label: 'Authentication' }
  if (status === 429) return { href: '/open-api/#rate-limits', label: 'Rate limits' }
  if (code?.startsWith('IDEMPOTENCY')) return { href: '/open-api/#idempotent-requests', label: 'Idempotent requests' }
  return { href: '/open-api/#errors', label: 'Errors' }
}

/** An error answer's problem body (`{code, message, details}`), when it is one. */
export function problemOf(text: string): { code?: string; message?: string; details?: unknown } | undefined {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const record = parsed as Record<string, unknown>
    const code =
      typeof record.code === 'string' ? record.code : typeof record.error === 'string' ? record.error : undefined
    const message =
      typeof record.message === 'string'
        ? record.message
        : typeof record.error_description === 'string'
          ? record.error_description
          : undefined
    if (code === undefined && message === undefined) return undefined
    return {
      ...(code !== undefined ? { code } : {}),
      ...(message !== undefined ? { message } : {}),
      ...(record.details !== undefined ? { details: record.details } : {}),
    }
  } catch {
    return undefined
  }
}
