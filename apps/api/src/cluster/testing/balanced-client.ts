/**
 * The cluster tests' HTTP client, behaving as a load balancer in front of the API nodes does:
 * requests go round-robin (or to the node asked for), and a request that fails on the connection —
 * refused because the node is down, or reset because it died mid-request — is sent again to the
 * next node. A load balancer retries only what it knows to be safe; this client retries every
 * method, POSTs included, so the platform's idempotency (a cart checks out once, a fulfilment's
 * tracking number is its key) is what keeps a retried write from happening twice.
 */
export interface BalancedResponse {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers.
  body: any
  headers: Headers
  /** The node (0-based) that answered. */
  node: number
  /** Attempts that failed on the connection before this answer. */
  retries: number
  /** Date.now() when the request was first sent and when the answer was complete. */
  sentAt: number
  receivedAt: number
}

export interface RequestOptions {
  method?: string
  body?: unknown
  /** A form body (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>
  headers?: Record<string, string>
  basic?: { username: string; password: string }
  /** Send to this node first (0-based); the failover still moves on to the others. */
  node?: number
}

export interface BalancedClient {
  request(path: string, options?: RequestOptions): Promise<BalancedResponse>
  /** Requests that had to be sent again because a node was down or died. */
  readonly failovers: number
  /**
   * Why, per `METHOD /path error`: `ECONNREFUSED` and `NODE_DOWN` never reached a node; any other
   * error was sent to a node that died before answering — the write may or may not have happened.
   */
  readonly failoverCauses: ReadonlyMap<string, number>
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ?? (error as { code?: string }).code ?? (error as Error).message
}

/** A failure of the connection (refused, reset, closed early), as opposed to an HTTP answer. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code ?? (error as { code?: string }).code ?? ''
  return (
    error.name === 'TypeError' ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ETIMEDOUT'].includes(code) ||
    /other side closed|socket hang up|terminated/i.test(`${error.message} ${cause?.message ?? ''}`)
  )
}

export function createBalancedClient(
  nodeUrls: () => readonly (string | undefined)[],
  options: { giveUpAfterMs?: number } = {},
): BalancedClient {
  let next = 0
  let failovers = 0
  const failoverCauses = new Map<string, number>()
  const giveUpAfterMs = options.giveUpAfterMs ?? 60_000
  return {
    get failovers() {
      return failovers
    },
    failoverCauses,
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers }
      let payload: string | undefined
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        payload = new URLSearchParams(init.form).toString()
      } else if (init.body !== undefined) {
        headers['content-type'] = 'application/json'
        payload = JSON.stringify(init.body)
      }
      if (init.basic) {
        headers.authorization = `Basic ${Buffer.from(`${init.basic.username}:${init.basic.password}`).toString('base64')}`
      }
      const sentAt = Date.now()
      let node = init.node ?? next++
      let retries = 0
      for (;;) {
        const urls = nodeUrls()
        const index = node % urls.length
        const base = urls[index]
        try {
          // An undefined URL is a node being restarted: the same as a refused connection.
          if (!base) throw Object.assign(new TypeError('fetch failed: node is down'), { code: 'NODE_DOWN' })
          const response = await fetch(`${base}${path}`, {
            method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
            headers,
            ...(payload === undefined ? {} : { body: payload }),
            redirect: 'manual',
            // A node that accepted the request but never answers fails the test rather than hanging it.
            signal: AbortSignal.timeout(60_000),
          })
          const text = await response.text()
          let body: unknown = text
          if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text)
          return {
            status: response.status,
            body,
            headers: response.headers,
            node: index,
            retries,
            sentAt,
            receivedAt: Date.now(),
          }
        } catch (error) {
          if (!isConnectionError(error) || Date.now() - sentAt > giveUpAfterMs) throw error
          retries++
          failovers++
          const cause = `${init.method ?? (payload === undefined ? 'GET' : 'POST')} ${path.split('?')[0]} ${errorCode(error)}`
          failoverCauses.set(cause, (failoverCauses.get(cause) ?? 0) + 1)
          node = index + 1
          // Every node may be down for a moment (both restarting): back off a little.
          if (retries % urls.length === 0) await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    },
  }
}
