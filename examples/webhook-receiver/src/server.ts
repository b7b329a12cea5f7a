import { createReceiver } from './receiver.js'

// Configuration comes from the environment:
//   FANSHELF_WEBHOOK_SECRET  the shop's webhook secret (whsec_…, from GET /webhooks-secret with the API
//                            user) or, for a platform app's configurations, the app's HMAC key (which
//                            GET /webhooks-secret answers the app's token), required; several,
//                            comma-separated, while a secret rotation is in progress
//   PORT (default 3000), HOST (default 127.0.0.1), WEBHOOK_PATH (default /webhooks)
const secrets = (process.env.FANSHELF_WEBHOOK_SECRET ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
if (secrets.length === 0) {
  console.error('Set FANSHELF_WEBHOOK_SECRET to the webhook secret (GET /open-api/v1.0/webhooks-secret).')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const path = process.env.WEBHOOK_PATH ?? '/webhooks'

const server = createReceiver({ secret: secrets, path })
server.listen(port, host, () => {
  console.log(`Receiving Fanshelf webhooks at http://${host}:${port}${path}`)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)))
