import { type CodeTokenLines, prismTokenLines } from '../../config/code-token-lines.ts'

/** Server render: Prism (with the extra languages the theme's client module loaded) for a block without tokens. */
export function highlightCode(code: string, language: string | undefined): CodeTokenLines {
  return prismTokenLines(code, language)
}
