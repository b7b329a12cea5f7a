import type { Io } from '../../command.js'
import { type ListenOptions, ListenStop } from './listen-options.js'
import { basicAuth, fetchFailure, webhooksPath } from './server-api.js'

/**
 * Checks `configurationId` on the server every `intervalMs` until `stopped`: aborts `stop` when the
 * server says it is gone (404) or refuses the credentials (401/403); reports once on stderr when
 * the server cannot be reached, and again when it is back.
 */
export function watchConfiguration(
  options: ListenOptions,
  configurationId: string,
  intervalMs: number,
  io: Io,
  stop: AbortController,
  stopped: AbortSignal,
): { cancel(): void } {
  let timer: NodeJS.Timeout | undefined
  let unreachable = false
  const url = new URL(`${webhooksPath}/${encodeURIComponent(configurationId)}`, options.server)
  async function check() {
    let status: number
    try {
      const response = await fetch(url, {
        headers: { authorization: basicAuth(options.credentials) },
        signal: AbortSignal.any([stopped, AbortSignal.timeout(Math.max(intervalMs, 5_000))]),
      })
      await response.body?.cancel()
      status = response.status
    } catch (error) {
      if (stopped.aborted) return
      if (!unreachable) {
        io.err(
          `fanshelf listen: cannot reach the Fanshelf server at ${options.server} (${fetchFailure(error)}); ` +
            'still listening: deliveries resume when it is back.\n',
        )
      }
      unreachable = true
      return
    }
    if (unreachable) io.err(`fanshelf listen: the Fanshelf server at ${options.server} is back.\n`)
    unreachable = false
    if (status === 404) {
      stop.abort(
        new ListenStop(
          `webhook configuration ${configurationId} no longer exists on ${options.server} (deleted, or the database was reset)`,
          { cause: 'gone' },
        ),
      )
    } else if (status === 401 || status === 403) {
      stop.abort(new ListenStop(`${options.server} no longer accepts the API user's credentials (${status})`))
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped.aborted) schedule()
      })
    }, intervalMs)
  }
  schedule()
  return { cancel: () => clearTimeout(timer) }
}
