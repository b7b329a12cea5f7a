/**
 * Redirect URIs (RFC 9700 §2.1, §4.1): registered exactly, compared as exact strings — no
 * normalisation, no wildcard, no port leniency — so a trailing slash, a case change, an extra query
 * parameter, another port or another scheme is a different URI and is refused without a redirect.
 */

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** Why `uri` cannot be registered, or undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return `${uri} is not an absolute URL`
  }
  if (uri.includes('*')) return `${uri} contains a wildcard; register every redirect URI exactly`
  if (url.hash !== '' || uri.includes('#')) return `${uri} has a fragment, which redirect URIs must not have`
  if (url.username !== '' || url.password !== '') return `${uri} carries user credentials`
  if (url.protocol === 'https:') return undefined
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return undefined
  if (url.protocol === 'http:') return `${uri} must use https (plain http is allowed on loopback hosts only)`
  return `${uri} must be an https URL`
}

/** Exact string match against the registered list (RFC 9700 §4.1.3). */
export function isRegisteredRedirectUri(registered: readonly string[], uri: string): boolean {
  return registered.includes(uri)
}

/** The redirect target: the registered URI (its own query kept) with the response parameters added. */
export function redirectWith(uri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value)
  return url.toString()
}
