import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
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

export default defineConfig(({ command }) => {
  const origin = command === 'serve' ? apiOrigin() : undefined
  return {
    base: '/admin/',
    plugins: [react(), fanshelfContract()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: true,
    },
    server: origin ? { proxy: { '/admin/api': origin, '/media': origin } } : {},
  }
})
