/**
 * The server as `npm start` runs it — `fanshelf start` from the bundle scripts/build-server.ts
 * builds, in a process of its own, through npm start's allocator launcher — for the benchmarks that report
 * its memory. Load generators live in the benchmark's process, so the server's resident set is
 * measured alone: `memory()` reads the kernel's figures for that process (VmRSS now, VmHWM the
 * peak since it started, seeding the demo shops included).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { buildServer } from '../scripts/build-server.js'
import { serverLauncher, serverNodeFlags } from '../scripts/server-flags.js'
import { type ProcessMemory, processMemory } from './process-memory.js'

const repoRoot = path.resolve(import.meta.dirname, '..')

export interface ServerProcess {
  origin: string
  pid: number
  /** The demo shops' credentials the first start wrote (`DATA_DIR/demo-credentials.json`). */
  credentials: DemoCredentialsFile
  memory(): ProcessMemory
  stop(): Promise<void>
}

export interface DemoCredentialsFile {
  shops: Array<{ id: string; apiUser: { username: string; password: string }; storefrontToken: string }>
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilServing(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`fanshelf start exited with ${child.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`fanshelf start did not answer ${origin}/healthz within 180 s:\n${output()}`)
}

/**
 * Starts `fanshelf start` over `dataDir` (seeding the demo shops into an empty database) with
 * `env` added to this process's environment, and resolves once it answers /healthz.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const bundle = await buildServer()
  const child = spawn(serverLauncher, [process.execPath, ...serverNodeFlags(), bundle, 'start'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  await waitUntilServing(origin, child, () => log)
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
  ) as DemoCredentialsFile
  const pid = child.pid ?? 0
  return {
    origin,
    pid,
    credentials,
    memory: () => processMemory(pid),
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}
