import type { ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The samples the guides show (apps/site/samples), run for real: every shell sample passes
 * `bash -n`; the TypeScript samples type-check against the built @fanshelf/sdk; and the samples that
 * only need the seeded demo shop run against a Fanshelf started here (`fanshelf start` on a free port
 * with its own data directory): the curl samples, the SDK samples (`tsx`), the CLI samples (`npx
 * fanshelf …` from the repository root, on the same DATA_DIR) and the webhook receiver the guides
 * quote (a copy of examples/webhook-receiver, fed real, forged and replayed deliveries).
 *
 * The SDK samples import `@fanshelf/sdk` as published, from packages/sdk/dist: build it first
 * (`npm run build -w @fanshelf/sdk`).
 */

// Where the samples are, the tools that run them, and the waits and clean-ups around a run.

/** The samples directory (apps/site/samples). */
export const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = path.resolve(here, '../../..')
export const tsx = path.join(repoRoot, 'node_modules/.bin/tsx')
export const tsc = path.join(repoRoot, 'node_modules/.bin/tsc')
export const sdkDist = path.join(repoRoot, 'packages/sdk/dist/index.js')

export function requireBuiltSdk(): void {
  if (!existsSync(sdkDist)) {
    throw new Error(
      'The SDK samples import @fanshelf/sdk from packages/sdk/dist: run `npm run build -w @fanshelf/sdk` first.',
    )
  }
}

/**
 * Output that changes from run to run (ids, times, ports, latencies, the product trigger picks),
 * replaced by placeholders so that a transcript in a guide can be compared with a real run.
 */
export function normalizeOutput(text: string): string[] {
  return text
    .replace(/\b(wcon|weve|evt|don|ch)_[A-Za-z0-9_-]{22}\b/g, '$1_…')
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_…')
    .replace(/\bsh_[A-Za-z0-9_-]{22}\b/g, 'sh_…')
    .replace(/\bfsal_[A-Za-z0-9_-]+/g, 'fsal_…')
    .replace(/sh_[0-9a-f-]{36}/g, 'sh_…')
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, 'DATETIME')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/\b\d\d:\d\d:\d\d\.\d{3}\b/g, 'TIME')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/\(\d+ ms\)/g, '(N ms)')
    .replace(/order [A-Z0-9]{8} /g, 'order FRIENDLY ')
    .replace(/1 × .+?, paid/g, '1 × PRODUCT, paid')
    .replace(/→ \d+ deliver(y|ies): weve_…( weve_…)*/g, '→ DELIVERIES')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.startsWith('npm warn'))
}

/** Waits until `read()` contains `text` (a child's output), failing with what it printed. */
export async function outputContains(read: () => string, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for "${text}" in:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export function shellSamples(): string[] {
  return ['http', 'storefront', 'cli'].flatMap((dir) =>
    readdirSync(path.join(here, dir))
      .filter((file) => file.endsWith('.sh'))
      .map((file) => `${dir}/${file}`),
  )
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await fetch(url)
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

export function stop(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    child.kill('SIGTERM')
  }
}
