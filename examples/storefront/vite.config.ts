import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'

/**
 * The storefront talks to the storefront API directly from the browser (it answers CORS for any
 * origin). Configuration, read at dev/build time:
 *
 * - VITE_FANSHELF_API_URL — the API host (default http://127.0.0.1:4000, the local `npm start`);
 * - VITE_STOREFRONT_TOKEN — the shop's public storefront token; when unset, the demo shop's token is read
 *   from DATA_DIR/demo-credentials.json (DATA_DIR defaults to the repository's ./data, as `npm start`).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function demoStorefrontToken(): string | undefined {
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR ?? 'data')
  try {
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      shops?: { storefrontToken?: string }[]
    }
    return credentials.shops?.[0]?.storefrontToken
  } catch {
    return undefined
  }
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }
  const apiUrl = env.VITE_FANSHELF_API_URL || 'http://127.0.0.1:4000'
  const token = env.VITE_STOREFRONT_TOKEN || demoStorefrontToken() || ''
  if (!token) {
    // Still build (the repository's `npm run build` builds every workspace); the page explains what is missing.
    console.warn(
      'No storefront token: start the local server first (npm start writes DATA_DIR/demo-credentials.json) ' +
        'or set VITE_STOREFRONT_TOKEN.',
    )
  }
  return {
    plugins: [react()],
    define: {
      'import.meta.env.VITE_FANSHELF_API_URL': JSON.stringify(apiUrl),
      'import.meta.env.VITE_STOREFRONT_TOKEN': JSON.stringify(token),
    },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    build: { sourcemap: true },
  }
})
