import { createHash } from 'node:crypto'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * The checkout's client bundle (decision 0008): ui/checkout-client.ts with React, bundled and
 * minified by esbuild in memory on first use — no build step, no files written — and served
 * under a content-hashed name, so browsers may cache it for good.
 */
export interface ClientBundle {
  /** `checkout-<hash>.js` */
  fileName: string
  code: Buffer
  gzipped: Buffer
}

const entry = path.join(import.meta.dirname, 'ui', 'checkout-client.ts')

export function createClientBundle(): { get(): Promise<ClientBundle> } {
  let pending: Promise<ClientBundle> | undefined
  return {
    get() {
      pending ??= build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: ['es2020'],
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"production"' },
      }).then(
        (result) => {
          const output = result.outputFiles[0]
          if (!output) throw new Error('esbuild produced no checkout bundle')
          const code = Buffer.from(output.contents)
          const hash = createHash('sha256').update(code).digest('base64url').slice(0, 12)
          return { fileName: `checkout-${hash}.js`, code, gzipped: gzipSync(code, { level: 9 }) }
        },
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
  }
}
