import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { builtIds, expectedAnchors } from './lib/built-ids.ts'
import { languageScript } from './lib/language-script.ts'
import { loadDocument } from './lib/load.ts'
import type { RenderedPage, SpecInput } from './lib/render.ts'
import { loadRenderer } from './renderer.ts'

/**
 * The API reference: one page per contract, rendered completely at build time.
 *
 * - loadContent bundles each contract with @redocly/openapi-core and renders it to HTML
 *   (lib/render.ts: React components, lib/components/, rendered to static markup; loaded through
 *   renderer.ts): intro, security schemes, tags → operations (parameters, bodies, responses,
 *   error codes, code samples in eight languages), webhook events, shared responses, schemas.
 * - contentLoaded adds the routes and writes three generated modules: the pages' HTML (imported
 *   only by the server bundle — the browser bundle gets theme/ApiReferencePage/content-stub.ts),
 *   and the try-it data per page (a lazily imported chunk). It also writes each page's samples
 *   file (the samples in the languages a page does not carry, lib/samples-file.ts), which the dev
 *   server serves from the generated files and postBuild writes beside the built page.
 * - postBuild fails the build if an operation, schema or event has no anchor in the built page.
 *
 * Anchors, the shared language switcher and the try-it console are described in README.md.
 */

export interface SpecOption {
  /** Page id, also the route segment and the file name under openapi/. */
  id: string
  /** Contract file, relative to the repository root. */
  file: string
  route: string
  beta?: boolean
}

export interface PluginOptions {
  specs?: SpecOption[]
}

export const defaultSpecs: SpecOption[] = [
  { id: 'open-api', file: 'openapi/open-api.yaml', route: '/open-api/' },
  { id: 'open-api-beta', file: 'openapi/open-api-beta.yaml', route: '/open-api-beta/', beta: true },
  { id: 'storefront-api', file: 'openapi/storefront-api.yaml', route: '/storefront-api/' },
]

interface Content {
  pages: RenderedPage[]
}

const pluginDir = path.dirname(fileURLToPath(import.meta.url))
const pageComponent = path.join(pluginDir, 'theme/ApiReferencePage/index.tsx')
const contentStub = path.join(pluginDir, 'theme/ApiReferencePage/content-stub.ts')

async function writeSamplesFiles(root: string, pages: RenderedPage[]): Promise<void> {
  for (const page of pages) {
    const file = path.join(root, page.samplesPath)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, page.samplesJson)
  }
}

export default function apiReferencePlugin(context: LoadContext, options: PluginOptions = {}): Plugin<Content> {
  const repoRoot = path.resolve(context.siteDir, '../..')
  const specs = options.specs ?? defaultSpecs
  let contentModule: string | undefined
  let tryItModule: string | undefined
  // The samples files for the dev server (a build writes them into its output in postBuild).
  const devStaticDir = path.join(context.generatedFilesDir, 'fanshelf-api-reference-static')

  return {
    name: 'fanshelf-api-reference',

    getPathsToWatch() {
      return [path.join(repoRoot, 'openapi/*.yaml'), path.join(pluginDir, 'lib/**/*.{ts,tsx}')]
    },

    async loadContent() {
      const script = languageScript({ type: context.siteStorage.type, namespace: context.siteStorage.namespace })
      const inputs: SpecInput[] = []
      for (const spec of specs) {
        inputs.push({
          specId: spec.id,
          route: spec.route,
          doc: await loadDocument(path.join(repoRoot, spec.file)),
          beta: spec.beta ?? false,
          downloadPath: `/openapi/${path.basename(spec.file)}`,
          languageScript: script,
          siteOrigin: context.siteConfig.url,
        })
      }
      const { renderSpec } = loadRenderer()
      return { pages: inputs.map((input) => renderSpec(input, inputs)) }
    },

    async contentLoaded({ content, actions }) {
      const ssr = Object.fromEntries(
        content.pages.map((page) => [page.specId, { html: page.html, anchors: page.anchors, links: page.links }]),
      )
      contentModule = await actions.createData('reference-content.json', JSON.stringify(ssr))
      const loaders: string[] = []
      for (const page of content.pages) {
        await actions.createData(`try-it-${page.specId}.json`, JSON.stringify(page.tryIt))
        loaders.push(
          `  ${JSON.stringify(page.specId)}: () => import(${JSON.stringify(`./try-it-${page.specId}.json`)}),`,
        )
      }
      await rm(devStaticDir, { recursive: true, force: true })
      await writeSamplesFiles(devStaticDir, content.pages)
      tryItModule = await actions.createData('try-it-data.js', `export default {\n${loaders.join('\n')}\n}\n`)
      for (const page of content.pages) {
        actions.addRoute({
          path: page.route,
          exact: true,
          component: pageComponent,
          props: { specId: page.specId, title: page.title, description: page.description },
        })
      }
    },

    configureWebpack(config, isServer) {
      if (!contentModule || !tryItModule) throw new Error('api-reference: content was not loaded')
      // The HTML goes to the server bundle only (and to the dev client, which has no server render).
      const withContent = isServer || config.mode === 'development'
      return {
        resolve: {
          alias: {
            '@fanshelf/api-reference-content': withContent ? contentModule : contentStub,
            '@fanshelf/api-reference-tryit': tryItModule,
          },
        },
        ...(config.mode === 'development' && !isServer
          ? { devServer: { static: [{ directory: devStaticDir, publicPath: context.baseUrl }] } }
          : {}),
      }
    },

    async postBuild({ outDir, content }) {
      await writeSamplesFiles(outDir, content.pages)
      const problems: string[] = []
      for (const page of content.pages) {
        const file = path.join(outDir, page.route, 'index.html')
        const html = await readFile(file, 'utf8')
        const ids = builtIds(html)
        const missing = expectedAnchors(page).filter((id) => !ids.has(id))
        if (missing.length > 0) problems.push(`${page.route}: ${missing.join(', ')}`)
      }
      if (problems.length > 0) {
        throw new Error(`API reference pages without these anchors:\n${problems.join('\n')}`)
      }
    },
  }
}
