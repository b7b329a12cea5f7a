import net from 'node:net'

/**
 * A real SMTP receiver on 127.0.0.1 for tests (RFC 5321's happy path, no TLS, no auth): it answers
 * EHLO, MAIL, RCPT, DATA and QUIT and keeps each message. `refuseRecipients` answers 550 to RCPT.
 */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body) as it arrived. */
  raw: string
}

export async function startSmtpReceiver() {
  const messages: ReceivedMail[] = []
  const state = { refuseRecipients: false }
  const waiters: (() => void)[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], raw: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 localhost test SMTP')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.')
          buffer = buffer.slice(end + 5)
          inData = false
          messages.push(current)
          current = { from: '', to: [], raw: '' }
          reply('250 queued')
          for (const wake of waiters.splice(0)) wake()
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline < 0) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250-localhost\r\n250 8BITMIME')
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          reply('250 ok')
        } else if (verb === 'RCPT') {
          if (state.refuseRecipients) reply('550 no such mailbox')
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
            reply('250 ok')
          }
        } else if (verb === 'DATA') {
          inData = true
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'RSET') {
          current = { from: '', to: [], raw: '' }
          reply('250 ok')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    state,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number): Promise<void> {
      while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The decoded text body of a received message (7bit, quoted-printable or base64). */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** A header's value (first occurrence). */
export function mailHeader(raw: string, name: string): string | undefined {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]
}
