import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Preset from '@docusaurus/preset-classic'
import type { Config, PluginConfig } from '@docusaurus/types'
import { lightColors } from '@fanshelf/ui/tokens'
import { additionalPrismLanguages, darkCodeTheme, lightCodeTheme } from './config/prism-themes'
import { loadSiteEnv } from './config/site-env'
import { strictness } from './config/strictness'
import remarkCodeTokens from './plugins/remark-code-tokens/index.ts'
import remarkDiagramText from './plugins/remark-diagram-text/index.ts'
import remarkSample from './plugins/remark-sample/index.ts'

const siteDir = path.dirname(fileURLToPath(import.meta.url))
const env = loadSiteEnv()

/**
 * The API reference renderer (plugins/api-reference) is built separately. It is registered as soon
 * as it exists; until then the navbar and footer point at its routes with `pathname://` links, which
 * the link checker does not follow, so the site still builds.
 */
const apiReferencePlugin = ['index.ts', 'index.tsx', 'index.js', 'index.mjs'].find((file) =>
  existsSync(path.join(siteDir, 'plugins/api-reference', file)),
)
const hasApiReference = apiReferencePlugin !== undefined
const referenceLink = (route: string) => (hasApiReference ? { to: route } : { href: `pathname://${route}` })

/** Docs versions: the living docs at the root, frozen snapshots (versions.json) under their own path. */
const hasVersionSnapshots = existsSync(path.join(siteDir, 'versions.json'))

const plugins: PluginConfig[] = [
  './plugins/design-tokens/index.ts',
  './plugins/code-tokens/index.ts',
  './plugins/no-collator/index.ts',
  './plugins/prefetch-once/index.ts',
  './plugins/staged-entry/index.ts',
  './plugins/platform-facts/index.ts',
  './plugins/compatibility-facts/index.ts',
  './plugins/ai-output/index.ts',
  ...(apiReferencePlugin ? [`./plugins/api-reference/${apiReferencePlugin}`] : []),
]

const config: Config = {
  ...strictness,
  title: 'Fanshelf Developer Docs',
  tagline: 'Build storefronts, webhook consumers and API clients for Fanshelf shops.',
  favicon: 'img/favicon.svg',
  url: env.url,
  baseUrl: '/',
  organizationName: 'fanshelf',
  projectName: 'developer-docs',
  future: { v4: true, faster: true },
  customFields: { hasApiReference },
  i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', htmlLang: 'en' } } },
  markdown: { ...strictness.markdown, mermaid: true, format: 'detect' },
  themes: [
    '@docusaurus/theme-mermaid',
    [
      './plugins/search-index/index.ts',
      {
        hashed: true,
        indexDocs: true,
        indexPages: true,
        indexBlog: false,
        docsRouteBasePath: '/',
        language: ['en'],
        explicitSearchResultPath: true,
        searchResultLimits: 10,
        searchBarShortcutKeymap: 'mod+k',
        ignoreCssSelectors: ['.theme-doc-version-banner', '.copy-page', '.fsr-noindex'],
      },
    ],
  ],
  plugins,
  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          remarkPlugins: [
            [remarkSample, { samplesDir: path.join(siteDir, 'samples') }],
            remarkCodeTokens,
            remarkDiagramText,
          ],
          breadcrumbs: true,
          showLastUpdateTime: false,
          ...(hasVersionSnapshots
            ? {
                lastVersion: 'current',
                versions: {
                  current: { label: 'Current', path: '' },
                  'v1.0': { label: 'v1.0', path: '1.0', banner: 'unmaintained' },
                },
              }
            : {}),
        },
        blog: false,
        theme: { customCss: ['./src/css/custom.css', './src/css/code-tokens.css'] },
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
          lastmod: null,
          ignorePatterns: ['/tags/**', '/**/tags/**', '/search/'],
          filename: 'sitemap.xml',
        },
        ...(env.tagManagerContainerId ? { googleTagManager: { containerId: env.tagManagerContainerId } } : {}),
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      { name: 'description', content: 'Guides and API reference for building on Fanshelf shops.' },
      { name: 'theme-color', content: lightColors.brand },
    ],
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    docs: {
      versionPersistence: 'localStorage',
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    ...(env.announcementId
      ? {
          announcementBar: {
            id: env.announcementId,
            content:
              'Webhook deliveries now carry <a href="/webhooks/signature-verification/">Standard Webhooks signatures</a> next to the Fanshelf HMAC header.',
            backgroundColor: lightColors['brand-strong'],
            textColor: lightColors['on-brand'],
            isCloseable: true,
          },
        }
      : {}),
    navbar: {
      title: 'Developer Docs',
      logo: { alt: 'Fanshelf', src: 'img/logo.svg', width: 28, height: 28 },
      hideOnScroll: false,
      items: [
        { type: 'custom-versionedDoc', docId: 'index', label: 'Get started', position: 'left' },
        { type: 'custom-versionedDoc', sidebarId: 'storefront', label: 'Storefront', position: 'left' },
        { type: 'custom-versionedDoc', sidebarId: 'webhooks', label: 'Webhooks', position: 'left' },
        { type: 'custom-versionedDoc', sidebarId: 'operate', label: 'Operate', position: 'left' },
        { ...referenceLink('/storefront-api/'), label: 'Storefront API Docs', position: 'left' },
        { ...referenceLink('/open-api/'), label: 'Open API Docs', position: 'left' },
        ...(hasVersionSnapshots
          ? [{ type: 'docsVersionDropdown' as const, position: 'right' as const, className: 'navbar-version' }]
          : []),
        { type: 'localeDropdown', position: 'right', className: 'navbar-locale' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Guides',
          items: [
            { label: 'Get started', to: '/' },
            { label: 'Platform apps', to: '/platform-apps/' },
            { label: 'API conventions', to: '/api-conventions/' },
            { label: 'Storefront', to: '/storefront/' },
            { label: 'Webhooks', to: '/webhooks/' },
            { label: 'Operate', to: '/operate/running-fanshelf/' },
            { label: 'AI agents', to: '/ai/mcp/' },
            { label: 'Search', to: '/search/' },
          ],
        },
        {
          title: 'API reference',
          items: [
            { label: 'Storefront API Docs', ...referenceLink('/storefront-api/') },
            { label: 'Open API Docs', ...referenceLink('/open-api/') },
            { label: 'Open API (beta) Docs', ...referenceLink('/open-api-beta/') },
          ],
        },
        {
          title: 'Downloads',
          items: [
            { label: 'open-api.yaml', href: 'pathname:///openapi/open-api.yaml' },
            { label: 'open-api-beta.yaml', href: 'pathname:///openapi/open-api-beta.yaml' },
            { label: 'storefront-api.yaml', href: 'pathname:///openapi/storefront-api.yaml' },
            { label: 'llms.txt', href: 'pathname:///llms.txt' },
          ],
        },
      ],
      copyright: 'Copyright © 2025 Fanshelf. Built with Docusaurus.',
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: [...additionalPrismLanguages],
    },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies Preset.ThemeConfig,
}

export default config
