import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Code, Root } from 'mdast'
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx'
import { visit } from 'unist-util-visit'

/**
 * `<Sample file="http/first-call.sh" title="First call" />` in a guide becomes a code block holding
 * that file of apps/site/samples/ — at compile time, so pages ship the sample as static HTML and no
 * sample travels in JavaScript. The samples stay runnable files that tests execute. A missing file
 * fails the build.
 */
const languages: Record<string, string> = {
  sh: 'bash',
  ts: 'ts',
  mjs: 'js',
  js: 'js',
  py: 'python',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  go: 'go',
  php: 'php',
  rb: 'ruby',
  java: 'java',
  cs: 'csharp',
}

export interface RemarkSampleOptions {
  samplesDir: string
}

function attribute(node: MdxJsxFlowElement, name: string): string | undefined {
  const found = node.attributes.find(
    (candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  )
  return typeof found?.value === 'string' ? found.value : undefined
}

export default function remarkSample({ samplesDir }: RemarkSampleOptions) {
  return (tree: Root) => {
    visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement, index, parent) => {
      if (node.name !== 'Sample' || parent === undefined || index === undefined) return
      const file = attribute(node, 'file')
      if (!file) throw new Error('<Sample> needs a file="…" attribute')
      const absolute = path.resolve(samplesDir, file)
      if (!absolute.startsWith(path.resolve(samplesDir) + path.sep))
        throw new Error(`<Sample file="${file}"> is outside samples/`)
      let value: string
      try {
        value = readFileSync(absolute, 'utf8').trimEnd()
      } catch {
        throw new Error(`<Sample file="${file}">: no such file in apps/site/samples/`)
      }
      const title = attribute(node, 'title') ?? path.basename(file)
      const code: Code = {
        type: 'code',
        lang: languages[path.extname(file).slice(1)] ?? 'text',
        meta: `title=${JSON.stringify(title)}`,
        value,
      }
      parent.children.splice(index, 1, code)
    })
  }
}
