import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from '@docusaurus/types'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

/**
 * Keeps Prism out of the browser (config/code-tokens.ts says why). Code blocks carry build-time
 * tokens; `@fanshelf/code-highlighter` is what a code block without them falls back to: Prism in the
 * server render, and in the browser plain text with an error naming the block, since the browser
 * bundle has no Prism. The theme's client module that loads Prism's extra languages is replaced by
 * nothing in the browser bundle for the same reason.
 */
export default function codeTokensPlugin(): Plugin {
  return {
    name: 'fanshelf-code-tokens',
    configureWebpack(_config, isServer) {
      const includeLanguages = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js')
      return {
        resolve: {
          alias: {
            '@fanshelf/code-highlighter': path.join(
              here,
              isServer ? 'highlighter.server.ts' : 'highlighter.browser.ts',
            ),
            ...(isServer ? {} : { [`${includeLanguages}$`]: path.join(here, 'no-languages.ts') }),
          },
        },
      }
    },
  }
}
