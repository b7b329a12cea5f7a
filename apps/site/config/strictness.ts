import type { Config } from '@docusaurus/types'

/**
 * Link checking and URL shape shared by the site and by the broken-link fixture in e2e/site, so
 * the fixture proves that these exact settings fail a build on a broken link or anchor.
 */
export const strictness = {
  trailingSlash: true,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },
} as const satisfies Partial<Config>
