import { createRequire } from 'node:module'
import { Prism } from 'prism-react-renderer'
import { type CodeTokenLines, prismTokenLines } from './code-token-lines.ts'
import { additionalPrismLanguages } from './prism-themes.ts'

export type { CodeToken, CodeTokenLines } from './code-token-lines.ts'

/**
 * Syntax highlighting at build time. Prism is large and slow to start and to run on a phone (on a
 * code-heavy guide it was most of the main-thread work after the page was painted), so code blocks
 * are tokenized here, in Node, and the tokens travel with the page: `remark-code-tokens` adds them
 * to every Markdown code block, the platform-facts plugin to the code its components render, and
 * the theme's code block (src/theme/CodeBlock) renders them without Prism in the browser.
 */

let languagesLoaded = false

function loadLanguages(): void {
  if (languagesLoaded) return
  // Prism's language files extend the Prism on globalThis; give them prism-react-renderer's.
  const require = createRequire(import.meta.url)
  const before = (globalThis as { Prism?: unknown }).Prism
  ;(globalThis as { Prism?: unknown }).Prism = Prism
  try {
    for (const language of additionalPrismLanguages) require(`prismjs/components/prism-${language}.js`)
  } finally {
    if (before === undefined) delete (globalThis as { Prism?: unknown }).Prism
    else (globalThis as { Prism?: unknown }).Prism = before
  }
  languagesLoaded = true
}

/** The lines and tokens of `code` in `language` (plain text when Prism has no such grammar). */
export function codeTokenLines(code: string, language: string | undefined): CodeTokenLines {
  loadLanguages()
  // A code block shows its code without the final line break (the theme's parseLines).
  return prismTokenLines(code.replace(/\r?\n$/, ''), language)
}

/** `codeTokenLines` as the JSON a code block's `tokens` prop carries. */
export function codeTokens(code: string, language: string | undefined): string {
  return JSON.stringify(codeTokenLines(code, language))
}
