import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ClusterProcess, freePort, until } from './cluster-process.js'

/** A private Redis server on loopback (random free port, no persistence) for the local cluster. */
export interface LocalRedis {
  readonly process: ClusterProcess
  readonly port: number
  /** `redis://127.0.0.1:<port>` */
  readonly url: string
  /** Its working directory (removed by stop). */
  readonly dir: string
  stop(): Promise<void>
}

/** One PING on a fresh connection; resolves on +PONG. */
export function pingRedis(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.setTimeout(1000, () => socket.destroy(new Error('timeout')))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
      if (answer.includes('\r\n')) {
        socket.end()
        if (answer.startsWith('+PONG')) resolve()
        else reject(new Error(`Redis answered ${answer.trim()}`))
      }
    })
    socket.on('error', reject)
  })
}

export async function startLocalRedis(options: {
  logFile: string
  /** Told of its directory and process as soon as they exist (for an exit handler's clean-up). */
  register?: (owned: { dir: string } | { process: ClusterProcess }) => void
  /** Gives up (and cleans up) when this aborts. */
  signal?: AbortSignal
}): Promise<LocalRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cluster-redis-'))
  options.register?.({ dir })
  const port = await freePort()
  const server = new ClusterProcess({
    name: 'redis',
    command: 'redis-server',
    args: ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
    env: { PATH: process.env.PATH },
    cwd: dir,
    logFile: options.logFile,
    ready: (_process, _since, signal) => until(() => pingRedis(port), signal),
  })
  options.register?.({ process: server })
  try {
    await server.start(options.signal)
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    process: server,
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    async stop() {
      await server.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
