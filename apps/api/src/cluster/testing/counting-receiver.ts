import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Readable } from 'node:stream'
import { createReceiver } from '../../../../../examples/webhook-receiver/src/receiver.js'

/**
 * A real webhook receiver for the cluster tests: the example receiver (examples/webhook-receiver:
 * verifies the signature, answers 200, 401 when it cannot verify) behind a front server that
 * records every request it passes on — duplicates included — and, on Linux, which process sent it
 * (the PID owning the other end of the TCP connection), so a test can tell the workers apart.
 */
export interface ReceivedDelivery {
  /** `webhook-id` header (= the envelope's `id`, `weve_…`). */
  webhookId: string
  /** The envelope's `webhookId`: the configuration it was sent for. */
  configurationId: string
  type: string
  /** The envelope's `data.id` (the order, promotion… the event is about). */
  subjectId: string | undefined
  /** The receiver's answer: 200 (verified) or 401 (signature refused). */
  status: number
  /** The sending process, when it could be told (one of `senderPids()`). */
  senderPid: number | undefined
}

export interface CountingReceiver {
  /** Where deliveries go: `http://127.0.0.1:<port>/webhooks`. */
  readonly url: string
  readonly deliveries: readonly ReceivedDelivery[]
  /** Requests per `webhook-id`. */
  countsByWebhookId(): Map<string, number>
  close(): Promise<void>
}

/** `0100007F:1F90` → port 8080 (the port half of /proc/net/tcp's address). */
function portOf(address: string): number {
  return Number.parseInt(address.split(':')[1] ?? '', 16)
}

/** The socket inode of the TCP connection from `localPort` to `remotePort` (Linux /proc). */
function connectionInode(localPort: number, remotePort: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = fs.readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields.length < 10) continue
      if (portOf(fields[1]!) === localPort && portOf(fields[2]!) === remotePort) return fields[9]
    }
  }
  return undefined
}

/** Which of `pids` holds the socket `inode` open. */
function ownerOf(inode: string, pids: readonly number[]): number | undefined {
  const target = `socket:[${inode}]`
  for (const pid of pids) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return pid
        } catch {}
      }
    } catch {}
  }
  return undefined
}

export async function startCountingReceiver(options: {
  /** The shop's webhook secret (GET /webhooks-secret). */
  secret: string
  /** The processes that may send (the workers' PIDs now). */
  senderPids?: () => readonly (number | undefined)[]
}): Promise<CountingReceiver> {
  const verifier = createReceiver({ secret: options.secret, path: '/webhooks', log: () => {} })
  const deliveries: ReceivedDelivery[] = []
  const senders = new WeakMap<Socket, number | undefined>()
  const front = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    // Read the body once here to record it, then hand the request over with the same bytes.
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks)
      let envelope: { webhookId?: string; type?: string; data?: { id?: string } } = {}
      try {
        envelope = JSON.parse(raw.toString('utf8'))
      } catch {}
      response.on('finish', () => {
        deliveries.push({
          webhookId: String(request.headers['webhook-id'] ?? ''),
          configurationId: String(envelope.webhookId ?? ''),
          type: String(envelope.type ?? ''),
          subjectId: envelope.data?.id,
          status: response.statusCode,
          senderPid: senders.get(request.socket),
        })
      })
      // What the example receiver reads of a request: method, url, headers and the body stream.
      const replay = Object.assign(Readable.from([raw]), {
        method: request.method,
        url: request.url,
        headers: request.headers,
      }) as unknown as http.IncomingMessage
      verifier.emit('request', replay, response)
    })
  })
  front.on('connection', (socket: Socket) => {
    const pids = (options.senderPids?.() ?? []).filter((pid): pid is number => pid !== undefined)
    const inode = socket.remotePort
      ? connectionInode(socket.remotePort, (front.address() as AddressInfo).port)
      : undefined
    senders.set(socket, inode ? ownerOf(inode, pids) : undefined)
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const port = (front.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    countsByWebhookId() {
      const counts = new Map<string, number>()
      for (const d of deliveries) counts.set(d.webhookId, (counts.get(d.webhookId) ?? 0) + 1)
      return counts
    },
    close() {
      front.closeAllConnections()
      return new Promise((resolve) => front.close(() => resolve()))
    },
  }
}
