import type { TryItOperation } from '../../lib/tryit-types.ts'
import type { Values } from './plan-inputs.ts'
import { type Credentials, type DemoCredentials, localHostnames, parseDemoCredentials } from './request.ts'

let demoCredentials: Promise<DemoCredentials | undefined> | undefined

/**
 * The local server (npm start) may offer its demo shop's credentials to pages served from
 * localhost at /admin/api/demo-credentials. Asked once per page load, only on a loopback host;
 * any failure (404 before that endpoint exists, or on a deployed site) hides the button.
 */
export function loadDemoCredentials(): Promise<DemoCredentials | undefined> {
  if (!localHostnames.has(window.location.hostname)) return Promise.resolve(undefined)
  demoCredentials ??= fetch('/admin/api/demo-credentials', { headers: { Accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseDemoCredentials(await response.json()) : undefined))
    .catch(() => undefined)
  return demoCredentials
}

/** The reader context's credentials, unless the reader already has some. */
export function withContextCredentials(current: Credentials, operation: TryItOperation, context: Values): Credentials {
  if (current.username || current.password || current.bearer || Object.values(current.keys ?? {}).some(Boolean))
    return current
  const keys: Record<string, string> = {}
  for (const alternativeSchemes of operation.security)
    for (const scheme of alternativeSchemes)
      if (scheme.name && context.FANSHELF_STOREFRONT_TOKEN) keys[scheme.name] = context.FANSHELF_STOREFRONT_TOKEN
  return {
    ...(context.FANSHELF_API_USER ? { username: context.FANSHELF_API_USER } : {}),
    ...(context.FANSHELF_API_PASSWORD ? { password: context.FANSHELF_API_PASSWORD } : {}),
    keys,
  }
}

/** The local server's demo credentials over the current ones (the "fill demo" button). */
export function withDemoCredentials(
  current: Credentials,
  operation: TryItOperation,
  demo: DemoCredentials,
): Credentials {
  const keys = { ...current.keys }
  for (const alternativeSchemes of operation.security) {
    for (const scheme of alternativeSchemes)
      if (scheme.name && demo.storefrontToken) keys[scheme.name] = demo.storefrontToken
  }
  return {
    ...current,
    ...(demo.username !== undefined ? { username: demo.username } : {}),
    ...(demo.password !== undefined ? { password: demo.password } : {}),
    ...(demo.bearer !== undefined ? { bearer: demo.bearer } : {}),
    keys,
  }
}
