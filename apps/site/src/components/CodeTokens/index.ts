import { createContext, useContext } from 'react'
import type { CodeTokenLines } from '../../../config/code-token-lines.ts'

export type { CodeTokenLines }

/** The build-time tokens (JSON, config/code-tokens.ts) of the code block being rendered, if any. */
export const CodeTokensContext = createContext<string | undefined>(undefined)

export function useCodeTokensJson(): string | undefined {
  return useContext(CodeTokensContext)
}

/** The tokens when they spell exactly `code` (what the block shows after its magic comments were removed). */
export function tokensFor(json: string | undefined, code: string): CodeTokenLines | undefined {
  if (json === undefined) return undefined
  const lines = JSON.parse(json) as CodeTokenLines
  const text = lines.map((line) => line.map(([, content]) => content).join('')).join('\n')
  return text === code ? lines : undefined
}
