import type { Plugin } from '@docusaurus/types'
// The tokens entry only (no React): the package's index also exports its components.
import { tokensCss } from '@fanshelf/ui/tokens'

/**
 * Fanshelf's design tokens (`--fs-*`, packages/ui/src/tokens.ts) in the head of every page the build
 * emits, guides and API reference alike, so src/css/custom.css can map Infima's variables onto them:
 * the docs share one source of colour, type, radius and focus ring with the admin, the hosted checkout
 * and the sign-in and consent pages. Inline (about 2 KB), so no request blocks the first paint, and
 * nothing is generated into the repository (no file to drift). The site's CSP allows inline styles.
 */
export default function designTokensPlugin(): Plugin {
  return {
    name: 'fanshelf-design-tokens',
    injectHtmlTags() {
      return {
        headTags: [{ tagName: 'style', attributes: { 'data-fanshelf-tokens': 'true' }, innerHTML: tokensCss }],
      }
    },
  }
}
