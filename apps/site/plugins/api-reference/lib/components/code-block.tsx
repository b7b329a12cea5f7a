import type { ElementContent } from 'hast'
import type { PrismTheme } from 'prism-react-renderer'
import { type CodeToken, codeTokenLines } from '../../../../config/code-tokens.ts'
import {
  compactTokenClass,
  darkCodePalette,
  lightCodePalette,
  resolvedTokenStyle,
} from '../../../../config/prism-themes.ts'

/**
 * Code blocks, highlighted at build time with Prism — prism-react-renderer's, with the site's extra
 * languages (config/code-tokens.ts, the tokenizer the guides' code blocks use). Each token is a
 * `<span class="token <type>">`, coloured by the site's generated src/css/code-tokens.css for both
 * colour modes. A token those palettes give no colour or font of its own in either mode (plain text,
 * and in both palettes punctuation and operators) stays a text node, as in the guides' code blocks
 * (config/code-lines-html.ts): on the largest page that is about 21,000 fewer elements. Nothing of
 * Prism reaches the browser. A coloured token carries one short class per look (`ct3`: the same
 * colours in both modes as the Prism types it stands for, generated into the same CSS), and
 * neighbours that look the same are one span: Prism's `token import namespace punctuation` lists
 * had made the largest page a third heavier than the highlighter before it.
 */

/** `#F8F8F2` and `rgb(248, 248, 242)` alike → `248,248,242`. */
function canonicalColour(value: unknown): string {
  const text = String(value).trim().toLowerCase()
  const hex = /^#([0-9a-f]{6})$/.exec(text)?.[1]
  if (hex) return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(',')
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(text)
  return rgb ? rgb.slice(1).join(',') : text
}

/** Whether a token with these types looks like plain text under the palette (its styles apply in order, as in the CSS). */
function looksPlain(palette: PrismTheme, types: readonly string[]): boolean {
  const { color, ...rest } = resolvedTokenStyle(palette, types)
  return (
    Object.keys(rest).length === 0 &&
    (color === undefined || canonicalColour(color) === canonicalColour(palette.plain.color))
  )
}

const plainClasses = new Map<string, boolean>()

/** Whether the token class (`token punctuation`) renders as plain text in both colour modes. */
export function isPlainToken(className: string): boolean {
  let plain = plainClasses.get(className)
  if (plain === undefined) {
    const types = className.split(' ').filter((type) => type !== 'token')
    plain = looksPlain(lightCodePalette, types) && looksPlain(darkCodePalette, types)
    plainClasses.set(className, plain)
  }
  return plain
}

const compactClasses = new Map<string, string>()

/** The token's short class (`ct3`, config/prism-themes.ts), or Prism's class list where none fits. */
function compactClass(className: string): string {
  let compact = compactClasses.get(className)
  if (compact === undefined) {
    compact = compactTokenClass(className) ?? className
    compactClasses.set(className, compact)
  }
  return compact
}

/** Names the renderer and Markdown fences use for a language, to Prism's grammar names. */
const aliases: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  curl: 'bash',
  console: 'bash',
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  golang: 'go',
  rb: 'ruby',
}

export function prismLanguage(language: string | undefined): string | undefined {
  if (!language) return undefined
  const name = language.toLowerCase()
  return aliases[name] ?? name
}

/**
 * The tokens of `source`, line breaks included (`token plain` for text without a colour of its
 * own). The final line break, which the tokenizer drops, is kept, so the block's text is exactly `source`.
 */
export function highlightTokens(source: string, language: string | undefined): CodeToken[] {
  const lines = codeTokenLines(source, prismLanguage(language))
  const out: CodeToken[] = []
  lines.forEach((line, index) => {
    if (index > 0) out.push(['token plain', '\n'])
    for (const [className, text] of line) {
      if (text !== '') out.push([isPlainToken(className) ? 'token plain' : compactClass(className), text])
    }
  })
  if (/\r?\n$/.test(source)) out.push(['token plain', source.endsWith('\r\n') ? '\r\n' : '\n'])
  // Adjacent tokens that look the same (plain text included) are one node.
  const merged: CodeToken[] = []
  for (const [className, text] of out) {
    const last = merged[merged.length - 1]
    if (last && className === last[0]) last[1] += text
    else merged.push([className, text])
  }
  return merged
}

/** The highlighted tokens as React nodes. */
export function Highlighted({ source, language }: { source: string; language: string | undefined }) {
  return highlightTokens(source, language).map(([className, text], index) =>
    className === 'token plain' ? (
      text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a static list of tokens
      <span key={index} className={className}>
        {text}
      </span>
    ),
  )
}

/** The highlighted tokens as hast (for code blocks inside Markdown). */
export function highlightedHast(source: string, language: string | undefined): ElementContent[] {
  return highlightTokens(source, language).map(
    ([className, text]): ElementContent =>
      className === 'token plain'
        ? { type: 'text', value: text }
        : {
            type: 'element',
            tagName: 'span',
            properties: { className: className.split(' ') },
            children: [{ type: 'text', value: text }],
          },
  )
}

/** A code block in the reference's markup (`data-lang` names the block's language where it has one). */
export function CodeBlock({
  source,
  language,
  dataLang,
}: {
  source: string
  language: string | undefined
  dataLang?: string
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboards must reach
    <pre className="fsr-code" tabIndex={0} data-lang={dataLang}>
      <code>
        <Highlighted source={source} language={language} />
      </code>
    </pre>
  )
}
