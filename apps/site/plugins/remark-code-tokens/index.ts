import type { Code, Root } from 'mdast'
import { visit } from 'unist-util-visit'
import { codeTokens } from '../../config/code-tokens.ts'

/**
 * Every fenced code block of a guide gets its syntax tokens at compile time, as the `tokens` prop
 * the theme's code block renders (config/code-tokens.ts says why). Mermaid diagrams are not code
 * blocks once rendered, so they are left alone.
 */
export default function remarkCodeTokens() {
  return (tree: Root) => {
    visit(tree, 'code', (node: Code) => {
      if (node.lang === 'mermaid') return
      const language = node.lang ?? undefined
      node.data = {
        ...node.data,
        hProperties: { ...(node.data?.hProperties ?? {}), tokens: codeTokens(node.value, language) },
      }
    })
  }
}
