import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
// A relative import: the config's bundler leaves packages (even workspace ones) to Node, which cannot load .ts.
import { designSystemCss } from '../../packages/ui/src/design-system-css.ts'
import { parseConfig } from '../api/src/config.ts'
import { runningServerOrigin } from '../api/src/running-server.ts'
import { fanshelfContract } from './build/contract-module.ts'

/**
 * The merchant admin SPA, served by the API under /admin (apps/api/src/modules/admin/admin-spa.ts).
 * `npm run dev -w apps/admin` proxies /admin/api and the media to a running API: ADMIN_API_ORIGIN,
 * else the server running on DATA_DIR (the origin it recorded at its start in DATA_DIR/server.json),
 * else the origin the same environment would give `npm start` (PUBLIC_URL, else http://HOST:PORT).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function apiOrigin(): string {
  if (process.env.ADMIN_API_ORIGIN) return process.env.ADMIN_API_ORIGIN
  // DATA_DIR as `npm start` resolves it from the repository root (this runs in apps/admin).
  return runningServerOrigin(
    parseConfig({ ...process.env, DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR || 'data') }),
  )
}

/**
 * `import 'virtual:fanshelf-design-system.css'`: the tokens and components of @fanshelf/ui (one TS
 * source, decision 0052) as a stylesheet the build emits as a file — the admin's CSP allows styles
 * from this origin only, never inline.
 */
function designSystem(): Plugin {
  const id = 'virtual:fanshelf-design-system.css'
  return {
    name: 'fanshelf-design-system',
    resolveId: (source) => (source === id ? id : undefined),
    load: (source) => (source === id ? designSystemCss : undefined),
  }
}

/** The server-rendered pages under /admin (the one sign-in page, consent, password links) in dev. */
const serverPages = [
  '/admin/sign-in',
  '/admin/login',
  '/admin/sign-out',
  '/admin/forgot-password',
  '/admin/set-password',
  '/admin/platform-apps',
]

export default defineConfig(({ command }) => {
  const origin = command === 'serve' ? apiOrigin() : undefined
  return {
    base: '/admin/',
    plugins: [react(), fanshelfContract(), designSystem()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: true,
    },
    server: origin
      ? { proxy: Object.fromEntries(['/admin/api', '/media', ...serverPages].map((prefix) => [prefix, origin])) }
      : {},
  }
})
