import fs from 'node:fs'
import path from 'node:path'
import type { Config } from './config.js'

/**
 * DATA_DIR/server.json: the public origin of the server that last started on this data directory.
 * The tools that run beside a local server on the same data — `fanshelf trigger` (the redeem and media
 * URLs it writes into payloads), `listen` and `demo-credentials`, the admin's and the example
 * storefront's dev servers — read it, so that `PORT=4100 npm start` in one terminal is all they need
 * to know: none of them has to be told the port again.
 */
export const runningServerFile = 'server.json'

export interface RunningServer {
  /** The server's PUBLIC_URL (else http://HOST:PORT): where its pages, APIs and links are. */
  publicUrl: string
}

/** Writes DATA_DIR/server.json; called once the server listens. */
export function recordRunningServer(dataDir: string, server: RunningServer): string {
  const file = path.join(dataDir, runningServerFile)
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify({ publicUrl: server.publicUrl }, null, 2)}\n`)
  return file
}

/** Reads DATA_DIR/server.json; undefined when no server has started on this data directory. */
export function readRunningServer(dataDir: string): RunningServer | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dataDir, runningServerFile), 'utf8'))
  } catch {
    return undefined
  }
  const publicUrl = (parsed as Partial<RunningServer> | null)?.publicUrl
  if (typeof publicUrl !== 'string') return undefined
  try {
    return { publicUrl: new URL(publicUrl).href.replace(/\/$/, '') }
  } catch {
    return undefined
  }
}

/**
 * The origin of the Fanshelf server working on `config`'s data: the one recorded by the server that
 * last started on its DATA_DIR, else the configuration's own public URL (PUBLIC_URL, else
 * http://HOST:PORT).
 */
export function runningServerOrigin(config: Pick<Config, 'dataDir' | 'publicUrl'>): string {
  return readRunningServer(config.dataDir)?.publicUrl ?? config.publicUrl
}
