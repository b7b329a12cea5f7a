import type { Node, Parent, Root } from 'mdast'
import type { VFile } from 'vfile'
import { descriptionProblem } from '../../config/diagram-text.ts'

/**
 * Every Mermaid diagram of a guide must say what it shows in words, or the build fails:
 * - an `accTitle:` and a one-sentence `accDescr:` in its source (the image's alt, config/diagram-text.ts);
 * - right after it, a `<details>` with a `<summary>` and the diagram's steps in text, for readers who
 *   cannot see or enlarge the image.
 * Runs on the guides' Markdown (docs plugin `remarkPlugins`), where Docusaurus has already turned a
 * ```mermaid block into a `mermaidCodeBlock` node and `<details>` into `<Details>`; both forms are accepted.
 */
export default function remarkDiagramText() {
  return (tree: Root, file: VFile) => {
    const problems = diagramTextProblems(tree)
    if (problems.length === 0) return
    const where = file.path ?? 'a guide'
    throw new Error(
      `${where}: every Mermaid diagram needs accTitle, a one-sentence accDescr and a <details> with its steps right after it:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
  }
}

interface JsxElement extends Parent {
  type: 'mdxJsxFlowElement'
  name: string | null
}

const isJsxElement = (node: Node | undefined): node is JsxElement => node?.type === 'mdxJsxFlowElement'

/** The source of a Mermaid diagram node, or undefined for any other node. */
function mermaidSource(node: Node): string | undefined {
  if (node.type === 'code' && (node as { lang?: string }).lang === 'mermaid')
    return (node as unknown as { value: string }).value
  if (node.type === 'mermaidCodeBlock') {
    const value = (node as { data?: { hProperties?: { value?: unknown } } }).data?.hProperties?.value
    return typeof value === 'string' ? value : ''
  }
  return undefined
}

/** Whether a node is a `<details>` holding a `<summary>` and some text besides it. */
function isStepsDetails(node: Node | undefined): boolean {
  if (node?.type === 'html') {
    const html = (node as unknown as { value: string }).value
    return /^<details[\s>]/.test(html) && /<summary[\s>]/.test(html)
  }
  if (!isJsxElement(node) || (node.name !== 'details' && node.name !== 'Details')) return false
  const hasSummary = node.children.some(
    (child) => (isJsxElement(child) || child.type === 'mdxJsxTextElement') && (child as JsxElement).name === 'summary',
  )
  const hasSteps = node.children.some(
    (child) =>
      !((isJsxElement(child) || child.type === 'mdxJsxTextElement') && (child as JsxElement).name === 'summary'),
  )
  return hasSummary && hasSteps
}

/** One line per diagram of the tree that lacks its words (empty when every diagram has them). */
export function diagramTextProblems(tree: Root): string[] {
  const problems: string[] = []
  const walk = (parent: Parent) => {
    parent.children.forEach((node, index) => {
      const source = mermaidSource(node)
      if (source !== undefined) {
        const line = node.position?.start.line ?? '?'
        const problem = descriptionProblem(source)
        if (problem !== undefined) problems.push(`the diagram at line ${line} ${problem}`)
        if (!isStepsDetails(parent.children[index + 1]))
          problems.push(`the diagram at line ${line} is not followed by a <details> with a <summary> and its steps`)
      } else if ('children' in node) {
        walk(node as Parent)
      }
    })
  }
  walk(tree)
  return problems
}
