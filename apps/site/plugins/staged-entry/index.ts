import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from '@docusaurus/types'

const here = path.dirname(fileURLToPath(import.meta.url))

/** Docusaurus' browser entry; ./entry.ts takes its place and imports it (with a query, so it is not replaced again). */
export const replacedEntry = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/

/**
 * Start the page in stages (decision 0055). Docusaurus' entry evaluates React DOM, the router, the
 * route table, every client module, the theme's shell and the app, then starts loading the page's
 * chunks, all in the one task that runs `main.js` — on a phone the longest task of a docs page. The
 * replacement entry (./entry.ts) evaluates the same modules one group per task and ends with
 * Docusaurus' entry, which hydrates as before.
 */
export default function stagedEntryPlugin(): Plugin {
  return {
    name: 'fanshelf-staged-entry',
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {}
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(replacedEntry, path.join(here, 'entry.ts')),
        ],
      }
    },
  }
}
