import type { CodeToken, CodeTokenLines } from '../../config/code-token-lines.ts'

const plainLanguages = new Set([undefined, 'text', 'plaintext', 'plain', 'txt'])

/**
 * The browser has no Prism: a code block rendered without build-time tokens shows plain text. For a
 * language with a grammar that differs from the server's highlighted markup, so say which block.
 */
export function highlightCode(code: string, language: string | undefined): CodeTokenLines {
  if (!plainLanguages.has(language)) {
    console.error(
      `Code block (${language}) has no build-time tokens: pass tokens={codeTokens(code, language)} from a plugin.`,
    )
  }
  return code.split(/\r?\n/).map((line): CodeToken[] => [['token plain', line]])
}
