import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { parseConfig } from '../../apps/api/src/config.ts'
import { runningServerOrigin } from '../../apps/api/src/running-server.ts'

/**
 * The storefront talks to the storefront API directly from the browser (it answers CORS for any
 * origin). Configuration, from the environment or examples/storefront/.env.local:
 *
 * - VITE_FANSHELF_ORIGIN — the Fanshelf server's origin (the SDK adds /v1);
 * - VITE_FANSHELF_STOREFRONT_TOKEN — the shop's public storefront token.
 *
 * Left unset, `npm run dev` and `npm run preview` answer the page's question (GET
 * /fanshelf-local-server.json, src/connection.ts) with the local server at the time of asking: the
 * origin the server running on DATA_DIR recorded when it started (DATA_DIR/server.json; DATA_DIR
 * defaults to the repository's ./data, as for `npm start`), and the demo shop's storefront token as
 * that server offers it to a local client, else as DATA_DIR/demo-credentials.json has it. So
 * `PORT=4100 npm start` needs no configuration here, and a restarted server is one reload away.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The local Fanshelf server's configuration, its DATA_DIR resolved from the repository root as `npm start` does. */
function localServerConfig() {
  return parseConfig({ ...process.env, DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR || 'data') })
}

function demoCredentialsToken(dataDir: string): string | undefined {
  try {
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      shops?: { storefrontToken?: string }[]
    }
    return credentials.shops?.[0]?.storefrontToken
  } catch {
    return undefined
  }
}

/** The local server's origin and demo storefront token, as the page asks for them. */
async function localServer(): Promise<{ origin: string; storefrontToken?: string }> {
  const config = localServerConfig()
  const origin = runningServerOrigin(config)
  try {
    // The server offers the demo shop's working credentials to a loopback client (the API reference's button).
    const response = await fetch(`${origin}/admin/api/demo-credentials`, { signal: AbortSignal.timeout(2_000) })
    const offered = response.ok ? ((await response.json()) as { storefrontToken?: string }).storefrontToken : undefined
    if (offered) return { origin, storefrontToken: offered }
  } catch {
    // Not running (the page will say so when it tries the origin): fall back to the credentials file.
  }
  const storefrontToken = demoCredentialsToken(config.dataDir)
  return storefrontToken ? { origin, storefrontToken } : { origin }
}

function answerLocalServer(response: ServerResponse): void {
  localServer().then(
    (body) => {
      response.setHeader('content-type', 'application/json')
      response.setHeader('cache-control', 'no-store')
      response.end(JSON.stringify(body))
    },
    (error: unknown) => {
      response.statusCode = 500
      response.setHeader('content-type', 'text/plain')
      response.end(`The local Fanshelf configuration could not be read: ${String(error)}`)
    },
  )
}

/** GET /fanshelf-local-server.json on the dev and preview servers. */
function localFanshelfServer(): Plugin {
  const path = '/fanshelf-local-server.json'
  return {
    name: 'fanshelf-local-server',
    configureServer(server) {
      server.middlewares.use(path, (_request, response) => answerLocalServer(response))
    },
    configurePreviewServer(server) {
      server.middlewares.use(path, (_request, response) => answerLocalServer(response))
    },
  }
}

export default defineConfig({
  plugins: [react(), localFanshelfServer()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { sourcemap: true },
})
