import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The checkout's browser entry (src/client.tsx), built ahead of time (decision 0045): one
 * minified, content-hashed module under dist/assets/ and a manifest (dist/.vite/manifest.json)
 * the API reads to put the right `<script type="module">` into its server-rendered pages and to
 * serve the file at /checkout/assets/<name>. No HTML entry: the API renders the documents.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/checkout/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    manifest: true,
    modulePreload: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { checkout: 'src/client.tsx' },
      output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
})
