import { createServer } from 'node:http'
import { verifyFanshelfSignature } from '../signature/verify.ts'

// A minimal webhook receiver on node:http: verify, de-duplicate on `id`, acknowledge fast,
// then process. Run it with FANSHELF_WEBHOOK_SECRET set and point a webhook configuration at it.
const secret = process.env.FANSHELF_WEBHOOK_SECRET ?? ''
const port = Number(process.env.PORT ?? 8787)

interface WebhookEvent {
  id: string
  type: string
  testMode: boolean
  shopId: string
  data: unknown
}

// Use a table with a unique key on the event id in production: this set forgets on restart.
const seen = new Set<string>()
const queue: WebhookEvent[] = []

function handle(event: WebhookEvent): void {
  console.log(`handled ${event.type} ${event.id}${event.testMode ? ' (test)' : ''}`)
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST' }).end()
    return
  }
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    // Verify the exact bytes received, before parsing them.
    const rawBody = Buffer.concat(chunks)
    const signature = request.headers['x-fanshelf-hmac-sha256']
    if (!verifyFanshelfSignature(rawBody, typeof signature === 'string' ? signature : undefined, secret)) {
      response.writeHead(401).end()
      return
    }
    const event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent
    // Retries and replays repeat the same id: acknowledge them, process once.
    if (!seen.has(event.id)) {
      seen.add(event.id)
      queue.push(event)
    }
    // Answer within the timeout; the work happens after the answer.
    response.writeHead(204).end()
    setImmediate(() => {
      for (let next = queue.shift(); next; next = queue.shift()) handle(next)
    })
  })
})

server.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/`))
