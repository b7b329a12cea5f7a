import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from '@docusaurus/types'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The module of @docusaurus/core that prefetches one chunk file; ./prefetch.ts replaces it. */
export const replacedModule = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/

/**
 * Prefetch each chunk file once (decision 0054). When a link to another page comes into view,
 * Docusaurus prefetches every chunk of that page's routes — the docs layout, the version, the
 * sidebar and the page — with one `<link rel="prefetch">` each, without asking whether an earlier
 * link or the page itself already loaded it. A guide with a sidebar prefetched ~235 files this way
 * on a phone, most of them the same few shared chunks over and over: that many elements appended to
 * `<head>` and requests queued while the page was still starting. The replacement skips a file
 * already prefetched or already fetched by the page, and otherwise does what Docusaurus did.
 */
export default function prefetchOncePlugin(): Plugin {
  return {
    name: 'fanshelf-prefetch-once',
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {}
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(replacedModule, path.join(here, 'prefetch.ts')),
        ],
      }
    },
  }
}
