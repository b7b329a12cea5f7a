import { esc } from './html.ts'

/**
 * A small build-time syntax highlighter for the code this renderer emits (generated samples, JSON
 * examples, code blocks in descriptions). It marks comments, strings, numbers/literals, keywords,
 * variables and JSON keys with one-letter classes (`c s n k v p`) styled in styles.css for light
 * and dark mode — a few bytes per token instead of Prism's inline styles, and no JS in the browser.
 */

interface Grammar {
  comment?: RegExp
  string: RegExp
  keywords: ReadonlySet<string>
  literals?: ReadonlySet<string>
  variable?: RegExp
  number?: RegExp
}

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean))

const number = /-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/y
const cString = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/y

const grammars: Record<string, Grammar> = {
  bash: {
    comment: /#[^\n]*/y,
    string: /"(?:[^"\\]|\\.)*"|'[^']*'/y,
    keywords: words('curl export if then fi for do done echo'),
    variable: /\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/y,
    number,
  },
  javascript: {
    comment: /\/\/[^\n]*|\/\*[\s\S]*?\*\//y,
    string: /`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/y,
    keywords: words(
      'await async break case catch class const continue default do else export extends for from function if import in instanceof let new of return switch throw try typeof var while',
    ),
    literals: words('true false null undefined'),
    number,
  },
  python: {
    comment: /#[^\n]*/y,
    string: /"""[\s\S]*?"""|[fbr]?"(?:[^"\\\n]|\\.)*"|[fbr]?'(?:[^'\\\n]|\\.)*'/y,
    keywords: words(
      'and as assert def elif else except for from if import in is lambda not or pass raise return try while with',
    ),
    literals: words('True False None'),
    number,
  },
  go: {
    comment: /\/\/[^\n]*|\/\*[\s\S]*?\*\//y,
    string: /`[^`]*`|"(?:[^"\\\n]|\\.)*"/y,
    keywords: words(
      'break case const continue defer else for func go if import interface map package range return struct switch type var',
    ),
    literals: words('true false nil'),
    number,
  },
  php: {
    comment: /\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\//y,
    string: cString,
    keywords: words('<?php array as echo else foreach function if new return throw use'),
    literals: words('true false null'),
    variable: /\$[A-Za-z_][A-Za-z0-9_]*/y,
    number,
  },
  ruby: {
    comment: /#[^\n]*/y,
    string: cString,
    keywords: words('begin def do else elsif end if puts raise require rescue return unless while'),
    literals: words('true false nil'),
    variable: /:[A-Za-z_][A-Za-z0-9_]*|@[A-Za-z_][A-Za-z0-9_]*/y,
    number,
  },
  java: {
    comment: /\/\/[^\n]*|\/\*[\s\S]*?\*\//y,
    string: /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/y,
    keywords: words(
      'class final import new package private public return static throws throw try catch var void if else',
    ),
    literals: words('true false null'),
    number,
  },
  json: {
    string: /"(?:[^"\\\n]|\\.)*"/y,
    keywords: new Set(),
    literals: words('true false null'),
    number,
  },
}

const aliases: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  curl: 'bash',
  console: 'bash',
  js: 'javascript',
  ts: 'javascript',
  typescript: 'javascript',
  jsx: 'javascript',
  tsx: 'javascript',
  py: 'python',
  golang: 'go',
  rb: 'ruby',
}

export function grammarName(language: string | undefined): string | undefined {
  if (!language) return undefined
  const name = aliases[language] ?? language
  return name in grammars ? name : undefined
}

const identifier = /[A-Za-z_$<?][A-Za-z0-9_$?]*/y

function span(cls: string, text: string): string {
  return `<span class=${cls}>${esc(text)}</span>`
}

function matchAt(re: RegExp | undefined, source: string, at: number): string | undefined {
  if (!re) return undefined
  re.lastIndex = at
  const found = re.exec(source)
  return found && found.index === at && found[0].length > 0 ? found[0] : undefined
}

/** Highlighted HTML for `source` (already escaped); plain escaped text for unknown languages. */
export function highlight(source: string, language: string | undefined): string {
  const name = grammarName(language)
  const grammar = name ? grammars[name] : undefined
  if (!grammar) return esc(source)
  let out = ''
  let plain = ''
  const flush = () => {
    if (plain) out += esc(plain)
    plain = ''
  }
  /** The token at `at` and its HTML, or undefined when the character is plain text. */
  const tokenAt = (at: number): [string, string] | undefined => {
    const char = source[at] ?? ''
    const comment = matchAt(grammar.comment, source, at)
    if (comment) return [comment, span('c', comment)]
    const string = matchAt(grammar.string, source, at)
    if (string) {
      const isKey = name === 'json' && /^\s*:/.test(source.slice(at + string.length, at + string.length + 8))
      return [string, span(isKey ? 'p' : 's', string)]
    }
    const variable = matchAt(grammar.variable, source, at)
    // Ruby symbols (`:name`) but not constant paths (`Net::HTTP`).
    if (variable && !(variable.startsWith(':') && /[:\w]/.test(source[at - 1] ?? '')))
      return [variable, span('v', variable)]
    if (/[A-Za-z_$<]/.test(char)) {
      const word = matchAt(identifier, source, at)
      if (!word) return undefined
      const afterDot = source[at - 1] === '.'
      if (grammar.keywords.has(word) && !afterDot) return [word, span('k', word)]
      if (grammar.literals?.has(word) && !afterDot) return [word, span('n', word)]
      return [word, esc(word)]
    }
    if (/[-\d]/.test(char) && !/[A-Za-z0-9_./:-]/.test(source[at - 1] ?? '')) {
      const value = matchAt(grammar.number, source, at)
      if (value && !/[A-Za-z_.]/.test(source[at + value.length] ?? '')) return [value, span('n', value)]
    }
    return undefined
  }
  let at = 0
  while (at < source.length) {
    const token = tokenAt(at)
    if (!token) {
      plain += source[at] ?? ''
      at += 1
      continue
    }
    flush()
    out += token[1]
    at += token[0].length
  }
  flush()
  return out
}
