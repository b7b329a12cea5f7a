import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http, { type IncomingMessage } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverBundleArgs } from '../fanshelf-start.js'

/**
 * A Fanshelf server for one spec file: `fanshelf serve --role all` (API and webhook worker in one
 * process, as `npm start` runs) on a spare loopback port with a temporary DATA_DIR (fresh SQLite,
 * demo shops seeded on boot), and a local webhook receiver.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface DemoShop {
  id: string
  apiUser: { username: string; password: string }
  storefrontToken: string
}

export interface RunningServer {
  origin: string
  demo: DemoShop
  /** HTTP Basic header of the demo shop's API user. */
  authorization: string
  stop(): void
}

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export async function startServer(): Promise<RunningServer> {
  const port = await sparePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fanshelf-checkout-e2e-'))
  // The docs site is not under test: a stub keeps `serve` from building it.
  const siteDir = path.join(dataDir, 'site')
  mkdirSync(siteDir)
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Fanshelf</title>')
  // The bundle `npm start` runs, in one process, stopped with its process group.
  const child: ChildProcess = spawn(process.execPath, serverBundleArgs('serve', '--role', 'all'), {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`${origin}/readyz`)
      const credentials = path.join(dataDir, 'demo-credentials.json')
      if (response.ok) {
        const demo = (JSON.parse(readFileSync(credentials, 'utf8')) as { shops: DemoShop[] }).shops[0]!
        const authorization = `Basic ${Buffer.from(`${demo.apiUser.username}:${demo.apiUser.password}`).toString('base64')}`
        return { origin, demo, authorization, stop }
      }
    } catch {
      // not listening (or not seeded) yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stop()
  throw new Error(`The server did not start within 60 s:\n${output}`)
}

export interface WebhookReceiver {
  url: string
  received: { headers: IncomingMessage['headers']; body: { type: string; data: { id: string } } }[]
  close(): Promise<void>
}

/** A webhook receiver on loopback that records every delivery and answers 200. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/fanshelf`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
