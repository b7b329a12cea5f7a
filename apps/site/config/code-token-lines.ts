import { normalizeTokens, Prism } from 'prism-react-renderer'

/**
 * A token is `[className, text]`, the class names prism-react-renderer gives it (`token keyword`,
 * `token plain`, …: the colours are CSS, src/css/code-tokens.css); a code block is a list of lines,
 * each a list of tokens. Serialized as JSON, that is the `tokens` prop of a code block.
 */
export type CodeToken = [className: string, text: string]
export type CodeTokenLines = CodeToken[][]

/** The lines and tokens of `code` in `language` with prism-react-renderer's Prism (plain text when it has no such grammar). */
export function prismTokenLines(code: string, language: string | undefined): CodeTokenLines {
  const grammar = language === undefined ? undefined : Prism.languages[language.toLowerCase()]
  const lines = normalizeTokens(grammar === undefined ? [code] : Prism.tokenize(code, grammar))
  return lines.map((line) =>
    line.map((token): CodeToken => [`token ${token.types.join(' ')}`, token.empty ? '' : token.content]),
  )
}
