import { normalizeTokens, Prism } from 'prism-react-renderer'
import { readerServerOrigin } from './site-env.ts'

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
  return keepWhole(
    lines.map((line) =>
      line.map((token): CodeToken => [`token ${token.types.join(' ')}`, token.empty ? '' : token.content]),
    ),
    readerServerOrigin,
  )
}

/**
 * The lines with every occurrence of `phrase` inside one token (the first of those it spanned).
 * Prism splits a URL into many tokens inside a shell parameter expansion; the reader's server origin
 * must stay one string in the page and its JavaScript, or the server could not replace it when it
 * serves the page on another origin (decision 0032).
 */
export function keepWhole(lines: CodeTokenLines, phrase: string): CodeTokenLines {
  return lines.map((line) => {
    const text = line.map(([, content]) => content).join('')
    if (!text.includes(phrase)) return line
    const merged: CodeToken[] = []
    let offset = 0
    let open: { token: CodeToken; end: number } | undefined
    for (const [className, content] of line) {
      const start = offset
      offset += content.length
      if (open && start < open.end) {
        open.token[1] += content
        if (offset >= open.end) open = undefined
        continue
      }
      const token: CodeToken = [className, content]
      merged.push(token)
      // A phrase that starts inside this token and ends beyond it: swallow the following tokens.
      let from = text.indexOf(phrase, start)
      while (from !== -1 && from < offset) {
        const end = from + phrase.length
        if (end > offset) {
          open = { token, end }
          break
        }
        from = text.indexOf(phrase, end)
      }
    }
    return merged
  })
}
