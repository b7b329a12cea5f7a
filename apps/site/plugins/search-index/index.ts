import { createRequire } from 'node:module'
import type { LoadContext, OptionValidationContext, Plugin, Props } from '@docusaurus/types'

type SearchOptions = Record<string, unknown>
const require = createRequire(import.meta.url)
const searchLocal = require('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: SearchOptions) => Plugin
  validateOptions: (context: OptionValidationContext<SearchOptions, SearchOptions>) => SearchOptions
}

/**
 * Offline search (@easyops-cn/docusaurus-search-local), extended to pages that other plugins emit —
 * the API reference routes. With the docs at the site root, the search plugin treats every route as
 * a docs route and skips those that are not docs; here every such route is added to the current
 * version's docs, so it is indexed like a guide: the page's <article> h1/h2/h3 sections (with their
 * `a.hash-link` anchors) become search results.
 */

interface DocLike {
  permalink: string
}

interface LoadedVersionLike {
  isLast: boolean
  path: string
  docs: DocLike[]
}

const notIndexed = new Set(['/404.html', '/search/'])

export function withExtraRoutesIndexed(props: Props): Props['plugins'] {
  return props.plugins.map((plugin) => {
    if (plugin.name !== 'docusaurus-plugin-content-docs') return plugin
    const content = plugin.content as { loadedVersions: LoadedVersionLike[] }
    const versions = content.loadedVersions
    const known = new Set(versions.flatMap((version) => version.docs.map((doc) => doc.permalink)))
    const versionPrefixes = versions
      .filter((version) => !version.isLast)
      .map((version) => version.path.replace(/\/?$/, '/'))
    const extra = props.routesPaths
      .filter((route) => route !== '/' && !notIndexed.has(route) && !known.has(route))
      .filter((route) => !versionPrefixes.some((prefix) => route.startsWith(prefix)))
      .map((route) => ({ permalink: route }))
    return {
      ...plugin,
      content: {
        ...content,
        loadedVersions: versions.map((version) =>
          version.isLast ? { ...version, docs: [...version.docs, ...extra] } : version,
        ),
      },
    }
  })
}

export default function searchIndexPlugin(context: LoadContext, options: SearchOptions): Plugin {
  const plugin = searchLocal.default(context, options)
  const postBuild = plugin.postBuild
  return {
    ...plugin,
    async postBuild(props) {
      await postBuild?.({ ...props, plugins: withExtraRoutesIndexed(props) })
    },
  }
}

export const validateOptions = searchLocal.validateOptions
