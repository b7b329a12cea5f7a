import type { CodeTokenLines } from '../../../config/code-token-lines.ts'

/**
 * Fills a shell sample's variables with the reader's values (decision 0032): `$VARIANT_ID` or
 * `${VARIANT_ID}` becomes `${VARIANT_ID:-<live id>}`, so the copied command runs unchanged and the
 * reader's own environment still wins. Pure: the code block applies it to its build-time tokens, so
 * what it shows and what its copy button copies are the same text.
 */

export const shellLanguages = new Set(['bash', 'sh', 'shell', 'zsh'])

/** A value the shell reads the same inside and outside double quotes (no spaces, quotes, `$`, globs). */
const shellSafe = /^[A-Za-z0-9._@:+/=,-]+$/

interface Span {
  start: number
  end: number
  name: string
}

const variableAt = /^\$(?:\{([A-Z][A-Z0-9_]*)\}|([A-Z][A-Z0-9_]*)(?![A-Za-z0-9_]))/

/**
 * Where the shell would expand `$NAME`/`${NAME}`: outside single quotes and comments, not escaped.
 * `${NAME:-default}` and other expansions with operators are left alone.
 */
export function shellVariableSpans(code: string): Span[] {
  const spans: Span[] = []
  let quote: "'" | '"' | undefined
  for (let index = 0; index < code.length; index++) {
    const char = code[index]
    if (quote === "'") {
      if (char === "'") quote = undefined
      continue
    }
    if (char === '\\') {
      index++
      continue
    }
    if (char === "'" && quote === undefined) quote = "'"
    else if (char === '"') quote = quote === '"' ? undefined : '"'
    else if (char === '#' && quote === undefined && (index === 0 || /\s/.test(code[index - 1] ?? ''))) {
      const end = code.indexOf('\n', index)
      index = end === -1 ? code.length : end
    } else if (char === '$') {
      const match = variableAt.exec(code.slice(index))
      if (match) {
        spans.push({ start: index, end: index + match[0].length, name: (match[1] ?? match[2]) as string })
        index += match[0].length - 1
      }
    }
  }
  return spans
}

/**
 * The tokens with every fillable variable replaced, or undefined when nothing was filled. A variable
 * that build-time highlighting split across tokens stays as it is.
 */
export function fillShellTokens(
  lines: CodeTokenLines,
  values: Readonly<Record<string, string>>,
): { lines: CodeTokenLines; filled: string[] } | undefined {
  const code = lines.map((line) => line.map(([, text]) => text).join('')).join('\n')
  const spans = shellVariableSpans(code).filter((span) => {
    const value = values[span.name]
    return value !== undefined && shellSafe.test(value)
  })
  if (spans.length === 0) return undefined
  const filled = new Set<string>()
  let offset = 0
  const result = lines.map((line, lineIndex) => {
    const tokens = line.map(([className, text]): [string, string] => {
      const start = offset
      offset += text.length
      const inside = spans.filter((span) => span.start >= start && span.end <= offset)
      let next = text
      for (const span of inside.reverse()) {
        next = `${next.slice(0, span.start - start)}\${${span.name}:-${values[span.name]}}${next.slice(span.end - start)}`
        filled.add(span.name)
      }
      return [className, next]
    })
    if (lineIndex < lines.length - 1) offset += 1
    return tokens
  })
  return filled.size === 0 ? undefined : { lines: result, filled: [...filled].sort() }
}

export const scriptLanguages = new Set(['ts', 'typescript', 'js', 'javascript', 'tsx', 'jsx', 'mjs'])

/**
 * For a TypeScript or JavaScript sample, which reads its values from the environment: the
 * `NAME=value` assignments (shell-safe values only) of the variables it reads that the reader's
 * context knows, in order of first use, to run it with.
 */
export function environmentFor(code: string, values: Readonly<Record<string, string>>): string[] {
  const names = [...code.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] as string)
  return [...new Set(names)].flatMap((name) => {
    const value = values[name]
    return value !== undefined && shellSafe.test(value) ? [`${name}=${value}`] : []
  })
}
