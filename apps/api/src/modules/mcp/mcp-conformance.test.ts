import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, its `server` command,
 * active suite) against `/mcp` of a listening server (decision 0051). Its expected failures are
 * mcp-conformance-baseline.yaml, each with its reason (the AI agents guide lists them): the run
 * fails on a new failure, and on a listed failure that now passes. The suite sends no credentials,
 * so it talks to a small proxy in front of the server that adds the demo API user's Basic header,
 * as a reverse proxy would, and PUBLIC_URL is the proxy's `http://localhost:<port>` (the
 * DNS-rebinding scenario needs a localhost URL and an accepted Origin).
 */

const here = import.meta.dirname
const repoRoot = path.resolve(here, '../../../../..')
const require = createRequire(import.meta.url)
const cliPackage = require.resolve('@modelcontextprotocol/conformance/package.json')
const cli = path.join(path.dirname(cliPackage), 'dist/index.js')
/** Node 20 has no fs.globSync, which the CLI imports (testing/conformance-node20-hooks.mjs). */
const hooks = new URL('./testing/conformance-node20-hooks.mjs', import.meta.url).href
const nodeOptions =
  'globSync' in (await import('node:fs'))
    ? []
    : ['--import', `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hooks)})`]

interface Baseline {
  version: string
  passing: string[]
  server: Array<{ scenario: string; kind: string; reason: string }>
}
const baseline = parse(readFileSync(path.join(here, 'mcp-conformance-baseline.yaml'), 'utf8')) as Baseline

let platform: TestPlatform
let proxy: Server
let url: string
let workDir: string

async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

beforeAll(async () => {
  const [serverPort, proxyPort] = [await freePort(), await freePort()]
  platform = await createTestPlatform({ overrides: { publicUrl: `http://localhost:${proxyPort}` } })
  await platform.app.listen({ host: '127.0.0.1', port: serverPort })
  const { username, password } = platform.demo.apiUser
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  proxy = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, authorization: incoming.headers.authorization ?? basic }
    const upstream = request(
      { host: '127.0.0.1', port: serverPort, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve))
  url = `http://localhost:${proxyPort}/mcp`
  workDir = await mkdtemp(path.join(tmpdir(), 'fanshelf-conformance-'))
})

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await platform?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('the official MCP conformance suite against /mcp', () => {
  it('is the version the baseline was measured with', () => {
    const installed = JSON.parse(readFileSync(cliPackage, 'utf8')).version
    const wanted = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).devDependencies[
      '@modelcontextprotocol/conformance'
    ]
    expect(installed).toBe(baseline.version)
    expect(wanted).toBe(baseline.version)
  })

  it('passes every scenario of the active suite but the baseline’s, and fails each of those', async () => {
    const expectedFailures = path.join(workDir, 'expected-failures.yaml')
    writeFileSync(expectedFailures, stringify({ server: baseline.server.map((row) => row.scenario) }))
    const run = await promisify(execFile)(
      process.execPath,
      [...nodeOptions, cli, 'server', '--url', url, '--suite', 'active', '--expected-failures', expectedFailures],
      { cwd: workDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''}\nexit code ${error.code}`,
    }))
    const summary = run.stdout.slice(run.stdout.lastIndexOf('=== SUMMARY ==='))
    const names = (pattern: RegExp) => [...summary.matchAll(pattern)].map((match) => match[1] as string).sort()
    // The CLI's baseline check counts a scenario with a warning as failing, though its summary line
    // shows ✓ when no check failed: failing = listed as expected (~) or unexpected (✗) below it.
    const failing = names(/^ {2}[~✗] (\S+)$/gm)
    const passing = names(/^[✓✗] (\S+): /gm).filter((name) => !failing.includes(name))
    const report = `${summary}\n${run.stderr}`
    expect(passing, report).toEqual([...baseline.passing].sort())
    expect(failing, report).toEqual(baseline.server.map((row) => row.scenario).sort())
    expect(summary, report).toContain('Baseline check passed')
  }, 300_000)
})
