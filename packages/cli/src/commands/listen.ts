import {
  loadConfig,
  readDemoCredentials,
  runningServerOrigin,
  type WebhookEventType,
  webhookEventTypes,
} from '@fanshelf/api'
import { type Command, parseOptions, UsageError } from '../command.js'
import { ListenStop } from './listen/listen-options.js'
import { listenForWebhooks } from './listen/listen-session.js'
import { ApiError } from './listen/server-api.js'

export type { ListenedDelivery, ListenOptions, ListenSession } from './listen/listen-options.js'
export { ListenStop } from './listen/listen-options.js'
export { listenForWebhooks } from './listen/listen-session.js'
export { listenerPath } from './listen/server-api.js'

function parseEvents(list: string | undefined): WebhookEventType[] {
  if (list === undefined) return [...webhookEventTypes]
  const requested = list
    .split(',')
    .map((type) => type.trim().toUpperCase())
    .filter((type) => type !== '')
  if (requested.length === 0) throw new UsageError('--events lists no event type')
  const unknown = requested.filter((type) => !(webhookEventTypes as readonly string[]).includes(type))
  if (unknown.length > 0) {
    throw new UsageError(`unknown event type ${unknown.join(', ')}; the types are ${webhookEventTypes.join(', ')}`)
  }
  return [...new Set(requested)] as WebhookEventType[]
}

function parseHttpUrl(value: string, option: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`${option} must be an absolute http(s) URL (got "${value}")`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${option} must be an http(s) URL (got "${value}")`)
  }
  return url.toString()
}

/**
 * Stops `listen` on SIGINT or SIGTERM, and on Ctrl+D when stdin is a terminal; answers a function
 * that removes the hooks. Stdin that is not a terminal is left alone: started from a script, with
 * `nohup` or `</dev/null`, stdin is closed or empty from the start and `listen` keeps running.
 * SIGHUP keeps its default (under `nohup` it is ignored, which a handler would undo).
 */
function stopOnExit(controller: AbortController): () => void {
  const onSignal = (name: NodeJS.Signals) => controller.abort(new ListenStop(`received ${name}`))
  const onEnd = () => controller.abort(new ListenStop('end of input (Ctrl+D)'))
  const watchStdin = process.stdin.isTTY === true
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  if (watchStdin) {
    process.stdin.once('end', onEnd)
    process.stdin.resume()
  }
  return () => {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    if (watchStdin) {
      process.stdin.off('end', onEnd)
      process.stdin.pause()
    }
  }
}

export const listenCommand: Command = {
  name: 'listen',
  summary: 'Receive the shop’s webhook deliveries locally and forward them to a URL',
  usage: [
    'Usage: fanshelf listen --forward-to <url> [--events A,B,…] [--server <url>] [--shop <shopId>]',
    '                       [--username <user> --password <password>] [--json]',
    '',
    'Registers a temporary webhook configuration on the running server (POST /open-api/v1.0/webhooks)',
    'that delivers to a listener this command starts on 127.0.0.1, prints each delivery as it arrives',
    '(type, id, attempt) and forwards it — same body, same signature headers — to --forward-to. The',
    'platform gets the target’s status as its answer, so a failing target shows the retries. Prints',
    'the shop’s signing secret to verify signatures with. Ctrl+C or SIGTERM (or Ctrl+D in a terminal)',
    'stops it and removes the configuration; it stops by itself when the server no longer has the',
    'configuration, and says why on stderr. Without a terminal (a script, nohup, </dev/null) it keeps',
    'running. Trigger events with fanshelf trigger <EVENT_TYPE>.',
    '',
    '  --forward-to <url>       where to forward each delivery (e.g. http://127.0.0.1:3000/webhooks)',
    '  --events <A,B,…>         event types to subscribe to (default: all)',
    '  --server <url>           the Fanshelf server (default: the one running on DATA_DIR, else',
    '                           PUBLIC_URL or http://HOST:PORT)',
    '  --shop <id>              the demo shop whose API user to use (default: the first)',
    '  --username, --password   an API user of the shop (default: DATA_DIR/demo-credentials.json)',
    '  --json                   one JSON object per line: {event: ready|delivery|removed, …}',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      server: { type: 'string' },
      shop: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    if (!values['forward-to']) throw new UsageError('--forward-to is required')
    const forwardTo = parseHttpUrl(values['forward-to'], '--forward-to')
    const events = parseEvents(values.events)
    if ((values.username === undefined) !== (values.password === undefined)) {
      throw new UsageError('--username and --password go together')
    }
    const config = loadConfig()
    const server = parseHttpUrl(values.server ?? runningServerOrigin(config), '--server')
    let credentials =
      values.username && values.password ? { username: values.username, password: values.password } : undefined
    if (!credentials) {
      const shops = readDemoCredentials(config.dataDir)?.shops ?? []
      const shop = values.shop ? shops.find((s) => s.id === values.shop) : shops[0]
      if (!shop) {
        io.err(
          values.shop
            ? `fanshelf listen: no demo credentials for shop ${values.shop} in ${config.dataDir}; pass --username and --password.\n`
            : `fanshelf listen: no demo credentials in ${config.dataDir}: start Fanshelf once (npm start) or pass --username and --password.\n`,
        )
        return 1
      }
      credentials = shop.apiUser
    }
    const controller = new AbortController()
    const release = stopOnExit(controller)
    try {
      await listenForWebhooks({ forwardTo, server, credentials, events, json: values.json }, io, controller.signal)
    } catch (error) {
      if (error instanceof ApiError) {
        io.err(`fanshelf listen: ${error.message}\n`)
        return 1
      }
      throw error
    } finally {
      release()
    }
    return 0
  },
}
