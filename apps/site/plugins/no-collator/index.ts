import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from '@docusaurus/types'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

/** One exact replacement in one installed module: `file`, relative to `package`'s folder. */
export interface Replacement {
  package: string
  file: string
  from: string
  to: string
}

/** Where an installed package's file is (its `exports` do not list the internal ones). */
export function installedFile({ package: name, file }: Pick<Replacement, 'package' | 'file'>): string {
  let folder = path.dirname(require.resolve(name))
  while (path.basename(folder) !== name.split('/').at(-1)) {
    const parent = path.dirname(folder)
    if (parent === folder) throw new Error(`no-collator: cannot find the folder of ${name}`)
    folder = parent
  }
  return path.join(folder, file)
}

/**
 * Keeps ICU's collator from starting while a docs page hydrates (decision 0054). Two of
 * Docusaurus' client functions that run on every docs page sort with `localeCompare`, and its first
 * call in a page builds a collator: ~20 ms of a phone's main thread, inside the hydration task. The
 * sorts only need a consistent order (an object's keys to memoise on; the docs plugins' route
 * paths, longest first, where a path always sorts after its prefixes either way), so code-unit order
 * does the same job. If Docusaurus changes either line, the loader fails the build.
 */
export const replacements: Replacement[] = [
  {
    // useShallowMemoObject: the code blocks' word-wrap observer memoises its options with it.
    package: '@docusaurus/theme-common',
    file: 'lib/utils/reactUtils.js',
    from: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    to: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
  },
  {
    // getActivePlugin: the navbar and sidebar ask which docs plugin the page belongs to.
    package: '@docusaurus/plugin-content-docs',
    file: 'lib/client/docsClientUtils.js',
    from: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
    to: '.sort((a, b) => (b[1].path < a[1].path ? -1 : b[1].path > a[1].path ? 1 : 0))',
  },
]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export default function noCollatorPlugin(): Plugin {
  return {
    name: 'fanshelf-no-collator',
    configureWebpack() {
      return {
        module: {
          rules: replacements.map((replacement) => ({
            test: new RegExp(`${escapeRegExp(installedFile(replacement))}$`),
            use: [
              {
                loader: path.join(here, 'loader.mjs'),
                options: { replacements: [{ from: replacement.from, to: replacement.to }] },
              },
            ],
          })),
        },
      }
    },
  }
}
