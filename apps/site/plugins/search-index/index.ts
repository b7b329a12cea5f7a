import { readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LoadContext, OptionValidationContext, Plugin, Props } from '@docusaurus/types'
import { plainText } from './plain-text.ts'

type SearchOptions = Record<string, unknown>
const require = createRequire(import.meta.url)
const searchLocal = require('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: SearchOptions) => Plugin
  validateOptions: (context: OptionValidationContext<SearchOptions, SearchOptions>) => SearchOptions
}
// The plugin's own steps (its package has no `exports` map): options as it processes them, the
// output directories of each docs version, and its index builder.
const pluginUtils = path.join(path.dirname(require.resolve('@easyops-cn/docusaurus-search-local')), 'utils')
const { processPluginOptions } = require(path.join(pluginUtils, 'processPluginOptions.js')) as {
  processPluginOptions: (options: SearchOptions, context: LoadContext) => SearchConfig
}
const { processDocInfos } = require(path.join(pluginUtils, 'processDocInfos.js')) as {
  processDocInfos: (props: Props, config: SearchConfig) => Array<{ outDir: string }>
}
const { buildIndex } = require(path.join(pluginUtils, 'buildIndex.js')) as {
  buildIndex: (documents: SearchDocument[][], config: SearchConfig) => SearchIndexGroup[]
}

type SearchConfig = Record<string, unknown>

/** One indexed document: `t` is the text matched and shown as the snippet (the plugin's shape). */
export interface SearchDocument {
  i: number
  t: string
  [key: string]: unknown
}

export interface SearchIndexGroup {
  documents: SearchDocument[]
  index: unknown
}

/**
 * The plugin's result ordering, replaced in the search worker by ours (result-order.ts): the
 * worker's import `../utils/sortSearchResults` is matched before it is resolved, so the
 * replacement is resolved and compiled as the site's own TypeScript.
 */
const resultOrderModule = /[\\/]utils[\\/]sortSearchResults(?:\.js)?$/
const resultOrderReplacement = fileURLToPath(new URL('./result-order.ts', import.meta.url))

/**
 * Offline search (@easyops-cn/docusaurus-search-local), extended to pages that other plugins emit —
 * the API reference routes. With the docs at the site root, the search plugin treats every route as
 * a docs route and skips those that are not docs; here every such route is added to the current
 * version's docs, so it is indexed like a guide: the page's <article> h1/h2/h3 sections (with their
 * `a.hash-link` anchors) become search results.
 *
 * Two changes to what the plugin does on its own: every indexed text is made plain text before the
 * index is built (plain-text.ts: snippets never show Markdown or MDX syntax), and results rank
 * page titles first, then headings, then body text (result-order.ts, swapped into the worker).
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

/** The index groups with every document's text as plain text (plain-text.ts), re-indexed. */
export function withPlainTextDocuments(groups: SearchIndexGroup[], config: SearchConfig): SearchIndexGroup[] {
  const documents = groups.map((group) =>
    group.documents.map((document) => ({ ...document, t: plainText(document.t) })),
  )
  return buildIndex(documents, config)
}

/** Rewrites the index files the plugin wrote into each version's output directory. */
async function rewriteIndexes(props: Props, config: SearchConfig): Promise<void> {
  const outDirs = new Set(processDocInfos(props, config).map((version) => version.outDir))
  for (const outDir of outDirs) {
    const files = (await readdir(outDir)).filter((file) => /^search-index.*\.json$/.test(file))
    for (const file of files) {
      const groups = JSON.parse(await readFile(path.join(outDir, file), 'utf8')) as SearchIndexGroup[]
      await writeFile(path.join(outDir, file), JSON.stringify(withPlainTextDocuments(groups, config)), 'utf8')
    }
  }
}

export default function searchIndexPlugin(context: LoadContext, options: SearchOptions): Plugin {
  const plugin = searchLocal.default(context, options)
  const config = processPluginOptions(options, context)
  const { postBuild, configureWebpack } = plugin
  return {
    ...plugin,
    configureWebpack(webpackConfig, isServer, utils, content) {
      const result = configureWebpack?.(webpackConfig, isServer, utils, content) ?? {}
      const replacement = new utils.currentBundler.instance.NormalModuleReplacementPlugin(
        resultOrderModule,
        resultOrderReplacement,
      )
      return { ...result, plugins: [...(result.plugins ?? []), replacement] }
    },
    async postBuild(props) {
      const indexed = { ...props, plugins: withExtraRoutesIndexed(props) }
      await postBuild?.(indexed)
      await rewriteIndexes(indexed, config)
    },
  }
}

export const validateOptions = searchLocal.validateOptions
