import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fanshelfContract } from './build/contract-module.ts'

/**
 * The merchant admin SPA, served by the API under /admin (apps/api/src/modules/admin/admin-spa.ts).
 * `npm run dev -w apps/admin` proxies /admin/api and the media to a running API (ADMIN_API_ORIGIN,
 * default http://127.0.0.1:4000).
 */
const apiOrigin = process.env.ADMIN_API_ORIGIN ?? 'http://127.0.0.1:4000'

export default defineConfig({
  base: '/admin/',
  plugins: [react(), fanshelfContract()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/admin/api': apiOrigin,
      '/media': apiOrigin,
    },
  },
})
