import type http from 'node:http'

/** Headers that describe one hop, not the delivery: never forwarded. */
const hopByHopHeaders = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
])

export function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

export function forwardedHeaders(request: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopByHopHeaders.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}

export function envelopeOf(body: Buffer, request: http.IncomingMessage): { type: string; id: string } {
  const header = request.headers['webhook-id']
  try {
    const envelope = JSON.parse(body.toString('utf8')) as { type?: unknown; id?: unknown }
    return {
      type: typeof envelope.type === 'string' ? envelope.type : '(no type)',
      id: typeof envelope.id === 'string' ? envelope.id : String(header ?? '(no id)'),
    }
  } catch {
    return { type: '(not JSON)', id: String(header ?? '(no id)') }
  }
}
